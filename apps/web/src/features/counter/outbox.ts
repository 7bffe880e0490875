import {
  addQuantities,
  COUNTER_SCREEN_MESSAGES,
  type CounterSaleAnswer,
  type CounterSaleBody,
  type DeviceStatusBody,
  normalizeMoney,
  type PaymentMethod,
  type SaleDetail,
} from '@oja/contract';
import type { UpdateSpec } from 'dexie';
import {
  type CounterDb,
  type DeviceMeta,
  madeAt,
  newUuid,
  type OutboxEntry,
  type PaymentEntry,
  type PaymentSnapshot,
  PENDING_STATES,
  type SaleEntry,
  type SaleSnapshot,
} from './store';

/**
 * The outbox: every counter sale and every debt payment, online or off, is written here first and then sent, in
 * the order it was made (ADR 0013, ADR 0019). Not on TanStack Query's paused mutations, whose resumption its
 * maintainers do not stand behind.
 *
 * A send the server refused (a 4xx) sets that entry aside as needing attention, with the server's words, and the
 * next one goes on; a send that did not reach the server or found it failing (network, 5xx) stops the queue
 * until the backoff has passed, so entries keep their order. Sending the same entry twice is safe: the server
 * records (seller, client_sale_id) once, and a payment's Idempotency-Key once, and answers a repeat with the first.
 */

/** What one attempt at sending a sale or a payment came to. */
export type SendResult =
  /** A sale's answer, or a payment's: the sale with the payment. */
  | { kind: 'recorded'; answer: CounterSaleAnswer | { sale: SaleDetail } }
  /** The server read the entry and refused it: sending it again as it is would be refused again. */
  | { kind: 'refused'; message: string; fields?: string[] }
  /** The network, a failing server or an expired session: the same entry goes again later. */
  | { kind: 'retry'; message: string };

export type Transport = (entry: OutboxEntry) => Promise<SendResult>;

export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** The wait after the nth failed attempt in a row: 2 s, 4 s, 8 s … at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

