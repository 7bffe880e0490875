import {
  COUNTER_SCREEN_MESSAGES,
  type CounterCustomer,
  type CounterSaleBody,
  counterTotals,
  fromKobo,
  normalizeMoney,
  type PaymentMethod,
  toKobo,
} from '@oja/contract';
import { updateEntry } from './outbox';
import {
  type CounterDb,
  type OutboxEntry,
  type OutboxState,
  type PaymentEntry,
  PENDING_STATES,
  type SaleEntry,
} from './store';

/*
 * What is done by hand with the outbox's entries (ADR 0013, ADR 0019): a refused sale or payment sent again,
 * corrected or discarded, and the whole exported. Apart from the outbox's sending, which every page of a seller
 * runs, so that the Sell screen's first download holds none of it: the list that uses it loads when opened.
 */

/** A sale set aside by a refusal goes again (after the clerk or the owner fixed what the server said). */
export async function retryEntry(db: CounterDb, order: number): Promise<void> {
  await db.outbox
    .where('order')
    .equals(order)
    .and((entry) => entry.state === 'needs_attention')
    .modify({ state: 'waiting', next_attempt_at: 0, updated_at: new Date().toISOString() });
}

/**
 * What the clerk may change on a refused sale: the debtor, the lines of products the shop no longer sells, or the
 * lines sold by a pack size the product no longer has (ADR 0030).
 */
export type Correctable = { customer: boolean; goneProducts: number[]; gonePacks: number[] };

/**
 * A refusal the clerk can fix on the phone: the server named the customer (not found, or a debt without one) or
 * the lines (a product no longer sold: those not in the copy any more). A refusal is a 4xx, so the server did not
 * record the sale and the corrected one may go under the same client_sale_id; one about the ids themselves (an id
 * already used, a receipt number taken) is not correctable.
 */
export function correctableOf(
  entry: OutboxEntry,
  soldProducts: { has(id: number): boolean },
  /** The pack sizes the copy still sells, of the products of this sale's pack lines (unknown: none are gone). */
  soldPacks?: ReadonlySet<number>,
): Correctable | null {
  const fields = entry.refused_fields ?? [];
  if (
    entry.kind !== 'sale' ||
    entry.state !== 'needs_attention' ||
    fields.some((field) => field === 'client_sale_id' || field === 'receipt_number')
  )
    return null;
  const names = (key: string) => fields.some((field) => field === key || field.startsWith(`${key}.`));
  const customer = names('customer');
  const goneProducts = names('lines')
    ? entry.body.lines.map((line) => line.product_id).filter((id) => !soldProducts.has(id))
    : [];
  const gonePacks =
    names('lines') && soldPacks
      ? entry.body.lines.flatMap((line) =>
          line.pack_id && soldProducts.has(line.product_id) && !soldPacks.has(line.pack_id) ? [line.pack_id] : [],
        )
      : [];
  return customer || goneProducts.length > 0 || gonePacks.length > 0 ? { customer, goneProducts, gonePacks } : null;
}

export type Correction = {
  /** Lines to take out of the sale (products no longer sold). */
  removeProducts?: number[];
  /** Lines sold by these pack sizes to take out (packs the product no longer has). */
  removePacks?: number[];
  /** The debtor named instead: a name and a phone number. */
  customer?: { name: string; phone_number: string };
};

/** Payments cut from the last back so that they never exceed the total: money handed back for removed lines. */
function paymentsWithin(payments: CounterSaleBody['payments'], total: bigint): CounterSaleBody['payments'] {
  let room = total;
  const kept: CounterSaleBody['payments'] = [];
  for (const payment of payments) {
    const amount = toKobo(payment.amount) < room ? toKobo(payment.amount) : room;
    room -= amount;
    if (amount > 0n) kept.push({ ...payment, amount: fromKobo(amount) });
  }
  return kept;
}

/**
 * A refused sale corrected by the clerk and sent again as the same sale (same client_sale_id, same receipt
 * number). `validate` is the contract's check of the corrected body; its first problem is thrown in its words.
 */
