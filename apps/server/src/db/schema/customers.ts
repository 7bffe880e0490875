import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Each customer's figures as the customers book lists them (modules/customers/list-customer-book.ts,
 * docs/adr/0035-customer-totals.md), per customer as report_debtors keys a debtor (customer_id, or 0 and a
 * walk-in's lowered trimmed name) and currency. Kept by the sales' statement-level triggers in the writer's
 * transaction (migration 0056) and recounted by report_totals_recount, as the report totals are: the sums are
 * deltas; the latest sale and the latest phone only move forward when sales arrive, and are read again from the
 * sales of a customer whose sale left them or changed its day, name or phone (a merge, a back-dating).
 * Sales that name nobody (a blank name, the carts' default) are not kept: the book leaves them out, and every
 * anonymous sale would otherwise wait on one row. A row whose `sales` is back at 0 stays and is ignored.
 */
export const customer_totals = pgTable(
  'customer_totals',
  {
    business_id: businessId(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    name_key: text().notNull(),
    currency: text().notNull(),
    /** Every sale of the customer in the currency, cancelled ones too: the customer is in the book while > 0. */
    sales: integer().notNull(),
    /** The counted (active) sales and their total. */
    sales_count: integer().notNull(),
    total_bought: numeric().notNull(),
    /** What the open sales (active, not paid in full) still owe. */
    owed: numeric().notNull(),
    /** The latest sale (by created_at, then id) and the name typed on it, trimmed. */
    last_sale_at: timestamp({ withTimezone: true }),
    last_sale_id: bigint({ mode: 'number' }),
    latest_name: text(),
    /** The phone of the latest sale that carries one, and that sale. */
    phone: text(),
    phone_at: timestamp({ withTimezone: true }),
    phone_sale_id: bigint({ mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.customer_id, t.name_key, t.currency] })],
);
