import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  can,
  describeChange,
  formatMoney,
  PRICING_MESSAGES,
  PRODUCT_SEARCH_MAX_LENGTH,
  REPRICING_ROUNDINGS,
  type Repricing,
  type RepricingPreview,
  type RepricingRow,
} from '@oja/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDateTime, fullName } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { BackLink } from '../../ui/back-link';
import { FormFailure, useFormFailure } from '../../ui/form-failure';
import { onDemand, validateWith } from '../../ui/validate-on-demand';
import { SupplierFilter } from '../suppliers/lazy-pickers';
import { useSuppliers } from '../suppliers/list-api';
import {
  type RepricingInput,
  useApplyRepricing,
  useCategories,
  usePreviewRepricing,
  useRepricings,
  useUndoRepricing,
} from './pricing-api';

/** /business/{slug}/inventory/prices: change many products' prices at once, preview first, undo the last. */
export default function RepricePage() {
  return (
    <RequirePermission permission="product.manage">
      <Reprice />
    </RequirePermission>
  );
}

type Values = {
  /** '' for every category. */
  category_id: string;
  /** '' for every supplier. */
  supplier_id: string;
  search: string;
  direction: 'raise' | 'lower';
  method: 'percent' | 'amount';
  value: string;
  /** '' for no rounding. */
  round_to: string;
};

const ROUNDING_CHOICES = [
  { value: '', label: 'Not rounded' },
  ...REPRICING_ROUNDINGS.map((naira) => ({ value: String(naira), label: `Up to the next ₦${naira}` })),
];

function inputOf(values: Values): RepricingInput {
  return {
    category_id: values.category_id ? Number(values.category_id) : null,
    supplier_id: values.supplier_id ? Number(values.supplier_id) : null,
    search: values.search.trim() || undefined,
    direction: values.direction,
    method: values.method,
    value: values.value.trim(),
    round_to: values.round_to ? (Number(values.round_to) as RepricingInput['round_to']) : null,
  };
}

/** The contract's rules for this form, downloaded on its first focus (ui/validate-on-demand.ts). */
const rules = onDemand(() => import('./schemas'));

/** The contract's rules for the body, said of the form's fields. */
const validate = validateWith(rules, (schemas, values: Values) => {
  const parsed = schemas.repricingFormSchema.safeParse(inputOf(values));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'value');
    errors[field] ??= issue.message;
  }
  return errors;
});

/** A supplier named by the address (?supplier=, from a supplier's page), as the form holds it. */
function supplierParam(value: string | null): string {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? String(id) : '';
}

function Reprice() {
  const { business, role } = useBusinessContext();
  const [params] = useSearchParams();
  const categories = useCategories(business.id);
  // Picking by supplier is offered to whoever manages suppliers, once the shop has one.
  const canPickSupplier = can(role, 'supplier.manage');
  const suppliers = useSuppliers(business.id, { page: 1 }, canPickSupplier);
  const previewing = usePreviewRepricing(business.id);
  const applying = useApplyRepricing(business.id);
  const [preview, setPreview] = useState<{ input: RepricingInput; answer: RepricingPreview } | null>(null);
  const form = useForm<Values>({
    initialValues: {
      category_id: '',
      supplier_id: supplierParam(params.get('supplier')),
      search: '',
      direction: 'raise',
      method: 'percent',
      value: '',
      round_to: '',
    },
    validate,
    // Another choice makes the preview shown stale: it goes, so Apply never writes what was not shown.
    onValuesChange: () => setPreview(null),
  });
  const failure = useFormFailure(form, PRICING_MESSAGES.failed.preview);
  const applyFailure = useFormFailure(form, PRICING_MESSAGES.failed.apply);

  const submit = form.onSubmit(
    failure.run(async (values) => {
      const input = inputOf(values);
      setPreview({ input, answer: await previewing.mutateAsync(input) });
    }),
  );
  const apply = applyFailure.run(async () => {
    if (!preview) return;
    const change = await applying.mutateAsync(preview.input);
    notify.success(PRICING_MESSAGES.appliedTo(change.product_count));
    setPreview(null);
  });

  return (
    <Stack gap="md">
      <BackLink to={`/business/${business.slug}/inventory`}>Back to inventory</BackLink>
      <Title order={2}>Change prices</Title>
      <form onSubmit={submit} onFocus={rules.preload} noValidate>
        <Stack gap="sm">
          <FormFailure message={failure.message} />
          <NativeSelect
            label="Products"
            data={[
              { value: '', label: 'All categories' },
              ...(categories.data?.results.map((category) => ({
                value: String(category.id),
                label: `${category.name} (${category.product_count})`,
              })) ?? []),
            ]}
            {...form.getInputProps('category_id')}
          />
          {canPickSupplier && (suppliers.data?.results.length ?? 0) > 0 && (
            <SupplierFilter
              businessId={business.id}
              value={form.values.supplier_id}
              onChange={(value) => form.setFieldValue('supplier_id', value)}
            />
          )}
          <TextInput
            type="search"
            label="Only those matching"
            description="Part of a name, SKU or barcode; blank for all"
            maxLength={PRODUCT_SEARCH_MAX_LENGTH}
            {...form.getInputProps('search')}
          />
          <SegmentedControl
            fullWidth
            aria-label="Raise or lower"
            data={[
              { value: 'raise', label: 'Raise' },
              { value: 'lower', label: 'Lower' },
            ]}
            {...form.getInputProps('direction')}
          />
          <SegmentedControl
            fullWidth
            aria-label="By a percentage or an amount"
            data={[
              { value: 'percent', label: 'By %' },
              { value: 'amount', label: 'By ₦' },
            ]}
            {...form.getInputProps('method')}
          />
          <TextInput
            label={form.values.method === 'percent' ? 'Percentage' : 'Amount (₦)'}
            inputMode="decimal"
            autoComplete="off"
            required
            {...form.getInputProps('value')}
          />
          <NativeSelect label="Round new prices" data={ROUNDING_CHOICES} {...form.getInputProps('round_to')} />
          <Button type="submit" loading={previewing.isPending}>
            Preview new prices
          </Button>
        </Stack>
      </form>

      {preview && (
        <Stack gap="sm" aria-label="New prices">
          <Text fw={600}>
            {preview.answer.count} {preview.answer.count === 1 ? 'product' : 'products'}:{' '}
            {describeChange({ ...preview.input, value: preview.input.value, round_to: preview.input.round_to ?? null })}
          </Text>
          {preview.answer.below_cost_count > 0 && (
            <Alert color="orange" role="status">
              {preview.answer.below_cost_count} would sell below cost.
            </Alert>
          )}
          {preview.answer.rows.map((row) => (
            <PreviewRow key={row.product_id} row={row} />
          ))}
          <FormFailure message={applyFailure.message} />
          <Button onClick={apply} loading={applying.isPending} color="green">
            Apply to {preview.answer.count} {preview.answer.count === 1 ? 'product' : 'products'}
          </Button>
        </Stack>
      )}

      <RecentChanges />
    </Stack>
  );
}