export async function correctEntry(
  db: CounterDb,
  order: number,
  correction: Correction,
  validate: (body: SaleEntry['body']) => string | null,
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(order);
    if (entry?.kind !== 'sale' || entry.state !== 'needs_attention')
      throw new Error(COUNTER_SCREEN_MESSAGES.notCorrectable);
    const removed = new Set(correction.removeProducts ?? []);
    const removedPacks = new Set(correction.removePacks ?? []);
    // The snapshot's lines are the body's, in the same order (sale-body.ts): taken out at the same places.
    const isKept = entry.body.lines.map(
      (line) => !removed.has(line.product_id) && !(line.pack_id && removedPacks.has(line.pack_id)),
    );
    const lines = entry.body.lines.filter((_, index) => isKept[index]);
    const snapshotLines = entry.snapshot.lines.filter((_, index) => isKept[index] ?? true);
    const lineTotal = toKobo(counterTotals(lines, []).total);
    const payments = paymentsWithin(entry.body.payments, lineTotal);
    const totals = counterTotals(lines, payments);
    const customer: CounterCustomer | null | undefined = correction.customer ?? entry.body.customer;
    const body = { ...entry.body, lines, payments, customer: customer ?? null };
    const problem = validate(body);
    if (problem) throw new Error(problem);
    const cashChanged = JSON.stringify(payments) !== JSON.stringify(entry.body.payments);
    await updateEntry<SaleEntry>(db, order, {
      body,
      snapshot: {
        ...entry.snapshot,
        lines: snapshotLines,
        payments,
        ...totals,
        ...(correction.customer
          ? { customer_name: correction.customer.name.trim(), customer_phone: correction.customer.phone_number }
          : {}),
        ...(cashChanged ? { cash_given: null, change: null } : {}),
      },
      state: 'waiting',
      attempts: 0,
      next_attempt_at: 0,
      last_error: null,
      refused_fields: null,
      updated_at: new Date().toISOString(),
    });
  });
}

/**
 * A refused payment whose amount the person can change: the server named the amount (more than the sale owes
 * now, most often: another payment came first). Refused means not taken, so it goes again under its own key.
 */
export function isPaymentCorrectable(entry: OutboxEntry): entry is PaymentEntry {
  return (
    entry.kind === 'payment' && entry.state === 'needs_attention' && (entry.refused_fields ?? []).includes('amount')
  );
}

/**
 * A refused payment sent again as the person corrected it (the form checked it by the contract), under its own
 * key: refused means not taken, so the key was never used.
 */
export async function correctPayment(
  db: CounterDb,
  order: number,
  correction: { amount: string; method?: PaymentMethod },
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(order);
    if (entry?.kind !== 'payment' || entry.state !== 'needs_attention')
      throw new Error(COUNTER_SCREEN_MESSAGES.paymentNotCorrectable);
    await updateEntry<PaymentEntry>(db, order, {
      amount: normalizeMoney(correction.amount.trim()),
      method: correction.method ?? entry.method,
      state: 'waiting',
      attempts: 0,
      next_attempt_at: 0,
      last_error: null,
      refused_fields: null,
      updated_at: new Date().toISOString(),
    });
  });
}

/**
 * What a sale made on this phone still owes as far as the phone knows: what it left owing when sold, less the
 * payments made here for it since (waiting or recorded; not those discarded). The server decides in the end: a
 * payment above what it owes by then is refused with the balance, and stays here to correct.
 */
export function owedOnPhone(sale: SaleEntry, entries: readonly OutboxEntry[]): string {
  const serverId = sale.state === 'recorded' ? sale.answer?.sale.id : undefined;
  let owed = toKobo(sale.snapshot.owed);
  for (const entry of entries) {
    if (entry.kind !== 'payment' || entry.state === 'discarded') continue;
    const isFor = entry.after_sale === sale.client_sale_id || (serverId !== undefined && entry.sale_id === serverId);
    if (isFor) owed -= toKobo(entry.amount);
  }
  return fromKobo(owed > 0n ? owed : 0n);
}

/** A refused sale or payment put away with the reason someone gave: kept on the phone (and in the export), never sent. */
export async function discardEntry(db: CounterDb, order: number, reason: string): Promise<void> {
  const trimmed = reason.trim();
  if (trimmed.length < 3) throw new Error('Say why this is discarded.');
  await db.outbox
    .where('order')
    .equals(order)
    .and((entry) => entry.state === 'needs_attention')
    .modify({ state: 'discarded', discard_reason: trimmed, updated_at: new Date().toISOString() });
}

/** Everything not yet recorded, as a JSON document to keep or hand to the owner: nothing on the phone is lost. */
export async function exportOutbox(db: CounterDb): Promise<string> {
  const states: OutboxState[] = [...PENDING_STATES, 'discarded'];
  const entries = (await db.outbox.where('state').anyOf(states).toArray()).sort(
    (a, b) => (a.order ?? 0) - (b.order ?? 0),
  );
  return JSON.stringify(
    {
      exported_at: new Date().toISOString(),
      sales: entries
        .filter((entry) => entry.kind === 'sale')
        .map(({ body, state, attempts, last_error, discard_reason, snapshot }) => ({
          state,
          attempts,
          last_error,
          discard_reason,
          body,
          snapshot,
        })),
      payments: entries
        .filter((entry) => entry.kind === 'payment')
        .map(({ state, attempts, last_error, discard_reason, payment_key, sale_id, after_sale, amount, method }) => ({
          state,
          attempts,
          last_error,
          discard_reason,
          idempotency_key: payment_key,
          sale_id,
          after_sale,
          amount,
          method,
        })),
    },
    null,
    2,
  );
}
