import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businessId } from './columns';

/**
 * The Idempotency-Keys of the writes a phone may send twice (a payment, an expense, a delivery, a stock
 * change, a new cart or product): one row per key, business and sender, written in the write's own transaction, so
 * the key exists exactly when the write committed (platform/idempotency.ts). A sale keeps its key on its
 * own row instead (sales.idempotency_key): see that file for why.
 */
export const idempotent_requests = pgTable(
  'idempotent_requests',
  {
    business_id: businessId(),
    /**
     * Who sent it: a key is one person's. Scoped by business alone, a customer repeating another's key and body
     * was answered the other's cart, and their own request was never made. No foreign key: the row is a
     * retry's memory, not a record of the person, and goes with its business.
     */
    user_id: bigint({ mode: 'number' }).notNull(),
    key: text().notNull(),
    /** The endpoint's name in the contract: a key is one request, never a payment and then an expense. */
    operation: text().notNull(),
    /** sha256 of the request's validated body: the same key with another body is refused, not replayed. */
    fingerprint: text().notNull(),
    /** The record a replay answers with: the sale paid, the product changed, the expense or cart made. */
    subject_id: bigint({ mode: 'number' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.user_id, t.key] })],
);