/** The next receipt number of this phone: its prefix and the next of its own sequence ("BIS-0042"). */
function receiptNumber(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(4, '0')}`;
}

export class NoReceiptPrefixError extends Error {}

type NewSale = Omit<CounterSaleBody, 'client_sale_id' | 'receipt_number' | 'device_id' | 'sold_at'>;

/**
 * Writes a sale into the outbox with its own id and the next receipt number of this phone, in one transaction:
 * two sales never take the same number, and a sale is either wholly in the outbox or not at all.
 */
export async function enqueueSale(
  db: CounterDb,
  sale: NewSale,
  snapshot: SaleSnapshot,
  now: Date = new Date(),
): Promise<SaleEntry> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const device = (await db.meta.get('device')) as DeviceMeta | undefined;
    if (!device?.prefix) throw new NoReceiptPrefixError('This phone has no receipt numbers yet.');
    const sequence = device.sequence + 1;
    await db.meta.put({ ...device, sequence });
    const client_sale_id = newUuid();
    const receipt_number = receiptNumber(device.prefix, sequence);
    const entry: SaleEntry = {
      kind: 'sale',
      client_sale_id,
      receipt_number,
      body: { ...sale, client_sale_id, receipt_number, device_id: device.device_id, sold_at: now.toISOString() },
      snapshot,
      state: 'waiting',
      attempts: 0,
      next_attempt_at: 0,
      last_error: null,
      answer: null,
      discard_reason: null,
      updated_at: now.toISOString(),
    };
    entry.order = await db.outbox.add(entry);
    return entry;
  });
}

/**
 * What a debt payment pays: a sale the server holds (its id), or a sale made on this phone that has not reached
 * the server yet (its client_sale_id), which the payment waits for (ADR 0019).
 */
export type PaymentTarget = { sale_id: number } | { after_sale: string };

export type NewPayment = {
  target: PaymentTarget;
  amount: string;
  method: PaymentMethod;
  snapshot: PaymentSnapshot;
};

/** Writes a debt payment into the outbox with its own Idempotency-Key, made here, kept for every attempt. */
export async function enqueuePayment(
  db: CounterDb,
  payment: NewPayment,
  now: Date = new Date(),
): Promise<PaymentEntry> {
  const entry: PaymentEntry = {
    kind: 'payment',
    payment_key: `pay-${newUuid()}`,
    sale_id: 'sale_id' in payment.target ? payment.target.sale_id : null,
    after_sale: 'after_sale' in payment.target ? payment.target.after_sale : null,
    amount: normalizeMoney(payment.amount.trim()),
    method: payment.method,
    made_at: now.toISOString(),
    snapshot: payment.snapshot,
    state: 'waiting',
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    answer: null,
    discard_reason: null,
    updated_at: now.toISOString(),
  };
  entry.order = await db.outbox.add(entry);
  return entry;
}

/**
 * A payment that waits for a sale made on this phone takes the sale's server id once the sale is recorded. Until
 * then it waits behind it (the sale's refusal, correction or backoff), without holding up what comes after; a
 * discarded sale will never be recorded, so its payment needs someone to discard it too.
 */
async function resolveSale(db: CounterDb, payment: PaymentEntry): Promise<PaymentEntry | 'wait' | 'orphan'> {
  if (payment.sale_id !== null || payment.after_sale === null) return payment;
  const sale = await db.outbox.where('client_sale_id').equals(payment.after_sale).first();
  if (sale?.kind !== 'sale' || sale.state === 'discarded') return 'orphan';
  if (sale.state !== 'recorded' || !sale.answer) {
    const message = COUNTER_SCREEN_MESSAGES.paymentWaitsForSale(sale.receipt_number);
    if (payment.last_error !== message) await db.outbox.update(payment.order as number, { last_error: message });
    return 'wait';
  }
  const resolved = { ...payment, sale_id: sale.answer.sale.id, last_error: null };
  await updateEntry<PaymentEntry>(db, payment.order as number, { sale_id: resolved.sale_id, last_error: null });
  return resolved;
}

/** Dexie types an update of a union by the fields all its members share; these change one kind's own fields. */
export function updateEntry<T extends OutboxEntry>(
  db: CounterDb,
  order: number,
  changes: Partial<Omit<T, 'kind' | 'order'>>,
) {
  return db.outbox.update(order, changes as UpdateSpec<OutboxEntry>);
}

/** Entries still to send, in the order they were made ('sending' too: a send cut short by a reload goes again). */
async function sendable(db: CounterDb): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('state').anyOf('waiting', 'sending').toArray();
  return entries.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/**
 * Sends what waits, in order, until the queue is empty or an attempt must wait. The caller holds the outbox's
 * lock (one tab at a time). Answers when to try again (ms since the epoch), or null when nothing waits.
 */
export async function drainOutbox(db: CounterDb, transport: Transport, now: () => number = Date.now) {
  let recorded = 0;
  let refused = 0;
  for (const entry of await sendable(db)) {
    if (entry.next_attempt_at > now()) return { retryAt: entry.next_attempt_at, recorded, refused };
    const order = entry.order as number;
    // The entry may have changed since it was read (another tab before this one held the lock, a discard).
    let current = await db.outbox.get(order);
    if (!current || (current.state !== 'waiting' && current.state !== 'sending')) continue;
    if (current.kind === 'payment') {
      const resolved = await resolveSale(db, current);
      if (resolved === 'wait') continue;
      if (resolved === 'orphan') {
        await db.outbox.update(order, {
          state: 'needs_attention',
          last_error: COUNTER_SCREEN_MESSAGES.paymentSaleDiscarded(current.snapshot.sale_label),
          refused_fields: [],
          updated_at: new Date(now()).toISOString(),
        });
        refused += 1;
        continue;
      }
      current = resolved;
    }
    const attempts = current.attempts + 1;
    await db.outbox.update(order, { state: 'sending', attempts, updated_at: new Date(now()).toISOString() });
    let result: SendResult;
    try {
      result = await transport(current);
    } catch (error) {
      result = { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
    }
    const updated_at = new Date(now()).toISOString();
    if (result.kind === 'recorded') {
      await db.outbox.update(order, { state: 'recorded', answer: result.answer, last_error: null, updated_at });
      recorded += 1;
    } else if (result.kind === 'refused') {
      await db.outbox.update(order, {
        state: 'needs_attention',
        last_error: result.message,
        refused_fields: result.fields ?? [],
        updated_at,
      });
      refused += 1;
    } else {
      const retryAt = now() + backoffMs(attempts);
      await db.outbox.update(order, {
        state: 'waiting',
        next_attempt_at: retryAt,
        last_error: result.message,
        updated_at,
      });
      return { retryAt, recorded, refused };
    }
  }
  return { retryAt: null, recorded, refused };
}

/** The network is back: what waits goes now rather than at the end of its backoff. */
export async function sendNow(db: CounterDb): Promise<void> {
  await db.outbox.where('state').anyOf('waiting', 'sending').modify({ next_attempt_at: 0 });
}

export type OutboxSummary = { pending: number; needsAttention: number; oldestPendingAt: string | null };

export async function outboxSummary(db: CounterDb): Promise<OutboxSummary> {
  const entries = await db.outbox.where('state').anyOf(PENDING_STATES).toArray();
  const oldest = entries.reduce<string | null>(
    (soonest, entry) => (soonest === null || madeAt(entry) < soonest ? madeAt(entry) : soonest),
    null,
  );
  return {
    pending: entries.length,
    needsAttention: entries.filter((entry) => entry.state === 'needs_attention').length,
    oldestPendingAt: oldest,
  };
}

/** What the phone reports of its outbox to the owner (POST /counter/devices/status/). */
export function statusBody(businessId: number, deviceId: string, summary: OutboxSummary): DeviceStatusBody {
  return {
    business_id: businessId,
    device_id: deviceId,
    pending_count: summary.pending,
    oldest_pending_at: summary.oldestPendingAt,
    needs_attention_count: summary.needsAttention,
  };
}

/**
 * How many units of each product this phone sold that the copy's stock does not show yet: sales not recorded,
 * and those recorded after the copy arrived (`syncedAt`, this phone's clock).
 */
export async function soldSinceCopy(db: CounterDb, syncedAt: number): Promise<Map<number, number>> {
  const entries = await db.outbox
    .where('state')
    .anyOf([...PENDING_STATES, 'recorded'])
    .toArray();
  const byProduct = new Map<number, number>();
  for (const entry of entries) {
    if (entry.kind !== 'sale' || (entry.state === 'recorded' && Date.parse(entry.updated_at) < syncedAt)) continue;
    for (const [index, line] of entry.body.lines.entries()) {
      // The snapshot's lines are the body's, in order: a pack line's there says the base units it took.
      const shown = entry.snapshot.lines[index];
      const units = shown?.product_id === line.product_id ? (shown.base_quantity ?? line.quantity) : line.quantity;
      byProduct.set(line.product_id, addQuantities(byProduct.get(line.product_id) ?? 0, units));
    }
  }
  return byProduct;
}
