import 'fake-indexeddb/auto';
import type { CounterSaleAnswer } from '@oja/contract';
import { counterSaleBodySchema } from '@oja/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  drainOutbox,
  enqueuePayment,
  enqueueSale,
  NoReceiptPrefixError,
  outboxSummary,
  type SendResult,
  sendNow,
  soldSinceCopy,
} from './outbox';
import {
  correctableOf,
  correctEntry,
  correctPayment,
  discardEntry,
  exportOutbox,
  isPaymentCorrectable,
  owedOnPhone,
  retryEntry,
} from './outbox-repair';
import {
  type CounterDb,
  counterDb,
  type OutboxEntry,
  type PaymentEntry,
  type PaymentSnapshot,
  type SaleEntry,
  type SaleSnapshot,
} from './store';

const snapshot: SaleSnapshot = {
  currency: 'NGN',
  customer_name: 'Walk-in',
  customer_phone: null,
  seller_name: 'Ada',
  lines: [{ product_id: 7, product_name: 'Rice', quantity: 2, unit_price: '1500.00', line_total: '3000.00' }],
  payments: [{ method: 'cash', amount: '3000.00' }],
  total: '3000.00',
  paid: '3000.00',
  owed: '0.00',
  payment_status: 'paid',
  cash_given: '5000.00',
  change: '2000.00',
};

const sale = (quantity = 2) => ({
  business_id: 1,
  catalogue_version: 3,
  customer: null,
  lines: [{ product_id: 7, quantity, unit_price: '1500.00' }],
  payments: [{ method: 'cash' as const, amount: (1500 * quantity).toFixed(2) }],
});

/** The entry a transport was given, as the sale it must be in these tests. */
function saleOf(entry: OutboxEntry): SaleEntry {
  if (entry.kind !== 'sale') throw new Error(`Expected a sale, got a ${entry.kind}`);
  return entry;
}

const answerFor = (entry: OutboxEntry) => ({ sale: { id: entry.order } }) as unknown as CounterSaleAnswer;

let db: CounterDb;
let userId = 0;

beforeEach(async () => {
  userId += 1;
  db = counterDb(userId, 1);
  await db.meta.put({ key: 'device', device_id: '6f1c1b8e-2d7a-4c55-9a43-0d7b7e1c2a11', prefix: 'BIS', sequence: 41 });
});
afterEach(async () => {
  await db.delete();
});

