import { ActionIcon, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CreateDeliveryBody,
  DEFAULT_BASE_UNIT,
  formatMoney,
  fromKobo,
  hasQuantityDecimals,
  isMoneyString,
  lineTotalKobo,
  MAX_BATCH_QUANTITY,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type Product,
  STOCK_MESSAGES,
  SUPPLIER_MESSAGES,
  type Supplier,
  toKobo,
} from '@oja/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { lagosToday } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { BackLink } from '../../ui/back-link';
import { DateField } from '../../ui/date-field';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { moneyInputProps } from '../../ui/money-input';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { suggestBatchNumber } from '../inventory/product-display';
import { useCreateDelivery, useCreateSupplier, useSupplier } from './api';
import { DeliveryProductPicker, SupplierPicker } from './lazy-pickers';
import { supplierPath, suppliersBase } from './paths';

const rules = onDemand(() => import('./schemas'));

type Line = {
  key: number;
  /** `isWeighed`: sold by weight or volume, so the line takes up to 3 decimals (12.5 kg, ADR 0031). */
  product: { id: number; name: string; batches: string[]; isWeighed: boolean; unit: string } | null;
  batch_number: string;
  /** As typed: a count input's text (NumberInput would bring react-number-format to every signed-in page). */
  quantity: string;
  unit_cost: string;
  expiration_date: string;
};
type Values = {
  supplier: Supplier | null;
  invoice_number: string;
  lines: Line[];
  amount_paid: string;
  payment_method: PaymentMethod;
};

let nextKey = 1;
const emptyLine = (): Line => ({
  key: nextKey++,
  product: null,
  batch_number: '',
  quantity: '',
  unit_cost: '',
  expiration_date: '',
});

/** A count as typed ("1,500" is 1500); blank or not a number is none, for the contract to say what is needed. */
function quantityOf(text: string): number | undefined {
  const value = text.trim().replaceAll(',', '');
  return value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
}

/** The form's values as the API's body (what the contract checks, and what is sent). */
function bodyOf(values: Values): Omit<CreateDeliveryBody, 'business_id'> {
  return {
    supplier_id: values.supplier?.id as number,
    invoice_number: values.invoice_number.trim() || null,
    lines: values.lines.map((line) => ({
      product_id: line.product?.id as number,
      batch_number: line.batch_number,
      quantity: quantityOf(line.quantity) as number,
      unit_cost: line.unit_cost,
      expiration_date: line.expiration_date || null,
    })),
    amount_paid: values.amount_paid.trim() || '0',
    payment_method: values.payment_method,
  };
}

/** The contract's rules for the body, each said on its field ("lines.0.quantity"; the supplier's on the picker). */
const validate = validateWith(rules, (schemas, values: Values) => {
  const parsed = schemas.createDeliveryBodySchema.safeParse({ business_id: 1, ...bodyOf(values) });
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'supplier_id' ? 'supplier' : issue.path.map(String).join('.');
    errors[field.replace(/\.product_id$/, '.product')] ??= issue.message;
  }
  // Pieces come whole: 2.5 of a product not sold by weight is refused here as the server would (ADR 0031).
  for (const [index, line] of values.lines.entries()) {
    const quantity = quantityOf(line.quantity);
    if (line.product && !line.product.isWeighed && quantity !== undefined && !Number.isInteger(quantity))
      errors[`lines.${index}.quantity`] ??= STOCK_MESSAGES.wholeQuantity;
  }
  return errors;
});

/**
 * The delivery's total as the lines typed so far make it: each line rounded once to the kobo, as the server
 * rounds it (lineTotalKobo); lines not yet valid left out.
 */
function totalOf(lines: readonly Line[]): bigint {
  return lines.reduce((sum, line) => {
    const cost = line.unit_cost.trim();
    const quantity = quantityOf(line.quantity);
    const isCount = quantity !== undefined && quantity > 0 && quantity <= MAX_BATCH_QUANTITY;
    if (!isCount || !hasQuantityDecimals(quantity) || !isMoneyString(cost)) return sum;
    return sum + lineTotalKobo(toKobo(cost), quantity);
  }, 0n);
}

/**
 * /business/{slug}/suppliers/delivery and the manager's: several products received from one supplier at once,
 * each a batch with its cost and expiry, part paid now by a method, the rest owed to the supplier.
 */
export default function DeliveryPage() {
  return (
    <RequirePermission permission="supplier.manage">
      <NewDelivery />
    </RequirePermission>
  );
}

function NewDelivery() {
  const { business } = useBusinessContext();
  const base = suppliersBase(useLocation().pathname, business.slug);
  const [params] = useSearchParams();
  const chosenId = Number(params.get('supplier'));
  const chosen = useSupplier(business.id, Number.isSafeInteger(chosenId) && chosenId > 0 ? chosenId : null);
  // Opened from a supplier's page, the form waits for that supplier so the picker shows them.
  if (chosen.fetchStatus === 'fetching' && !chosen.data) return null;
  return <DeliveryForm base={base} supplier={chosen.data?.supplier ?? null} />;
}