function PreviewRow({ row }: { row: RepricingRow }) {
  const money = (amount: string) => formatMoney(amount, row.currency);
  return (
    <Paper withBorder p="sm" data-testid="repricing-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.product_name}
        </Text>
        {row.is_below_cost && <Badge color="red">{PRICING_MESSAGES.belowCost}</Badge>}
      </Group>
      <PriceMove label="Retail" from={money(row.old_selling_price)} to={money(row.new_selling_price)} />
      {row.old_wholesale_price !== null && row.new_wholesale_price !== null && (
        <PriceMove label="Wholesale" from={money(row.old_wholesale_price)} to={money(row.new_wholesale_price)} />
      )}
      <Text size="sm" c={row.margin.startsWith('-') ? 'red' : 'dimmed'}>
        Cost {money(row.cost_price)} · margin {money(row.margin)}
        {row.wholesale_margin !== null ? ` · wholesale ${money(row.wholesale_margin)}` : ''}
      </Text>
    </Paper>
  );
}

function PriceMove({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <Group gap={6} wrap="wrap" aria-label={`${label} ${from} to ${to}`}>
      <Text size="sm" c="dimmed" w={72}>
        {label}
      </Text>
      <Text size="sm" td="line-through" c="dimmed">
        {from}
      </Text>
      <IconArrowRight size={14} aria-hidden />
      <Text size="sm" fw={600}>
        {to}
      </Text>
    </Group>
  );
}

/** The latest bulk changes; the last one, not undone, with its Undo. */
function RecentChanges() {
  const { business } = useBusinessContext();
  const changes = useRepricings(business.id);
  const undo = useUndoRepricing(business.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const results = changes.data?.results ?? [];
  if (results.length === 0) return null;
  const undoChange = (change: Repricing) => {
    setRefusal(null);
    undo.mutate(change.id, {
      onSuccess: () => notify.success(PRICING_MESSAGES.undone),
      onError: (error) => setRefusal(errorMessage(error, PRICING_MESSAGES.failed.undo)),
    });
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        Recent price changes
      </Title>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      {results.map((change) => (
        <Paper key={change.id} withBorder p="sm" data-testid="repricing">
          <Group justify="space-between" wrap="nowrap" align="center">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {describeChange(change)} · {change.product_count} products
                {change.category ? ` · ${change.category.name}` : ''}
                {change.supplier ? ` · from ${change.supplier.name}` : ''}
                {change.search ? ` · “${change.search}”` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(change.created_at)}
                {change.user ? ` · ${fullName(change.user)}` : ''}
              </Text>
            </Stack>
            {change.undone_at !== null ? (
              <Badge color="gray">Undone</Badge>
            ) : change.is_last ? (
              <Button
                variant="light"
                color="orange"
                style={{ flexShrink: 0 }}
                onClick={() => undoChange(change)}
                loading={undo.isPending}
              >
                Undo
              </Button>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
