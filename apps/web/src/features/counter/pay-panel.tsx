import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  type CatalogueCustomer,
  COUNTER_SCREEN_MESSAGES,
  type CounterSaleBody,
  counterTotals,
  formatMoney,
  fromKobo,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  toKobo,
} from '@oja/contract';
import { useMemo, useState } from 'react';
import { readCustomers } from './catalogue';
import { readAmount } from './counter-input';
import { buildSale } from './sale-body';
import { type CartLine, type CustomerDraft, type PaymentDraft, priced } from './sale-draft';
import type { CounterDb, SaleSnapshot } from './store';
import { useLive } from './use-counter';

const STATUS_COLORS = { paid: 'teal', partial: 'yellow', not_paid: 'red' } as const;
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

/**
 * Payment in one step: Cash for the whole total is what a walk-in gets, with the cash given and the change; a
 * tap picks Transfer or POS card instead, "Add a payment" splits it, and lowering the amount leaves the rest
 * owed, which needs a customer. The status the sale will get is shown before confirming; nothing is preset to
 * Not Paid.
 */
export function PayPanel({
  lines,
  catalogueVersion,
  businessId,
  sellerName,
  db,
  onBack,
  onConfirm,
  saveError,
}: {
  lines: CartLine[];
  catalogueVersion: number | null;
  businessId: number;
  sellerName: string;
  db: CounterDb;
  onBack(): void;
  onConfirm(
    sale: Omit<CounterSaleBody, 'client_sale_id' | 'receipt_number' | 'device_id' | 'sold_at'>,
    snapshot: SaleSnapshot,
  ): Promise<void>;
  saveError: string | null;
}) {
  const total = counterTotals(lines.map(priced), []).total;
  const currency = lines[0]?.product.currency ?? 'NGN';
  const money = (amount: string) => formatMoney(amount, currency);
  const [payments, setPayments] = useState<(PaymentDraft & { key: number })[]>([
    { key: 0, method: 'cash', amount: total },
  ]);
  const [cashGiven, setCashGiven] = useState('');
  const [customer, setCustomer] = useState<CustomerDraft>(null);
  const [customerSearch, setCustomerSearch] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [isSaving, setSaving] = useState(false);

  const readable = payments.map((payment) => ({ ...payment, amount: readAmount(payment.amount) }));
  const totals = counterTotals(
    lines.map(priced),
    readable.flatMap((payment) => (payment.amount ? [{ amount: payment.amount }] : [])),
  );
  const cashPart = readable.some((p) => p.method === 'cash' && p.amount);
  const given = readAmount(cashGiven);
  const cashKobo = readable.reduce((sum, p) => (p.method === 'cash' && p.amount ? sum + toKobo(p.amount) : sum), 0n);
  const change = given && toKobo(given) > cashKobo ? fromKobo(toKobo(given) - cashKobo) : '0.00';

  const setPayment = (index: number, change: Partial<PaymentDraft>) => {
    setProblem(null);
    setPayments((current) => current.map((payment, at) => (at === index ? { ...payment, ...change } : payment)));
  };

  const submit = async () => {
    // The contract's rules (and zod with them) come when first needed, not with the counter's first screen.
    const { counterSaleBodySchema } = await import('./schemas');
    const built = buildSale(
      { businessId, catalogueVersion, lines, payments, customer, cashGiven, sellerName },
      counterSaleBodySchema,
    );
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setSaving(true);
    try {
      await onConfirm(built.sale, built.snapshot);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" px={0} onClick={onBack}>
          ← Back to the sale
        </Button>
        <Text fw={800} fz="xl" aria-label="Total to pay">
          {money(total)}
        </Text>
      </Group>

      {payments.map((payment, index) => (
        <Paper withBorder p="sm" key={payment.key} aria-label={`Payment ${index + 1}`}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <SegmentedControl
                fullWidth
                style={{ flex: 1 }}
                value={payment.method}
                onChange={(method) => setPayment(index, { method: method as PaymentMethod })}
                data={METHOD_OPTIONS}
                aria-label="Paid by"
              />
              {payments.length > 1 && (
                <CloseButton
                  aria-label="Remove this payment"
                  onClick={() => setPayments((current) => current.filter((_, at) => at !== index))}
                />
              )}
            </Group>
            <TextInput
              label="Amount paid"
              inputMode="decimal"
              autoComplete="off"
              size="md"
              value={payment.amount}
              onChange={(event) => setPayment(index, { amount: event.currentTarget.value })}
              error={
                payment.amount.trim() !== '' && readable[index]?.amount === null
                  ? COUNTER_SCREEN_MESSAGES.amountFormat
                  : undefined
              }
            />
          </Stack>
        </Paper>
      ))}
      {payments.length < 5 && (
        <Button
          variant="default"
          onClick={() =>
            setPayments((current) => {
              const used = new Set(current.map((payment) => payment.method));
              const method = PAYMENT_METHODS.find((each) => !used.has(each)) ?? 'cash';
              return [
                ...current,
                {
                  key: Math.max(...current.map((each) => each.key)) + 1,
                  method,
                  amount: totals.owed === '0.00' ? '' : totals.owed,
                },
              ];
            })
          }
        >
          Split: add a payment
        </Button>
      )}

      {cashPart && (
        <Group grow align="flex-start">
          <TextInput
            label="Cash given"
            inputMode="decimal"
            autoComplete="off"
            size="md"
            placeholder="Optional"
            value={cashGiven}
            onChange={(event) => {
              setCashGiven(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem?.field === 'cash' ? problem.message : undefined}
          />
          <Box>
            <Text size="sm" fw={500}>
              Change
            </Text>
            <Text fw={800} fz="xl" aria-label="Change to give">
              {money(change)}
            </Text>
          </Box>
        </Group>
      )}

      <CustomerPicker
        db={db}
        required={totals.owed !== '0.00'}
        customer={customer}
        search={customerSearch}
        onSearch={setCustomerSearch}
        onChange={(next) => {
          setCustomer(next);
          setProblem(null);
        }}
        error={problem?.field === 'customer' ? problem.message : undefined}
      />

      <Paper withBorder p="sm" bg="gray.0">
        <Group justify="space-between">
          <Text size="sm">Paid now</Text>
          <Text fw={600}>{money(totals.paid)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Left owed</Text>
          <Text fw={600}>{money(totals.owed)}</Text>
        </Group>
        <Group justify="space-between" mt={4}>
          <Text size="sm">This sale will be</Text>
          <Badge color={STATUS_COLORS[totals.payment_status]} size="lg" aria-label="Sale status">
            {PAYMENT_STATUS_LABELS[totals.payment_status]}
          </Badge>
        </Group>
      </Paper>

      {problem && problem.field !== 'customer' && problem.field !== 'cash' && (
        <Alert color="red" role="alert">
          {problem.message}
        </Alert>
      )}
      {saveError && (
        <Alert color="red" role="alert">
          {saveError}
        </Alert>
      )}
      <Button size="lg" loading={isSaving} onClick={submit}>
        Confirm · {PAYMENT_STATUS_LABELS[totals.payment_status]}
      </Button>
    </Stack>
  );
}

/** A customer from the copy on this phone (by name or phone), or a new one typed with a phone number. */
function CustomerPicker({
  db,
  required,
  customer,
  search,
  onSearch,
  onChange,
  error,
}: {
  db: CounterDb;
  required: boolean;
  customer: CustomerDraft;
  search: string;
  onSearch(text: string): void;
  onChange(customer: CustomerDraft): void;
  error?: string;
}) {
  const customers = useLive(db, readCustomers, []);
  const [mode, setMode] = useState<'pick' | 'new'>('pick');
  const matches = useMemo(() => {
    const query = search.trim().toLowerCase();
    if (!query || !customers) return [];
    return customers
      .filter((each) => each.name.toLowerCase().includes(query) || each.phone_number?.includes(query))
      .slice(0, 5);
  }, [customers, search]);

  if (customer && 'customer' in customer) {
    return (
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="nowrap">
          <Box>
            <Text size="sm" fw={500}>
              Customer
            </Text>
            <Text fw={600}>{customer.customer.name}</Text>
            <Text size="xs" c="dimmed">
              {customer.customer.phone_number ?? 'No phone'} · owes {formatMoney(customer.customer.owed)}
            </Text>
          </Box>
          <CloseButton aria-label="Change the customer" onClick={() => onChange(null)} />
        </Group>
      </Paper>
    );
  }
  const typed = customer && 'name' in customer ? customer : { name: '', phone: '' };
  return (
    <Paper withBorder p="sm" aria-label="Customer">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Customer {required ? '(required: something is owed)' : '(optional)'}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => setMode(mode === 'pick' ? 'new' : 'pick')}>
          {mode === 'pick' ? 'New customer' : 'Pick a customer'}
        </Button>
      </Group>
      {mode === 'pick' ? (
        <Stack gap={4}>
          <TextInput
            placeholder="Name or phone"
            aria-label="Find a customer"
            value={search}
            onChange={(event) => onSearch(event.currentTarget.value)}
            error={error}
          />
          {matches.map((each: CatalogueCustomer) => (
            <UnstyledButton key={each.id} onClick={() => onChange({ customer: each })} p={6}>
              <Text size="sm" fw={600}>
                {each.name}
              </Text>
              <Text size="xs" c="dimmed">
                {each.phone_number ?? 'No phone'}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      ) : (
        <Stack gap={4}>
          <TextInput
            label="Name"
            value={typed.name}
            onChange={(event) => onChange({ ...typed, name: event.currentTarget.value })}
            error={error}
          />
          <TextInput
            label="Phone number"
            inputMode="tel"
            value={typed.phone}
            onChange={(event) => onChange({ ...typed, phone: event.currentTarget.value })}
          />
        </Stack>
      )}
    </Paper>
  );
}
