import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotent_requests } from '../db/schema';
import { transaction } from '../db/transaction';
import { type Answer, answer, type Http } from './endpoints';
import { conflict } from './errors';

/**
 * A write that a phone may send twice, made once per Idempotency-Key.
 *
 * On a slow network a phone often loses the answer of a write that did commit: the clerk sees an error and taps
 * again, or an offline queue sends it again later. Without a key the second attempt records the payment, the
 * expense or the delivery a second time. With one, it answers what the first attempt made.
 *
 * A key is its sender's: (business, user, key). Shared across a business, a customer repeating another's key and
 * body got the other's cart back and their own request was never made.
 *
 * The key is claimed first in the write's own transaction, by inserting its row (business_id, user_id, key): the key
 * exists exactly when the write committed, and a failed write leaves it free for the next attempt. A twin
 * arriving while the first attempt runs waits on that row's unique index entry, holding nothing else (so it
 * cannot take part in a deadlock with the stock's or the totals' locks), and then finds the first committed. The
 * claim comes before the write's own checks, so that a retry of a payment that settled the debt answers that
 * payment rather than "already paid", and a retry of a stock change is not judged against the stock it left.
 *
 * A sale keeps its key on its own row (sales.idempotency_key, confirm-sale.ts) instead: it is the hottest write
 * (bench/README.md), its row is one per request, and the key is looked up there only when the sale cannot be
 * made, which saves the claim's two statements on every sale.
 */
export type RequestKey = {
  key: string;
  /** The endpoint's name: one key is one request, never a payment and then an expense. */
  operation: string;
  /** The validated body's hash: the same key with another body is refused (409), never replayed. */
  fingerprint: string;
};

/** The request's key, when it sent one (the endpoint's headers schema checked its form). */
export function requestKeyOf(http: Http, operation: string, body: unknown): RequestKey | null {
  const key = http.request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string') return null;
  // The body as the contract parsed it: its keys in the schema's order, so the same request hashes the same.
  const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  return { key, operation, fingerprint };
}

/** Whose keys a key is among: the business written to and the person who sent it. */
export type KeyScope = { businessId: number; userId: number };

/** Whether the answer is a replay of an earlier attempt, and the record it is made of. */
export type Once = { subjectId: number; isReplay: boolean };

/**
 * Runs `write` in a transaction, once per key: `write` returns the id of the record the answer is made of (the
 * sale paid, the product changed, the expense or the cart made), and a replay returns the first attempt's.
 * Without a key it is the plain transaction.
 */
export async function writeOnce(
  db: Db,
  scope: KeyScope,
  requestKey: RequestKey | null,
  write: (tx: Tx) => Promise<number>,
): Promise<Once> {
  return transaction(db, async (tx) => {
    if (!requestKey) return { subjectId: await write(tx), isReplay: false };
    const earlier = await claim(tx, scope, requestKey);
    if (earlier !== null) return { subjectId: earlier, isReplay: true };
    const subjectId = await write(tx);
    await tx.update(idempotent_requests).set({ subject_id: subjectId }).where(keyIs(scope, requestKey.key));
    return { subjectId, isReplay: false };
  });
}

/** Null when the key is this request's now; the earlier request's subject when it was already used for it. */
const keyIs = (scope: KeyScope, key: string) =>
  and(
    eq(idempotent_requests.business_id, scope.businessId),
    eq(idempotent_requests.user_id, scope.userId),
    eq(idempotent_requests.key, key),
  );

async function claim(tx: Tx, scope: KeyScope, requestKey: RequestKey): Promise<number | null> {
  const claimed = await tx
    .insert(idempotent_requests)
    .values({
      business_id: scope.businessId,
      user_id: scope.userId,
      key: requestKey.key,
      operation: requestKey.operation,
      fingerprint: requestKey.fingerprint,
    })
    .onConflictDoNothing()
    .returning({ key: idempotent_requests.key });
  if (claimed.length > 0) return null;
  // Taken: by a committed request (a twin that was running has committed by now, or the insert would have
  // taken the key after its rollback). This statement's snapshot is newer than the insert's wait, so sees it.
  const [earlier] = await tx
    .select({
      operation: idempotent_requests.operation,
      fingerprint: idempotent_requests.fingerprint,
      subject_id: idempotent_requests.subject_id,
    })
    .from(idempotent_requests)
    .where(keyIs(scope, requestKey.key));
  const isSameRequest =
    earlier?.operation === requestKey.operation &&
    earlier.fingerprint === requestKey.fingerprint &&
    earlier.subject_id !== null;
  if (!isSameRequest) throw conflict(IDEMPOTENCY_MESSAGES.keyReused);
  return earlier.subject_id;
}

/** A replay answers 200 (not the entry's 201) with a header that says so; the first attempt as the entry says. */
export function onceAnswer<T>(data: T, isReplay: boolean): T | Answer<T> {
  return isReplay ? answer(data, { status: 200, headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } }) : data;
}