describe('a sale written to the outbox', () => {
  it('takes the next receipt number of the phone and a body the contract accepts', async () => {
    const first = await enqueueSale(db, sale(), snapshot, new Date('2026-12-05T10:00:00Z'));
    const second = await enqueueSale(db, sale(1), snapshot);
    expect(first.receipt_number).toBe('BIS-0042');
    expect(second.receipt_number).toBe('BIS-0043');
    expect(first.client_sale_id).not.toBe(second.client_sale_id);
    expect(counterSaleBodySchema.safeParse(first.body).success).toBe(true);
    expect(first.body.sold_at).toBe('2026-12-05T10:00:00.000Z');
    expect(await db.outbox.count()).toBe(2);
  });

  it('is refused before it is written when the phone never got a receipt prefix', async () => {
    await db.meta.put({ key: 'device', device_id: '6f1c1b8e-2d7a-4c55-9a43-0d7b7e1c2a11', prefix: null, sequence: 0 });
    await expect(enqueueSale(db, sale(), snapshot)).rejects.toBeInstanceOf(NoReceiptPrefixError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('numbers sales made at the same moment (two tabs) apart', async () => {
    const made = await Promise.all([1, 2, 3, 4, 5].map(() => enqueueSale(db, sale(), snapshot)));
    expect(new Set(made.map((entry) => entry.receipt_number)).size).toBe(5);
  });
});

describe('draining the outbox', () => {
  it('sends in the order the sales were made, each with the same body every time', async () => {
    const made: SaleEntry[] = [];
    for (const quantity of [1, 2, 3]) made.push(await enqueueSale(db, sale(quantity), snapshot));
    const sent: string[] = [];
    const result = await drainOutbox(db, async (entry) => {
      sent.push(saleOf(entry).client_sale_id);
      expect(saleOf(entry).body).toEqual(made.find((m) => m.client_sale_id === saleOf(entry).client_sale_id)?.body);
      return { kind: 'recorded', answer: answerFor(entry) };
    });
    expect(sent).toEqual(made.map((entry) => entry.client_sale_id));
    expect(result).toEqual({ retryAt: null, recorded: 3, refused: 0 });
    expect((await outboxSummary(db)).pending).toBe(0);
  });

  it('stops at a network failure, keeps the order and backs off before the next attempt', async () => {
    await enqueueSale(db, sale(1), snapshot);
    await enqueueSale(db, sale(2), snapshot);
    let clock = 1_000_000;
    const sent: number[] = [];
    const down = async (entry: OutboxEntry): Promise<SendResult> => {
      sent.push(entry.order as number);
      return { kind: 'retry', message: 'No network' };
    };
    const first = await drainOutbox(db, down, () => clock);
    expect(first.retryAt).toBe(clock + BACKOFF_FIRST_MS);
    expect(sent).toHaveLength(1);
    // Before the backoff has passed nothing is sent.
    await drainOutbox(db, down, () => clock + 1);
    expect(sent).toHaveLength(1);
    clock += BACKOFF_FIRST_MS;
    const second = await drainOutbox(db, down, () => clock);
    expect(second.retryAt).toBe(clock + 2 * BACKOFF_FIRST_MS);
    expect(sent).toEqual([sent[0], sent[0]]);
    const waiting = await db.outbox.toArray();
    expect(waiting.map((entry) => [entry.state, entry.attempts, entry.last_error])).toEqual([
      ['waiting', 2, 'No network'],
      ['waiting', 0, null],
    ]);
    // The network is back: what waits goes at once, in order.
    await sendNow(db);
    const order: number[] = [];
    await drainOutbox(
      db,
      async (entry) => {
        order.push(entry.order as number);
        return { kind: 'recorded', answer: answerFor(entry) };
      },
      () => clock,
    );
    expect(order).toEqual(waiting.map((entry) => entry.order));
  });

  it('sets a refused sale aside with the reason and goes on with the next', async () => {
    const refused = await enqueueSale(db, sale(1), snapshot);
    const next = await enqueueSale(db, sale(2), snapshot);
    await drainOutbox(db, async (entry) =>
      entry.order === refused.order
        ? { kind: 'refused', message: "This sale's time is in the future." }
        : { kind: 'recorded', answer: answerFor(entry) },
    );
    expect(await db.outbox.get(refused.order as number)).toMatchObject({
      state: 'needs_attention',
      last_error: "This sale's time is in the future.",
    });
    expect((await db.outbox.get(next.order as number))?.state).toBe('recorded');
    expect(await outboxSummary(db)).toMatchObject({ pending: 1, needsAttention: 1 });
  });

  it('sends again a sale whose send was cut short (a reload while sending)', async () => {
    const entry = await enqueueSale(db, sale(), snapshot);
    await db.outbox.update(entry.order as number, { state: 'sending', attempts: 1 });
    const sent: string[] = [];
    await drainOutbox(db, async (again) => {
      sent.push(saleOf(again).client_sale_id);
      return { kind: 'recorded', answer: answerFor(again) };
    });
    expect(sent).toEqual([entry.client_sale_id]);
    expect((await db.outbox.get(entry.order as number))?.attempts).toBe(2);
  });

  it('treats a transport that throws as a failure to retry, never as recorded', async () => {
    const entry = await enqueueSale(db, sale(), snapshot);
    const result = await drainOutbox(db, async () => {
      throw new Error('aborted');
    });
    expect(result.retryAt).not.toBeNull();
    expect((await db.outbox.get(entry.order as number))?.state).toBe('waiting');
  });

  it('two drains at once (no Web Locks) send each sale at most twice and record it once', async () => {
    for (const quantity of [1, 2, 3]) await enqueueSale(db, sale(quantity), snapshot);
    const recorded = new Map<string, number>();
    const server = async (entry: OutboxEntry): Promise<SendResult> => {
      // The server's rule: one sale per client_sale_id, a repeat answers the first.
      if (!recorded.has(saleOf(entry).client_sale_id)) recorded.set(saleOf(entry).client_sale_id, recorded.size + 1);
      return { kind: 'recorded', answer: answerFor(entry) };
    };
    await Promise.all([drainOutbox(db, server), drainOutbox(db, server)]);
    expect(recorded.size).toBe(3);
    expect((await db.outbox.toArray()).every((entry) => entry.state === 'recorded')).toBe(true);
  });
});

describe('what the clerk does with a refused sale', () => {
  it('retries it, or discards it with a reason, and both stay exportable', async () => {
    const a = await enqueueSale(db, sale(1), snapshot);
    const b = await enqueueSale(db, sale(2), snapshot);
    await drainOutbox(db, async () => ({ kind: 'refused', message: 'A product of this sale is not sold.' }));
    await retryEntry(db, a.order as number);
    expect((await db.outbox.get(a.order as number))?.state).toBe('waiting');
    await expect(discardEntry(db, b.order as number, ' ')).rejects.toThrow('Say why');
    await discardEntry(db, b.order as number, 'Customer returned the goods');
    expect(await db.outbox.get(b.order as number)).toMatchObject({
      state: 'discarded',
      discard_reason: 'Customer returned the goods',
    });
    const exported = JSON.parse(await exportOutbox(db));
    expect(exported.sales.map((entry: { state: string; body: { receipt_number: string } }) => entry.state)).toEqual([
      'waiting',
      'discarded',
    ]);
    expect(exported.sales[1].body.receipt_number).toBe(b.receipt_number);
    // A discarded sale is not pending and never sent.
    expect((await outboxSummary(db)).pending).toBe(1);
  });
});

describe('correcting a refused sale on the phone', () => {
  const check = (body: SaleEntry['body']) => {
    const parsed = counterSaleBodySchema.safeParse(body);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Refused.');
  };
  const twoLines = {
    ...sale(1),
    lines: [
      { product_id: 7, quantity: 1, unit_price: '1500.00' },
      { product_id: 9, quantity: 2, unit_price: '250.00' },
    ],
    payments: [{ method: 'cash' as const, amount: '2000.00' }],
  };

  it('takes out the line of a product no longer sold and sends the same sale again, paid what it now costs', async () => {
    const made = await enqueueSale(db, twoLines, snapshot);
    await drainOutbox(db, async () => ({ kind: 'refused', message: 'Not sold.', fields: ['lines'] }));
    const refused = (await db.outbox.get(made.order as number)) as OutboxEntry;
    // Product 9 left the copy: it is the line to take out.
    expect(correctableOf(refused, new Set([7]))).toEqual({ customer: false, goneProducts: [9], gonePacks: [] });
    await correctEntry(db, made.order as number, { removeProducts: [9] }, check);

    const sent: OutboxEntry[] = [];
    await drainOutbox(db, async (entry) => {
      sent.push(entry);
      return { kind: 'recorded', answer: answerFor(entry) };
    });
    expect(sent).toHaveLength(1);
    expect(saleOf(sent[0] as OutboxEntry).body).toMatchObject({
      client_sale_id: made.client_sale_id,
      receipt_number: made.receipt_number,
      lines: [{ product_id: 7, quantity: 1 }],
      payments: [{ method: 'cash', amount: '1500.00' }],
    });
    expect(sent[0]?.snapshot).toMatchObject({ total: '1500.00', paid: '1500.00', owed: '0.00' });
  });

  it('names the debtor the server could not find, and refuses a correction the contract would refuse', async () => {
    const owed = { ...sale(2), payments: [{ method: 'cash' as const, amount: '1000.00' }], customer: { id: 44 } };
    const made = await enqueueSale(db, owed, snapshot);
    await drainOutbox(db, async () => ({ kind: 'refused', message: 'Customer not found.', fields: ['customer'] }));
    const order = made.order as number;
    expect(correctableOf((await db.outbox.get(order)) as OutboxEntry, new Set([7]))).toEqual({
      customer: true,
      goneProducts: [],
      gonePacks: [],
    });
    // Taking out every line leaves nothing to sell: refused on the phone, the sale left as it was.
    await expect(correctEntry(db, order, { removeProducts: [7] }, check)).rejects.toThrow('at least one product');
    expect((await db.outbox.get(order))?.state).toBe('needs_attention');
    await correctEntry(db, order, { customer: { name: 'Bisi Adewale', phone_number: '08051234567' } }, check);
    expect(await db.outbox.get(order)).toMatchObject({
      state: 'waiting',
      client_sale_id: made.client_sale_id,
      body: { customer: { name: 'Bisi Adewale' }, client_sale_id: made.client_sale_id },
      snapshot: { customer_name: 'Bisi Adewale' },
    });
  });

  it('takes out a line sold by a pack the product no longer has, keeping its other lines, paid what it now costs', async () => {
    const byPack = {
      ...sale(1),
      lines: [
        { product_id: 7, quantity: 1, unit_price: '1500.00' },
        { product_id: 7, pack_id: 70, quantity: 2, unit_price: '9000.00' },
      ],
      payments: [{ method: 'cash' as const, amount: '19500.00' }],
    };
    const lines = [
      { product_id: 7, product_name: 'Rice', quantity: 1, unit_price: '1500.00', line_total: '1500.00' },
      {
        product_id: 7,
        product_name: 'Rice',
        quantity: 2,
        unit_price: '9000.00',
        line_total: '18000.00',
        unit_name: 'bag',
        base_quantity: 20,
      },
    ];
    const made = await enqueueSale(db, byPack, { ...snapshot, lines, total: '19500.00', paid: '19500.00' });
    await drainOutbox(db, async () => ({ kind: 'refused', message: 'A pack is no longer sold.', fields: ['lines'] }));
    const refused = (await db.outbox.get(made.order as number)) as OutboxEntry;
    // The product is still sold; its pack 70 left the copy (another pack, 71, is there).
    expect(correctableOf(refused, new Set([7]), new Set([71]))).toEqual({
      customer: false,
      goneProducts: [],
      gonePacks: [70],
    });
    // While the copy's packs are not read yet, nothing is offered on their account.
    expect(correctableOf(refused, new Set([7]))).toBeNull();
    expect(correctableOf(refused, new Set([7]), new Set([70, 71]))).toBeNull();
    await correctEntry(db, made.order as number, { removePacks: [70] }, check);
    expect(await db.outbox.get(made.order as number)).toMatchObject({
      state: 'waiting',
      body: { lines: [{ product_id: 7, quantity: 1 }], payments: [{ method: 'cash', amount: '1500.00' }] },
      snapshot: { lines: [{ product_id: 7, quantity: 1, line_total: '1500.00' }], total: '1500.00' },
    });
    const corrected = saleOf((await db.outbox.get(made.order as number)) as OutboxEntry);
    expect(corrected.body.lines).toHaveLength(1);
    expect(corrected.snapshot.lines).toHaveLength(1);
  });

  it('is not offered when the refusal is about the ids (the server may hold a sale under them)', async () => {
    const made = await enqueueSale(db, twoLines, snapshot);
    await drainOutbox(db, async () => ({
      kind: 'refused',
      message: 'This sale id was used for another sale.',
      fields: ['client_sale_id', 'lines'],
    }));
    expect(correctableOf((await db.outbox.get(made.order as number)) as OutboxEntry, new Set([7]))).toBeNull();
    // Nor for a sale still waiting, which the server may yet record as it is.
    expect(correctableOf(made, new Set([7]))).toBeNull();
  });
});

describe('the backoff', () => {
  it('doubles from 2 s and stops growing at 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS);
  });
});

describe('stock shown from the copy', () => {
  it('takes away what this phone sold that the copy does not show yet', async () => {
    const early = await enqueueSale(db, sale(1), snapshot);
    await enqueueSale(db, sale(2), snapshot);
    await db.outbox.update(early.order as number, { state: 'recorded', updated_at: '2026-01-01T00:00:00.000Z' });
    // The copy arrived after the first sale was recorded: only the unsent one is missing from it.
    expect((await soldSinceCopy(db, Date.parse('2026-01-02T00:00:00Z'))).get(7)).toBe(2);
    expect((await soldSinceCopy(db, Date.parse('2025-12-31T00:00:00Z'))).get(7)).toBe(3);
  });
});

describe('a debt payment in the outbox (ADR 0019)', () => {
  const owing: SaleSnapshot = { ...snapshot, paid: '1000.00', owed: '2000.00', payment_status: 'partial' };
  const partPaid = () => ({ ...sale(), payments: [{ method: 'cash' as const, amount: '1000.00' }] });
  const paying: PaymentSnapshot = {
    currency: 'NGN',
    customer_name: 'Bisi',
    sale_label: 'BIS-0042',
    balance: '2000.00',
  };
  const paymentOf = (entry: OutboxEntry): PaymentEntry => {
    if (entry.kind !== 'payment') throw new Error(`Expected a payment, got a ${entry.kind}`);
    return entry;
  };
  /** A server that records sales as sale `1000 + order` and takes payments, counting what it was sent. */
  const server = () => {
    const sent: OutboxEntry[] = [];
    const transport = async (entry: OutboxEntry): Promise<SendResult> => {
      sent.push(entry);
      return entry.kind === 'sale'
        ? { kind: 'recorded', answer: { sale: { id: 1000 + (entry.order as number) } } as unknown as CounterSaleAnswer }
        : { kind: 'recorded', answer: { sale: { id: entry.sale_id, balance: '0.00' } } as never };
    };
    return { sent, transport };
  };

  it('pays a sale the server holds under its own key, with the amount as a decimal string, counted as waiting', async () => {
    const payment = await enqueuePayment(db, {
      target: { sale_id: 107 },
      amount: ' 1500 ',
      method: 'bank_transfer',
      snapshot: paying,
    });
    expect(payment).toMatchObject({ kind: 'payment', sale_id: 107, after_sale: null, amount: '1500.00' });
    expect(payment.payment_key).toMatch(/^pay-[0-9a-f-]{36}$/);
    expect((await outboxSummary(db)).pending).toBe(1);
    const { sent, transport } = server();
    // The answer lost once: the same payment goes again with the same key.
    await drainOutbox(db, async () => ({ kind: 'retry', message: 'No network' }));
    await sendNow(db);
    await drainOutbox(db, transport);
    expect(sent.map((entry) => paymentOf(entry).payment_key)).toEqual([payment.payment_key]);
    expect((await db.outbox.get(payment.order as number))?.state).toBe('recorded');
    expect((await outboxSummary(db)).pending).toBe(0);
  });

  it('waits for its sale made on this phone, then goes after it with the id the server gave the sale', async () => {
    const made = await enqueueSale(db, partPaid(), owing);
    const payment = await enqueuePayment(db, {
      target: { after_sale: made.client_sale_id },
      amount: '2000',
      method: 'cash',
      snapshot: paying,
    });
    // Offline: both wait, and the phone knows the sale owes nothing more.
    expect((await outboxSummary(db)).pending).toBe(2);
    expect(owedOnPhone(made, await db.outbox.toArray())).toBe('0.00');
    const { sent, transport } = server();
    await drainOutbox(db, transport);
    expect(sent.map((entry) => entry.order)).toEqual([made.order, payment.order]);
    expect(paymentOf(sent[1] as OutboxEntry).sale_id).toBe(1000 + (made.order as number));
  });

  it('waits behind its refused sale without holding up the next sale, and follows it once corrected', async () => {
    const made = await enqueueSale(db, partPaid(), owing);
    const payment = await enqueuePayment(db, {
      target: { after_sale: made.client_sale_id },
      amount: '500',
      method: 'cash',
      snapshot: paying,
    });
    const next = await enqueueSale(db, sale(1), snapshot);
    const sent: number[] = [];
    await drainOutbox(db, async (entry) => {
      sent.push(entry.order as number);
      return entry.order === made.order
        ? { kind: 'refused', message: 'Name the customer who owes.', fields: ['customer'] }
        : { kind: 'recorded', answer: answerFor(entry) };
    });
    expect(sent).toEqual([made.order, next.order]);
    const waiting = await db.outbox.get(payment.order as number);
    expect(waiting).toMatchObject({
      state: 'waiting',
      sale_id: null,
      last_error: 'Waits for sale BIS-0042 to reach the server first.',
    });

    await retryEntry(db, made.order as number);
    const { sent: after, transport } = server();
    await drainOutbox(db, transport);
    expect(after.map((entry) => entry.order)).toEqual([made.order, payment.order]);
    expect(await db.outbox.get(payment.order as number)).toMatchObject({ state: 'recorded', last_error: null });
  });

  it('needs attention when its sale was discarded: never sent, kept until discarded too', async () => {
    const made = await enqueueSale(db, partPaid(), owing);
    const payment = await enqueuePayment(db, {
      target: { after_sale: made.client_sale_id },
      amount: '500',
      method: 'cash',
      snapshot: paying,
    });
    await drainOutbox(db, async () => ({ kind: 'refused', message: 'The seller was removed.' }));
    await discardEntry(db, made.order as number, 'Sold by mistake');
    const { sent, transport } = server();
    await drainOutbox(db, transport);
    expect(sent).toHaveLength(0);
    expect(await db.outbox.get(payment.order as number)).toMatchObject({ state: 'needs_attention' });
    expect((await outboxSummary(db)).needsAttention).toBe(1);
    await discardEntry(db, payment.order as number, 'Its sale was discarded');
    expect((await outboxSummary(db)).pending).toBe(0);
    expect(JSON.parse(await exportOutbox(db)).payments).toEqual([
      expect.objectContaining({ state: 'discarded', discard_reason: 'Its sale was discarded', amount: '500.00' }),
    ]);
  });

  it('refused for its amount: kept with the reason, corrected and sent again under the same key', async () => {
    const payment = await enqueuePayment(db, {
      target: { sale_id: 107 },
      amount: '3000',
      method: 'cash',
      snapshot: paying,
    });
    await drainOutbox(db, async () => ({
      kind: 'refused',
      message: 'The payment is more than the balance of ₦2,000.00.',
      fields: ['amount'],
    }));
    const refused = (await db.outbox.get(payment.order as number)) as OutboxEntry;
    expect(refused).toMatchObject({
      state: 'needs_attention',
      last_error: 'The payment is more than the balance of ₦2,000.00.',
    });
    expect(isPaymentCorrectable(refused)).toBe(true);
    await correctPayment(db, payment.order as number, { amount: '2000' });
    const { sent, transport } = server();
    await drainOutbox(db, transport);
    expect(sent).toHaveLength(1);
    expect(paymentOf(sent[0] as OutboxEntry)).toMatchObject({ amount: '2000.00', payment_key: payment.payment_key });
    await expect(correctPayment(db, payment.order as number, { amount: '1' })).rejects.toThrow();
  });

  it('is not taken for a sale by the stock the copy shows', async () => {
    await enqueuePayment(db, { target: { sale_id: 107 }, amount: '100', method: 'cash', snapshot: paying });
    expect((await soldSinceCopy(db, 0)).size).toBe(0);
  });
});
