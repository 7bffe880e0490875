import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './enums';
import { formatMoney, fromKobo, toKobo } from './money';
import { countOf } from './units';

/**
 * The WhatsApp shares of a sale and of a customer's debt: a short plain-text summary, and the
 * wa.me link that opens WhatsApp with it (straight to the customer when their number is on file).
 */
export type ShareableSale = {
  id: number;
  /** A counter sale's receipt number (BIS-0042), shown instead of the id: the sale may not have one yet. */
  receipt_number?: string;
  currency: string;
  customer_name: string;
  total_cart_amount: string;
  amount_paid: string;
  balance: string;
  status: string;
  lines: readonly {
    product_name: string;
    quantity: number;
    line_total: string;
    /** A line sold by a pack, as the server keeps it: quantity in base units, the pack's name and units. */
    pack_name?: string | null;
    pack_units?: number | null;
    /** A line as the counter's receipt keeps it: quantity counted in this unit ("carton", "pack"). */
    unit_name?: string;
  }[];
};

export type ShareableDebt = {
  customer_name: string;
  currency: string;
  total_owed: string;
  open_sales: readonly { id: number; total_cart_amount: string; balance: string; created_at: string }[];
};

/** The shop as a share names it: its bank account, when its profile has one, says where a transfer goes. */
export type ShareShop = {
  name: string;
  bank_name?: string | null;
  account_number?: string | null;
  account_name?: string | null;
};

/** The shop's account as a transfer needs it, when its profile has one. */
export function bankAccountOf({ bank_name, account_number, account_name }: ShareShop): string | null {
  return bank_name && account_number && account_name ? `${bank_name} ${account_number} (${account_name})` : null;
}

/** The line printed under a receipt or invoice that leaves something owed, when the shop gave its account. */
export function transferLine(shop: ShareShop): string | null {
  const account = bankAccountOf(shop);
  return account ? `Pay by transfer: ${account}` : null;
}

/** How the rest is paid, the same sentence in every share. */
export function howToPayRest(shop: ShareShop): string {
  const account = bankAccountOf(shop);
  return account
    ? `To pay the rest, transfer to ${account} or pay at ${shop.name} by cash or POS card, and quote the sale number.`
    : `To pay the rest, pay at ${shop.name} by cash, bank transfer or POS card, and quote the sale number.`;
}

/** Lines split over batches are one product to the customer; a product's packs are each their own ("1 carton"). */
function itemsOf(sale: ShareableSale): string[] {
  const byName = new Map<string, { name: string; unit: string | null; quantity: number }>();
  for (const line of sale.lines) {
    const unit = line.pack_name ?? line.unit_name ?? null;
    const count = line.pack_name && line.pack_units ? line.quantity / line.pack_units : line.quantity;
    const key = `${line.product_name}\n${unit ?? ''}`;
    const item = byName.get(key) ?? { name: line.product_name, unit, quantity: 0 };
    item.quantity += count;
    byName.set(key, item);
  }
  return [...byName.values()].map(
    (item) => `• ${item.unit ? countOf(item.quantity, item.unit) : item.quantity} × ${item.name}`,
  );
}

export function saleShareText(shop: ShareShop, sale: ShareableSale): string {
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const title = sale.receipt_number ? `Receipt ${sale.receipt_number}` : `Sale #${sale.id}`;
  const lines = [`*${shop.name}*`, `${title}${sale.status === 'cancelled' ? ' (cancelled)' : ''}`, ...itemsOf(sale)];
  lines.push(`Total: ${money(sale.total_cart_amount)}`, `Paid: ${money(sale.amount_paid)}`);
  if (sale.status === 'cancelled') {
    lines.push(`Refunded: ${money(sale.amount_paid)}`, 'This sale was cancelled; nothing is owed.');
  } else {
    lines.push(`Balance: ${money(sale.balance)}`);
    lines.push(sale.balance === '0.00' ? 'Paid in full. Thank you!' : howToPayRest(shop));
  }
  return lines.join('\n');
}

