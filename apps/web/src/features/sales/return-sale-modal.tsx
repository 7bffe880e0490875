import { Alert, Button, NumberInput, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  type ReturnSaleFormValues,
  SALES_MESSAGES,
  type SaleDetail,
} from '@oja/contract';
import { notify } from '../../lib/notify';
import { countInputProps } from '../../ui/count-input';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateBy } from '../../ui/validate-on-demand';
import { useReturnSale } from './api';
import { refundsOf, returnOutcome } from './return-outcome';

const rules = onDemand(() => import('./schemas'));
const validateForm = validateBy(rules, (schemas) => schemas.returnSaleFormSchema);

/** Return Items: which units come back, why, where they go, and what the customer gets back. Full width on a phone. */
export function ReturnSaleModal({
  businessId,
  sale,
  opened,
  onClose,
}: {
  businessId: number;
  sale: SaleDetail;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Return items of sale #${sale.id}`} centered>
      {opened && <ReturnSaleForm businessId={businessId} sale={sale} onClose={onClose} />}
    </Modal>
  );
}

function ReturnSaleForm({ businessId, sale, onClose }: { businessId: number; sale: SaleDetail; onClose(): void }) {
  const giveBack = useReturnSale(businessId);
  const form = useForm<ReturnSaleFormValues>({
    initialValues: {
      reason: '',
      lines: sale.lines
        .filter((line) => line.quantity > line.returned_quantity)
        .map((line) => ({ sale_line_id: line.id, left: line.quantity - line.returned_quantity, quantity: 0 })),
      restock: 'restock',
      refunds: { cash: '', bank_transfer: '', pos_card: '' },
    },
    validate: validateForm,
  });
  const failure = useFormFailure(form, SALES_MESSAGES.failedReturnSale);
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const outcome = returnOutcome(sale, form.values);
  const submit = form.onSubmit(
    failure.run(async (values) => {
      // What the server would refuse is said in the form already (below): nothing is sent.
      if (outcome?.problem) return;
      await giveBack.mutateAsync({
        id: sale.id,
        reason: values.reason,
        restock: values.restock === 'restock',
        lines: values.lines.flatMap((line) =>
          typeof line.quantity === 'number' && line.quantity > 0
            ? [{ sale_line_id: line.sale_line_id, quantity: line.quantity }]
            : [],
        ),
        refunds: refundsOf(values) ?? [],
      });
      notify.success(SALES_MESSAGES.saleReturned);
      onClose();
    }),
  );
  const linesError = form.errors.lines;
  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        {form.values.lines.map((wanted, index) => {
          const line = sale.lines.find((candidate) => candidate.id === wanted.sale_line_id);
          if (!line) return null;
          return (
            <NumberInput
              key={wanted.sale_line_id}
              label={`${line.product_name}${line.batch_number ? ` (batch ${line.batch_number})` : ''}`}
              description={`${wanted.left} of ${line.quantity} can come back, ${money(line.net_unit_price)} each`}
              min={0}
              max={wanted.left}
              size="md"
              {...countInputProps}
              {...form.getInputProps(`lines.${index}.quantity`)}
            />
          );
        })}
        {typeof linesError === 'string' && (
          <Text c="red" size="sm" role="alert">
            {linesError}
          </Text>
        )}
        <Textarea label="Reason" required autosize minRows={2} {...form.getInputProps('reason')} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            The items go
          </Text>
          <SegmentedControl
            fullWidth
            orientation="vertical"
            size="md"
            aria-label="Where the items go"
            data={[
              { value: 'restock', label: SALES_MESSAGES.restockLabel },
              { value: 'damaged', label: SALES_MESSAGES.damagedLabel },
            ]}
            {...form.getInputProps('restock')}
          />
        </Stack>
        <Stack gap="sm" role="group" aria-labelledby="refund-heading">
          <div>
            <Text size="sm" fw={500} id="refund-heading">
              Refund to the customer
            </Text>
            <Text size="xs" c="dimmed">
              {outcome && outcome.leastRefund !== '0.00'
                ? `At least ${money(outcome.leastRefund)} in all: they paid for these items. Split it over the ways you pay back; the rest comes off what is owed.`
                : 'Split it over the ways you pay back, or leave it empty: what is not refunded comes off what is owed.'}
            </Text>
          </div>
          {PAYMENT_METHODS.map((method) => (
            <TextInput
              key={method}
              label={`Refund by ${PAYMENT_METHOD_LABELS[method]}`}
              placeholder="0"
              size="md"
              {...moneyInputProps(form.getInputProps(`refunds.${method}`))}
            />
          ))}
        </Stack>
        {outcome && outcome.value !== '0.00' && (
          <Paper withBorder p="sm" role="status" aria-label="After this return">
            <Text size="sm">Items returned: {money(outcome.value)}</Text>
            {!outcome.problem && <Text size="sm">{refundWords(outcome, money)}</Text>}
            <Text size="sm">
              The sale becomes {money(outcome.total)}, paid {money(outcome.paid)}, owing {money(outcome.balance)}:{' '}
              <b>
                {outcome.isEverything && outcome.total === '0.00'
                  ? SALES_MESSAGES.returnedInFull
                  : PAYMENT_STATUS_LABELS[outcome.status]}
              </b>
            </Text>
          </Paper>
        )}
        {outcome?.problem && outcome.value !== '0.00' && (
          <Alert color="yellow" p="xs" role="alert">
            {outcome.problem === 'refundTooSmall'
              ? SALES_MESSAGES.refundTooSmall(money(outcome.leastRefund))
              : outcome.problem === 'moreThanPaid'
                ? SALES_MESSAGES.refundMoreThanPaid(money(sale.amount_paid))
                : SALES_MESSAGES.refundMoreThanReturned(money(outcome.value))}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={giveBack.isPending}>
          Return items
        </Button>
        <Button variant="default" size="md" fullWidth onClick={onClose}>
          Keep the sale as it is
        </Button>
      </Stack>
    </form>
  );
}

/** "Refunded ₦1,500.00 (₦1,000.00 Cash + ₦500.00 Bank transfer), ₦1,500.00 off what is owed". */
function refundWords(
  outcome: { refunded: string; offDebt: string; refunds: { method: PaymentMethod; amount: string }[] },
  money: (amount: string) => string,
): string {
  const split =
    outcome.refunds.length > 1
      ? ` (${outcome.refunds.map((refund) => `${money(refund.amount)} ${PAYMENT_METHOD_LABELS[refund.method]}`).join(' + ')})`
      : '';
  return `Refunded ${money(outcome.refunded)}${split}, ${money(outcome.offDebt)} off what is owed`;
}
