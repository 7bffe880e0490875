import type { PaymentMethod, SaleDetail } from '@oja/contract';
import { liveQuery } from 'dexie';
import type { CounterService } from './counter-service';
import { enqueuePayment, type PaymentTarget } from './outbox';
import { correctPayment } from './outbox-repair';
import type { CounterDb, OutboxEntry, PaymentSnapshot } from './store';

/**
 * How long a person online waits for the server's answer to a debt payment before the dialog lets them go: a
 * quick answer is shown as it always was; a slow or lost one leaves the payment in the outbox, which keeps
 * sending it (ADR 0019).
 */
export const ANSWER_WAIT_MS = 8_000;

export type PaymentOutcome =
  /** The server took it: the sale as it is now. */
  | { kind: 'recorded'; sale: SaleDetail }
  /** On this phone, to be sent when the network lets it. */
  | { kind: 'saved' }
  /** The server refused it: it stays in the outbox with the reason until corrected (here) or discarded. */
  | { kind: 'refused'; order: number; message: string; fields: string[] };

/** The entry once the server answered it (recorded or refused), or undefined when `ms` passed first. */
export function answered(db: CounterDb, order: number, ms: number): Promise<OutboxEntry | undefined> {
  return new Promise((resolve) => {
    let isDone = false;
    const finish = (entry: OutboxEntry | undefined) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(entry);
    };
    const timer = setTimeout(() => finish(undefined), ms);
    const subscription = liveQuery(() => db.outbox.get(order)).subscribe({
      next: (entry) => {
        if (entry?.state === 'recorded' || entry?.state === 'needs_attention') finish(entry);
      },
      error: () => finish(undefined),
    });
  });
}

/**
 * A debt payment, online or off, written to the outbox first and then sent by it (one code path). `refused`: the
 * payment the server refused in this same dialog, sent again as corrected (refused means not taken).
 */
export async function sendPayment(
  service: CounterService,
  payment: { target: PaymentTarget; amount: string; method: PaymentMethod; snapshot: PaymentSnapshot },
  refused: number | null,
): Promise<PaymentOutcome> {
  const { db } = service;
  let order: number;
  if (refused === null) {
    order = (await enqueuePayment(db, payment)).order as number;
  } else {
    await correctPayment(db, refused, { amount: payment.amount, method: payment.method });
    order = refused;
  }
  service.kick();
  if (!navigator.onLine) return { kind: 'saved' };
  const entry = await answered(db, order, ANSWER_WAIT_MS);
  if (entry?.kind === 'payment' && entry.state === 'recorded' && entry.answer) {
    return { kind: 'recorded', sale: entry.answer.sale };
  }
  if (entry?.state === 'needs_attention') {
    return { kind: 'refused', order, message: entry.last_error ?? '', fields: entry.refused_fields ?? [] };
  }
  return { kind: 'saved' };
}
