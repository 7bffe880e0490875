import { CURRENCIES, PAYMENT_METHODS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** How the money left: a cash expense comes out of the drawer the day close counts (ADR 0022). */
    payment_method: text({ enum: PAYMENT_METHODS }).notNull().default('cash'),
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
    /**
     * The CEO's list filtered by a category (its name compared lowered, list-expenses.ts): the page a walk of the
     * category's newest, and its count and totals read from the category's entries alone. Without it, the filter
     * read every expense of the business on every page.
     */
    index('expenses_business_category_idx').on(
      t.business_id,
      sql`lower(${t.category})`,
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // DELETE /expenses/delete/ names an expense by its id alone: its business is found through this index.
    index('expenses_id_idx').on(t.id),
    check('expenses_amount_check', sql`${t.amount} > 0`),
    check('expenses_currency_check', oneOf(t.currency, CURRENCIES)),
    check('expenses_payment_method_check', oneOf(t.payment_method, PAYMENT_METHODS)),
  ],
);

/**
 * Each business's expenses counted and summed per currency, kept by triggers on expenses in the same transaction
 * as every write of them, whatever makes it (a use case, the demo, a bulk load; migration 0033). The CEO's whole
 * list, the page the expenses screen opens on, reads its count and its totals here instead of counting and summing
 * every expense of the business on every page (list-expenses.ts). A row whose expenses are all gone stays, at 0.
 */
export const expense_totals = pgTable(
  'expense_totals',
  {
    business_id: businessId(),
    currency: text({ enum: CURRENCIES }).notNull(),
    expenses: integer().notNull().default(0),
    /** Their sum, exact: numeric of any size, two decimals as the amounts summed. */
    amount: numeric().notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.currency] }),
    check('expense_totals_expenses_check', sql`${t.expenses} >= 0`),
  ],
);
