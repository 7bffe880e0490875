import * as z from 'zod';
import { IDEMPOTENCY_HEADER } from './constants';

export const IDEMPOTENCY_MESSAGES = {
  keyFormat: 'The Idempotency-Key header has 8 to 100 letters, digits, dashes or underscores.',
  keyReused: 'This Idempotency-Key was already used for another request.',
} as const;

export const IDEMPOTENCY_KEY_PATTERN = /^[\w-]{8,100}$/;

/**
 * The header of every write a phone may send twice (a sale, a payment, an expense, a delivery, a stock change,
 * a new cart or product): a retry with the same key and body answers 200 with what the first attempt made, and
 * the header `idempotent-replayed: true`, instead of writing again. Without the header a write is made as sent.
 */
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES.keyFormat).optional(),
});

/** The answer's header that says it is a replay of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
