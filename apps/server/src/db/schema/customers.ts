import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businessId } from './columns';

/**
 * Two customers the owner said are one person (modules/customers/merge-customers.ts): the duplicate's sales were
 * moved to the customer kept. A customer is a registered customer (customer_id) or a name typed on sales
 * (name_key: lowered, outer spaces trimmed, as report_debtors keys a walk-in); exactly one of the two on each side.
 * The record keeps which sales moved and the name they carried, so a merge can be read back and is never lost.
 */
export const customer_merges = pgTable(
  'customer_merges',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** Ids as they were: the record outlives a deleted account. */
    kept_customer_id: bigint({ mode: 'number' }),
    kept_name_key: text(),
    /** The kept customer's name as shown when merged. */
    kept_name: text().notNull(),
    merged_customer_id: bigint({ mode: 'number' }),
    merged_name_key: text(),
    merged_name: text().notNull(),
    /** The sales that moved, and so were the duplicate's. */
    sale_ids: bigint({ mode: 'number' }).array().notNull(),
    moved_sales: integer().notNull(),
    merged_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    // A merged-away registered customer leaves the book until a sale names them again.
    index('customer_merges_merged_customer_idx')
      .on(t.business_id, t.merged_customer_id)
      .where(sql`${t.merged_customer_id} is not null`),
    check('customer_merges_kept_check', sql`(${t.kept_customer_id} is null) <> (${t.kept_name_key} is null)`),
    check('customer_merges_merged_check', sql`(${t.merged_customer_id} is null) <> (${t.merged_name_key} is null)`),
  ],
);
