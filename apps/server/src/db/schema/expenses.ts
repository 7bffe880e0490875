import { CURRENCIES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businessId, money, oneOf } from './columns';

/** The categories a CEO adds beside the fixed ones (EXPENSE_CATEGORIES in the contract). */
export const expense_categories = pgTable(
  'expense_categories',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    created_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    uniqueIndex('expense_categories_name_key').on(t.business_id, sql`lower(${t.name})`),
  ],
);

/** Money that left the business: one Lagos day, one category, one currency, always above zero. */
export const expenses = pgTable(
  'expenses',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    amount: money().notNull(),
    currency: text({ enum: CURRENCIES }).notNull().default('NGN'),
    /** A fixed category or one of the business's own, kept as its name. */
    category: text().notNull(),
    description: text().notNull().default(''),
    /** The Lagos day the money was spent (never in the future). */
    date: date({ mode: 'string' }).notNull(),
    created_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Who recorded it, as written at the time, so history survives a deleted member. */
    created_by_name: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    /** The CEO's list, newest day first, and the report's sums over a period of days. */
    index('expenses_business_date_idx').on(t.business_id, t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    /** A member's own list. */
    index('expenses_business_creator_idx').on(
      t.business_id,
      t.created_by,
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // DELETE /expenses/delete/ names an expense by its id alone: its business is found through this index.
    index('expenses_id_idx').on(t.id),
    check('expenses_amount_check', sql`${t.amount} > 0`),
    check('expenses_currency_check', oneOf(t.currency, CURRENCIES)),
  ],
);