function DeliveryForm({ base, supplier }: { base: string; supplier: Supplier | null }) {
  const { business } = useBusinessContext();
  const navigate = useNavigate();
  const receive = useCreateDelivery(business.id);
  const createSupplier = useCreateSupplier(business.id);
  const today = lagosToday();
  const form = useForm<Values>({
    initialValues: { supplier, invoice_number: '', lines: [emptyLine()], amount_paid: '', payment_method: 'cash' },
    validate,
  });
  const failure = useFormFailure(form, SUPPLIER_MESSAGES.failedDelivery);
  const [isCreating, setCreating] = useState(false);
  const total = totalOf(form.values.lines);

  const addSupplier = async (name: string) => {
    setCreating(true);
    try {
      const made = await createSupplier.mutateAsync({ name, note: '' });
      form.setFieldValue('supplier', made);
      notify.success(SUPPLIER_MESSAGES.created);
    } catch (error) {
      form.setFieldError('supplier', errorMessage(error, SUPPLIER_MESSAGES.failedCreate));
    } finally {
      setCreating(false);
    }
  };

  /** A product picked: its cost offered, and a batch number of today not taken by it or another line of it. */
  const pick = (index: number, product: Product) => {
    const others = form.values.lines
      .filter((line, at) => at !== index && line.product?.id === product.id)
      .map((line) => line.batch_number);
    const numbers = [...product.batches.map((batch) => batch.batch_number), ...others];
    form.setFieldValue(`lines.${index}.product`, {
      id: product.id,
      name: product.product_name,
      batches: numbers,
      isWeighed: product.is_weighed ?? false,
      unit: product.base_unit ?? DEFAULT_BASE_UNIT,
    });
    form.setFieldValue(`lines.${index}.batch_number`, suggestBatchNumber(numbers, today));
    if (!form.values.lines[index]?.unit_cost && product.cost_price)
      form.setFieldValue(`lines.${index}.unit_cost`, product.cost_price);
  };

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const body = (await rules.load()).createDeliveryBodySchema.parse({ business_id: business.id, ...bodyOf(values) });
      const { business_id: _business, ...sent } = body;
      const answer = await receive.mutateAsync(sent);
      notify.success(SUPPLIER_MESSAGES.deliveryReceived);
      navigate(supplierPath(base, answer.supplier.id));
    }),
  );

  return (
    <Stack gap="md">
      <BackLink to={base}>Suppliers</BackLink>
      <Title order={2}>New delivery</Title>
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <FormFailure message={failure.message} />
          <SupplierPicker
            businessId={business.id}
            value={form.values.supplier}
            onPick={(picked) => form.setFieldValue('supplier', picked)}
            onCreate={(name) => void addSupplier(name)}
            error={form.errors.supplier}
          />
          {isCreating && (
            <Text size="xs" c="dimmed">
              Adding the supplier…
            </Text>
          )}
          <TextInput
            label="Supplier’s invoice number"
            description="Optional: the same invoice cannot be received twice."
            {...form.getInputProps('invoice_number')}
          />
          {form.values.lines.map((line, index) => (
            <Card key={line.key} withBorder padding="sm" radius="md" data-testid="delivery-line">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-end">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <DeliveryProductPicker
                      businessId={business.id}
                      label={`Product ${index + 1}`}
                      value={line.product}
                      onPick={(product) => pick(index, product)}
                      error={form.errors[`lines.${index}.product`]}
                    />
                  </div>
                  {form.values.lines.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={40}
                      aria-label={`Remove product ${index + 1}`}
                      onClick={() => form.removeListItem('lines', index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  )}
                </Group>
                <Group grow align="flex-start" wrap="nowrap">
                  <TextInput
                    label={line.product?.isWeighed ? `Quantity (${line.product.unit})` : 'Quantity'}
                    required
                    // A phone's decimal keypad for goods sold by weight or volume; whole numbers otherwise.
                    inputMode={line.product?.isWeighed ? 'decimal' : 'numeric'}
                    autoComplete="off"
                    {...form.getInputProps(`lines.${index}.quantity`)}
                  />
                  <TextInput
                    label="Unit cost"
                    required
                    {...moneyInputProps(form.getInputProps(`lines.${index}.unit_cost`), { normalizeOnBlur: true })}
                  />
                </Group>
                <Group grow align="flex-start" wrap="nowrap">
                  <DateField label="Expiry" min={today} {...form.getInputProps(`lines.${index}.expiration_date`)} />
                  <TextInput label="Batch number" required {...form.getInputProps(`lines.${index}.batch_number`)} />
                </Group>
              </Stack>
            </Card>
          ))}
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('lines', emptyLine())}
          >
            Add another product
          </Button>
          <Text fw={700} aria-live="polite" data-testid="delivery-total">
            Total: {formatMoney(fromKobo(total))}
          </Text>
          <TextInput
            label="Paid now"
            description="Leave empty if nothing was paid: all of it is then owed to the supplier."
            {...moneyInputProps(form.getInputProps('amount_paid'), { normalizeOnBlur: true })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="delivery-paid-by">
              Paid by
            </Text>
            <SegmentedControl
              aria-labelledby="delivery-paid-by"
              fullWidth
              data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
              {...form.getInputProps('payment_method')}
            />
          </Stack>
          <Button type="submit" loading={receive.isPending}>
            Receive delivery
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
