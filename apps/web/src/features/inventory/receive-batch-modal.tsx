import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  countOf,
  formatMoney,
  formatUnits,
  MAX_BATCH_QUANTITY,
  type Product,
  type ReceiveBatchValues,
  STOCK_MESSAGES,
  unitName,
} from '@oja/contract';
import { lagosToday } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { DateField } from '../../ui/date-field';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { Modal } from '../../ui/modal';
import { moneyInputProps } from '../../ui/money-input';
import { QuantityInput } from '../../ui/quantity-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { useReceiveBatch } from './detail-api';
import { isFractionOfPieces } from './product-detail-status';
import { isPastExpiry, suggestBatchNumber } from './product-display';

/** The contract's rules for this feature's forms, downloaded on a form's first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** The form as its inputs hold it: the quantity input is '' while empty; the cost price and the date are the text typed. */
type ReceiveFormValues = Omit<ReceiveBatchValues, 'quantity' | 'cost_price' | 'expiration_date' | 'pack_id'> & {
  quantity: number | '';
  cost_price: string;
  expiration_date: string;
  /** The pack counted in, as the select holds it: '' for the base unit. */
  pack_id: string;
};

/** The request's fields: a pack's id as a number, none for the base unit. */
const asBody = ({ pack_id, ...values }: ReceiveFormValues) => ({
  ...values,
  pack_id: pack_id ? Number(pack_id) : null,
});

/**
 * The contract's rules, and an expiry in the past refused: the server records it (an import may hold expired
 * stock), but typed here it is a wrong year, and "Stock received" hid that not one unit could be sold.
 */
const validateFor = (isWeighed: boolean) =>
  validateWith(rules, (schemas, values: ReceiveFormValues) => {
    const errors = schemaResolver(schemas.receiveBatchFormSchema, { sync: true })(asBody(values));
    // A pack comes whole, and pieces do; a weighed product's own unit takes 12.5 (ADR 0031).
    if (!errors.quantity && isFractionOfPieces(values.quantity, isWeighed && !values.pack_id))
      errors.quantity = values.pack_id ? STOCK_MESSAGES.wholePacks : STOCK_MESSAGES.wholeQuantity;
    if (!errors.expiration_date && isPastExpiry(values.expiration_date, lagosToday()))
      errors.expiration_date = STOCK_MESSAGES.expiryPassed;
    return errors;
  });

/** Receive stock: a new batch of this product, recorded in the ledger as a receipt. */
export function ReceiveBatchModal({
  businessId,
  product,
  opened,
  onClose,
}: {
  businessId: number;
  product: Product;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Receive stock" centered>
      {opened && <ReceiveBatchForm businessId={businessId} product={product} onClose={onClose} />}
    </Modal>
  );
}

function ReceiveBatchForm({ businessId, product, onClose }: { businessId: number; product: Product; onClose(): void }) {
  const receive = useReceiveBatch(businessId, product.id);
  const form = useForm<ReceiveFormValues>({
    initialValues: {
      batch_number: suggestBatchNumber(
        product.batches.map((batch) => batch.batch_number),
        lagosToday(),
      ),
      quantity: '',
      expiration_date: '',
      cost_price: '',
      pack_id: '',
    },
    validate: validateFor(product.is_weighed ?? false),
  });
  const failure = useFormFailure(form, STOCK_MESSAGES.failed.receive);
  const packs = product.packs ?? [];
  const unit = product.base_unit ?? 'piece';
  const chosen = packs.find((pack) => String(pack.id) === form.values.pack_id);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      await receive.mutateAsync((await rules.load()).receiveBatchFormSchema.parse(asBody(values)));
      notify.success(STOCK_MESSAGES.batchReceived);
      onClose();
    }),
  );

  return (
    <form onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <FormFailure message={failure.message} />
        <Text size="sm" c="dimmed">
          {product.product_name} · now in stock:{' '}
          {packs.length > 0 ? formatUnits(product.quantity_in_stock, unit, packs) : product.quantity_in_stock}
        </Text>
        {/* A delivery by the carton is counted in cartons: the server receives cartons × units (ADR 0030). */}
        {packs.length > 0 && (
          <NativeSelect
            label="Counted in"
            data={[
              { value: '', label: unitName(unit, 2) },
              ...packs.map((pack) => ({
                value: String(pack.id),
                label: `${unitName(pack.name, 2)} (${countOf(pack.units, unit)} each)`,
              })),
            ]}
            {...form.getInputProps('pack_id')}
          />
        )}
        <TextInput
          label="Batch number"
          description="Suggested from today's date: type the supplier's number over it if it has one."
          required
          {...form.getInputProps('batch_number')}
        />
        <QuantityInput
          label="Quantity"
          required
          min={0}
          max={MAX_BATCH_QUANTITY}
          isWeighed={(product.is_weighed ?? false) && !chosen}
          data-autofocus
          {...form.getInputProps('quantity')}
        />
        <DateField
          label="Expiration date"
          description="Leave empty if it does not expire."
          min={lagosToday()}
          {...form.getInputProps('expiration_date')}
        />
        <TextInput
          label="Cost price"
          description={`Per ${chosen?.name ?? unit}. Leave empty to use the product's, ${formatMoney(product.cost_price ?? '0.00', product.currency)} per ${unit}.`}
          {...moneyInputProps(form.getInputProps('cost_price'), { normalizeOnBlur: true })}
        />
        <Button type="submit" loading={receive.isPending}>
          Receive
        </Button>
      </Stack>
    </form>
  );
}
