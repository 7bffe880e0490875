import {
  DAY_CLOSE_MESSAGES,
  type DayClose,
  fromKobo,
  PAYMENT_METHODS,
  paidOutOf,
  toCountOf,
  toKobo,
} from '@oja/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { day_close_lines, day_closes } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { kobo } from './expected-lines';

type CloseRow = typeof day_closes.$inferSelect;

/** Closes as the API answers them, each with its lines (naira first, the methods in the contract's order). */
export async function dayClosesOf(db: Queryable, businessId: number, rows: CloseRow[]): Promise<DayClose[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(day_close_lines)
    .where(
      and(
        eq(day_close_lines.business_id, businessId),
        inArray(
          day_close_lines.close_id,
          rows.map((row) => row.id),
        ),
      ),
    );
  const order = (line: (typeof lines)[number]) =>
    `${line.currency === 'NGN' ? 0 : 1}${line.currency}${PAYMENT_METHODS.indexOf(line.method)}`;
  lines.sort((a, b) => order(a).localeCompare(order(b)));
  return rows.map((row) => ({
    id: row.id,
    scope: row.scope,
    closed_by: row.closed_by,
    closed_by_name: row.closed_by_name,
    period_start: new Date(row.period_start).toISOString(),
    period_end: new Date(row.period_end).toISOString(),
    note: row.note,
    pending_outbox: row.pending_outbox,
    lines: lines
      .filter((line) => line.close_id === row.id)
      .map(({ method, currency, received, refunded, spent, expected, counted, difference }) => ({
        method,
        currency,
        received,
        refunded,
        spent,
        expected,
        paid_out: paidOutOf(expected),
        counted,
        difference,
        count_difference: fromKobo(toKobo(counted) - kobo(toCountOf(expected))),
      })),
  }));
}

export async function loadDayClose(db: Queryable, businessId: number, id: number): Promise<DayClose> {
  const rows = await db
    .select()
    .from(day_closes)
    .where(and(eq(day_closes.business_id, businessId), eq(day_closes.id, id)));
  const [close] = await dayClosesOf(db, businessId, rows);
  if (!close) throw notFound(DAY_CLOSE_MESSAGES.notFound);
  return close;
}
