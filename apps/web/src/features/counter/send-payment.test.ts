import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueuePayment } from './outbox';
import { answered } from './send-payment';
import { type CounterDb, counterDb } from './store';

let db: CounterDb;
let userId = 1000;

beforeEach(() => {
  userId += 1;
  db = counterDb(userId, 1);
});
afterEach(async () => {
  await db.delete();
});

const payment = () =>
  enqueuePayment(db, {
    target: { sale_id: 12 },
    amount: '500',
    method: 'cash',
    snapshot: { currency: 'NGN', customer_name: 'Bisi', sale_label: 'Sale #12', balance: '900.00' },
  });

describe('waiting for a payment’s answer in the dialog', () => {
  it('answers the entry once the outbox has the server’s answer: here a refusal after a lost attempt', async () => {
    const made = await payment();
    const order = made.order as number;
    const waiting = answered(db, order, 5_000);
    await db.outbox.update(order, { state: 'sending' });
    await db.outbox.update(order, { state: 'waiting', last_error: 'No network' });
    await db.outbox.update(order, { state: 'needs_attention', last_error: 'The payment is more than the balance.' });
    expect(await waiting).toMatchObject({
      state: 'needs_attention',
      last_error: 'The payment is more than the balance.',
    });
  });

  it('lets the person go when no answer came in time: the payment stays in the outbox', async () => {
    const made = await payment();
    expect(await answered(db, made.order as number, 50)).toBeUndefined();
    expect((await db.outbox.get(made.order as number))?.state).toBe('waiting');
  });
});
