import {
  COUNTER_MESSAGES,
  COUNTER_SCREEN_MESSAGES,
  type CounterCustomer,
  type CounterSaleBody,
  counterTotals,
  fromKobo,
  type PaymentMethod,
  toKobo,
} from '@oja/contract';
import { readAmount } from './counter-input';
import { baseUnitsOf, type CartLine, type CustomerDraft, type PaymentDraft, priced } from './sale-draft';
import type { SaleSnapshot } from './store';

/*
 * A sale made at the counter as it is sent, from what the clerk entered at the pay step: with the pay panel, not
 * with the Sell screen's first download (sale-draft.ts holds what the lines need).
 */

export type DraftProblem = { field: 'payments' | 'customer' | 'cash' | 'lines'; message: string };

/**
 * The request's body (without the ids the outbox adds) and what the receipt shows, from what the clerk entered;
 * or the first problem, in the contract's words. Empty payment amounts are left out (nothing paid that way).
 */
export function buildSale(
  input: {
    businessId: number;
    catalogueVersion: number | null;
    lines: readonly CartLine[];
    payments: readonly PaymentDraft[];
    customer: CustomerDraft;
    cashGiven: string;
    sellerName: string;
  },
  /** The contract's schema of the request (features/counter/schemas.ts), loaded when the clerk confirms. */
  counterSaleBodySchema: typeof import('@oja/contract').counterSaleBodySchema,
):
  | {
      sale: Omit<CounterSaleBody, 'client_sale_id' | 'receipt_number' | 'device_id' | 'sold_at'>;
      snapshot: SaleSnapshot;
    }
  | { problem: DraftProblem } {
  if (input.lines.length === 0) return { problem: { field: 'lines', message: COUNTER_MESSAGES.emptySale } };
  const payments: { method: PaymentMethod; amount: string }[] = [];
  for (const payment of input.payments) {
    if (payment.amount.trim() === '') continue;
    const amount = readAmount(payment.amount);
    if (amount === null) return { problem: { field: 'payments', message: COUNTER_SCREEN_MESSAGES.amountFormat } };
    if (toKobo(amount) === 0n) continue;
    payments.push({ method: payment.method, amount });
  }
  const lines = input.lines.map((line) => ({
    product_id: line.product.id,
    ...(line.pack ? { pack_id: line.pack.id } : {}),
    ...priced(line),
  }));
  const totals = counterTotals(lines, payments);
  let customer: CounterCustomer | null = null;
  let customerName = 'Walk-in customer';
  let customerPhone: string | null = null;
  if (input.customer && 'customer' in input.customer) {
    customer = { id: input.customer.customer.id };
    customerName = input.customer.customer.name;
    customerPhone = input.customer.customer.phone_number;
  } else if (input.customer && (input.customer.name.trim() || input.customer.phone.trim())) {
    customer = { name: input.customer.name, phone_number: input.customer.phone };
    customerName = input.customer.name.trim();
  }
  const cashPaid = payments
    .filter((payment) => payment.method === 'cash')
    .reduce((sum, p) => sum + toKobo(p.amount), 0n);
  let cashGiven: string | null = null;
  let change: string | null = null;
  if (input.cashGiven.trim() !== '' && cashPaid > 0n) {
    cashGiven = readAmount(input.cashGiven);
    if (cashGiven === null) return { problem: { field: 'cash', message: COUNTER_SCREEN_MESSAGES.amountFormat } };
    if (toKobo(cashGiven) < cashPaid)
      return { problem: { field: 'cash', message: COUNTER_MESSAGES.cashGivenTooLittle } };
    change = fromKobo(toKobo(cashGiven) - cashPaid);
  }
  const sale = {
    business_id: input.businessId,
    catalogue_version: input.catalogueVersion,
    customer,
    lines,
    payments,
  };
  // The contract's own rules, on a body with stand-in ids: the clerk sees the server's words before confirming.
  const check = counterSaleBodySchema.safeParse({
    ...sale,
    client_sale_id: '00000000-0000-4000-8000-000000000000',
    device_id: '00000000-0000-4000-8000-000000000000',
    receipt_number: 'AA-1',
    sold_at: new Date().toISOString(),
  });
  if (!check.success) {
    const issue = check.error.issues[0];
    const field = issue?.path[0] === 'customer' ? 'customer' : issue?.path[0] === 'lines' ? 'lines' : 'payments';
    return { problem: { field, message: issue?.message ?? COUNTER_MESSAGES.priceFormat } };
  }
  if (customer && 'phone_number' in customer)
    customerPhone = (check.data.customer as { phone_number: string | null }).phone_number;
  const snapshot: SaleSnapshot = {
    currency: input.lines[0]?.product.currency ?? 'NGN',
    customer_name: customerName,
    customer_phone: customerPhone,
    seller_name: input.sellerName,
    lines: input.lines.map((line) => ({
      product_id: line.product.id,
      product_name: line.product.product_name,
      quantity: line.quantity,
      unit_price: priced(line).unit_price,
      line_total: counterTotals([priced(line)], []).total,
      // What the receipt calls the count ("1 carton", "5 packs", "0.75 kg") and what it took from stock.
      ...(line.pack || line.product.packs?.length || line.product.is_weighed
        ? { unit_name: line.pack?.name ?? line.product.base_unit ?? 'piece', base_quantity: baseUnitsOf(line) }
        : {}),
    })),
    payments,
    ...totals,
    cash_given: cashGiven,
    change,
  };
  return { sale, snapshot };
}
