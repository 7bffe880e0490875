import { CURRENCIES, DAY_CLOSE_SCOPES, PAYMENT_METHODS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businessId, money, oneOf } from './columns';

/**
 * A close of the day (or a shift): a member's own takings (`own`) or the whole shop's (`shop`), over
 * [period_start, period_end). Never edited: what was expected and counted stays as it was at the close (ADR 0022).
 */
export const day_closes = pgTable(
  'day_closes',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    scope: text({ enum: DAY_CLOSE_SCOPES }).notNull(),
    closed_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Who closed, as written at the time, so history survives a deleted member. */
    closed_by_name: text().notNull(),
    period_start: timestamp({ withTimezone: true }).notNull(),
    period_end: timestamp({ withTimezone: true }).notNull(),
    note: text().notNull().default(''),
    /** Sales still waiting in the closing phone's outbox: stated, not counted. */
    pending_outbox: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    /**
     * A period starts where the previous close of its scope (and member) ended: two closes racing for the same
     * period (two phones, two taps) compute the same start, and the second is refused here.
     */
    uniqueIndex('day_closes_own_period_key')
      .on(t.business_id, t.closed_by, t.period_start)
      .where(sql`${t.scope} = 'own'`),
    uniqueIndex('day_closes_shop_period_key').on(t.business_id, t.period_start).where(sql`${t.scope} = 'shop'`),
    /** The history newest first, and the closed periods a sale's change is checked against. */
    index('day_closes_business_end_idx').on(t.business_id, t.period_end.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('day_closes_closer_end_idx').on(
      t.business_id,
      t.closed_by,
      t.period_end.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('day_closes_scope_check', oneOf(t.scope, DAY_CLOSE_SCOPES)),
    check('day_closes_period_check', sql`${t.period_start} <= ${t.period_end}`),
    check('day_closes_pending_check', sql`${t.pending_outbox} >= 0`),
  ],
);

/** One payment method and currency of a close: what should have been there, what was counted. */
export const day_close_lines = pgTable(
  'day_close_lines',
  {
    business_id: businessId(),
    close_id: bigint({ mode: 'number' }).notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    currency: text({ enum: CURRENCIES }).notNull(),
    received: money().notNull(),
    refunded: money().notNull(),
    spent: money().notNull(),
    expected: money().notNull(),
    counted: money().notNull(),
    difference: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.close_id, t.method, t.currency] }),
    foreignKey({
      columns: [t.business_id, t.close_id],
      foreignColumns: [day_closes.business_id, day_closes.id],
    }).onDelete('cascade'),
    check('day_close_lines_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('day_close_lines_currency_check', oneOf(t.currency, CURRENCIES)),
    check(
      'day_close_lines_sums_check',
      sql`${t.expected} = ${t.received} - ${t.refunded} - ${t.spent} and ${t.difference} = ${t.counted} - ${t.expected}`,
    ),
  ],
);