/** A return's receipt as a chat message: what came back, what was refunded and how, and what the sale owes now. */
export function returnShareText(
  shop: ShareShop,
  sale: ShareableSale,
  given: {
    id: number;
    reason: string;
    amount: string;
    refunded: string;
    lines: { product_name: string; quantity: number }[];
    refunds: { method: PaymentMethod; amount: string }[];
  },
): string {
  const money = (amount: string) => formatMoney(amount, sale.currency);
  const title = sale.receipt_number ? `Receipt ${sale.receipt_number}` : `Sale #${sale.id}`;
  const lines = [`*${shop.name}*`, `Return ${given.id} of ${title}`, `Reason: ${given.reason}`];
  for (const line of given.lines) lines.push(`• ${line.quantity} × ${line.product_name} returned`);
  lines.push(`Value returned: ${money(given.amount)}`);
  for (const refund of given.refunds)
    lines.push(`Refunded by ${PAYMENT_METHOD_LABELS[refund.method]}: ${money(refund.amount)}`);
  const offDebtKobo = toKobo(given.amount) - toKobo(given.refunded);
  if (given.refunds.length === 0) lines.push('Nothing refunded: the value came off what is owed.');
  else if (offDebtKobo > 0n) lines.push(`Off what is owed: ${money(fromKobo(offDebtKobo))}`);
  lines.push(`The sale is now ${money(sale.total_cart_amount)}, balance ${money(sale.balance)}.`);
  return lines.join('\n');
}

export function debtShareText(shop: ShareShop, debt: ShareableDebt): string {
  const money = (amount: string) => formatMoney(amount, debt.currency);
  return [
    `*${shop.name}*`,
    `${debt.customer_name}, what you still owe:`,
    ...debt.open_sales.map((sale) => `• Sale #${sale.id}: ${money(sale.balance)} of ${money(sale.total_cart_amount)}`),
    `Total owed: ${money(debt.total_owed)}`,
    howToPayRest(shop),
  ].join('\n');
}

/** wa.me wants the number in international form, digits only: +234 803 123 4567 → 2348031234567. */
export function whatsappUrl(text: string, phone?: string | null): string {
  const digits = phone ? phone.replace(/\D/g, '') : '';
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * A Nigerian number as stored: +234 and ten digits. Accepts 0803 123 4567, 803…, 234…, +234…, with
 * spaces or dashes; answers null for anything else.
 */
export function normalizeNigerianPhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+?234|0)?([789][01]\d{8})$/.exec(compact);
  return match ? `+234${match[1]}` : null;
}

/** A customer's statement as a share needs it: what they owe per currency and on which sales. */
export type ShareableStatement = {
  customer_name: string;
  balances: readonly { currency: string; total_bought: string; owed: string; owing_since: string | null }[];
  open_sales: readonly { id: number; receipt_number: string | null; currency: string; balance: string }[];
};

/** A customer's statement in a WhatsApp message: what they bought and owe, the sales owed on, how to pay. */
export function statementShareText(shop: ShareShop, statement: ShareableStatement): string {
  const lines = [`*${shop.name}*`, `${statement.customer_name}, your statement:`];
  for (const balance of statement.balances) {
    const money = (amount: string) => formatMoney(amount, balance.currency);
    lines.push(`Bought: ${money(balance.total_bought)}`, `You owe: ${money(balance.owed)}`);
  }
  for (const sale of statement.open_sales) {
    const title = sale.receipt_number ? `Receipt ${sale.receipt_number}` : `Sale #${sale.id}`;
    lines.push(`• ${title}: ${formatMoney(sale.balance, sale.currency)}`);
  }
  const owes = statement.balances.some((balance) => balance.owing_since !== null);
  lines.push(owes ? howToPayRest(shop) : 'Nothing is owed. Thank you!');
  return lines.join('\n');
}
