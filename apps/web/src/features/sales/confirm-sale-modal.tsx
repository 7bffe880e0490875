import { Alert, Button, Group, List, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type Cart,
  type CartItem,
  type ConfirmSaleFormValues,
  ERROR_CODES,
  formatMoney,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  SALES_MESSAGES,
  type SaleDetail,
  STOCK_MESSAGES,
  toKobo,
} from '@oja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { newIdempotencyKey } from '../../lib/request-keys';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { fetchCart, useConfirmSale } from './api';

/** The lines asking for more than can be sold now. */
const shortOf = (items: readonly CartItem[]) => items.filter((item) => item.quantity > item.quantity_in_stock);

/** Confirm sale: how the customer pays now (in full, a deposit, or on credit) and by what means. */
export function ConfirmSaleModal({
  businessId,
  cart,
  onClose,
  onSold,
}: {
  businessId: number;
  /** The cart to confirm; null while closed. */
  cart: Cart | null;
  onClose(): void;
  onSold(sale: SaleDetail): void;
}) {
  return (
    <Modal opened={cart !== null} onClose={onClose} title="Confirm sale" centered>
      {cart && <ConfirmSaleForm businessId={businessId} cart={cart} onSold={onSold} />}
    </Modal>
  );
}

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

function ConfirmSaleForm({
  businessId,
  cart,
  onSold,
}: {
  businessId: number;
  cart: Cart;
  onSold(sale: SaleDetail): void;
}) {
  const confirm = useConfirmSale(businessId);
  const client = useQueryClient();
  /**
   * "Insufficient stock for one or more items." does not say which: the lines short of stock are named, as the
   * cart was read and again as it is after a refusal (another phone may have sold the stock meanwhile).
   */
  const [short, setShort] = useState(() => shortOf(cart.items));
  // One key for every attempt at this confirmation: a retry after a lost answer cannot sell twice.
  const [idempotencyKey] = useState(() => newIdempotencyKey('sale'));
  const currency = cart.currency ?? undefined;
  const form = useForm<ConfirmSaleFormValues>({
    // Not paid until the seller says money changed hands (not_paid is the default).
    initialValues: { payment_status: 'not_paid', deposit_amount: '', payment_method: 'cash' },
    validate: validateWith(rules, ({ confirmSaleFormSchema }, values: ConfirmSaleFormValues) => {
      const errors = schemaResolver(confirmSaleFormSchema, { sync: true })(values);
      // The deposit is counted (and its box shown) only for a partial payment.
      if (values.payment_status !== 'partial') delete errors.deposit_amount;
      else if (!errors.deposit_amount) {
        const parsed = confirmSaleFormSchema.safeParse(values);
        const deposit = parsed.success ? parsed.data.deposit_amount : null;
        if (deposit && toKobo(deposit) >= toKobo(cart.total_cart_amount)) {
          errors.deposit_amount = SALES_MESSAGES.depositBelowTotal;
        }
      }
      return errors;
    }),
  });
  const failure = useFormFailure(form, MESSAGES.failed.createSale);
  const status = form.values.payment_status;

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const answer = await confirm
        .mutateAsync({
          idempotencyKey,
          body: {
            ...values,
            cart_id: cart.id,
            deposit_amount: values.payment_status === 'partial' ? values.deposit_amount : null,
          },
        })
        .catch(async (error: unknown) => {
          if (error instanceof ApiError && error.code === ERROR_CODES.insufficientStock) {
            const latest = await fetchCart(client, businessId, cart.id).catch(() => null);
            if (latest) setShort(shortOf(latest.items));
          }
          throw error;
        });
      notify.success(MESSAGES.sale.created);
      onSold(answer.data.sale);
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        {short.length > 0 && (
          <Alert color="orange" variant="light" title="Not enough stock">
            <List size="sm" spacing={2}>
              {short.map((item) => (
                <List.Item key={item.id}>
                  {item.product_name} × {item.quantity}: {STOCK_MESSAGES.onlyInStock(item.quantity_in_stock)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500} truncate>
            {cart.title} · {cart.customer_name}
          </Text>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(cart.total_cart_amount, currency)}
          </Text>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="payment-status-label">
            Payment status
          </Text>
          <SegmentedControl
            aria-labelledby="payment-status-label"
            fullWidth
            orientation="vertical"
            // The choice a clerk taps on every sale: each option a thumb's height (sm's were 28 px).
            size="lg"
            data={PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))}
            {...form.getInputProps('payment_status')}
          />
        </Stack>
        {status === 'partial' && (
          <TextInput
            label="Deposit amount"
            required
            description={`Less than ${formatMoney(cart.total_cart_amount, currency)}`}
            {...moneyInputProps(form.getInputProps('deposit_amount'))}
          />
        )}
        {status !== 'not_paid' && (
          <Select
            label="Payment method"
            allowDeselect={false}
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            {...form.getInputProps('payment_method')}
          />
        )}
        <Button type="submit" size="md" loading={confirm.isPending}>
          Confirm sale
        </Button>
      </Stack>
    </form>
  );
}
