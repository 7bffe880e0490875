import {
  BUSINESS_TIME_ZONE,
  type Currency,
  type DayCloseExpectedLine,
  type DayCloseScope,
  DEFAULT_CURRENCY,
  fromKobo,
  PAYMENT_METHODS,
  type PaymentMethod,
  paidOutOf,
} from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { day_closes, expenses, payments, refunds, sales, supplier_payments } from '../../db/schema';

/** Whose money a close counts: the whole shop's, or what one member took in, gave back and spent. */
export type CloseOf = { businessId: number; scope: DayCloseScope; userId: number };

/**
 * A moment as JavaScript writes it (toISOString), to the millisecond: a period's ends are stored, answered and sent
 * back at that precision, so that the end one close counted up to is exactly where the next one starts.
 */
export const ISO_MS = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * Where the next close of a scope (and member) starts: where the previous one ended, so that closes follow each
 * other without a gap or an overlap; the first one starts at the beginning of today in Lagos. The database's clock
 * says when now is, for every phone alike.
 */
export async function nextPeriod(db: Queryable, of: CloseOf): Promise<{ start: string; now: string }> {
  const mine = of.scope === 'own' ? sql`and ${day_closes.closed_by} = ${of.userId}` : sql``;
  const { rows } = await db.execute<{ start: string; now: string }>(sql`
    select to_char(coalesce(
        (select max(${day_closes.period_end}) from ${day_closes}
          where ${day_closes.business_id} = ${of.businessId} and ${day_closes.scope} = ${of.scope} ${mine}),
        date_trunc('day', now() at time zone ${BUSINESS_TIME_ZONE}) at time zone ${BUSINESS_TIME_ZONE}
      ) at time zone 'UTC', ${ISO_MS}) as start,
      to_char(date_trunc('milliseconds', now()) at time zone 'UTC', ${ISO_MS}) as now`);
  const [row] = rows;
  if (!row) throw new Error('No period was computed.');
  return row;
}

type Row = { method: PaymentMethod; currency: Currency; received: string; refunded: string; spent: string };

/**
 * What should be there per payment method and currency over [start, end): the payments recorded (sales, their
 * later debt payments, counter sales at the moment the phone sold them), less the refunds given, and the
 * expenses recorded and the payments made to suppliers in the period (both money out, `spent`; supplier accounts
 * are in Naira, docs/adr/0028), each by the way it was paid. A cancelled sale's payment stays where it was
 * taken and its refund counts when it was given, so a closed period's figures never change afterwards. Money
 * is summed in SQL numeric. Naira's three methods are always there; another currency when it moved.
 */
export async function expectedLines(
  db: Queryable,
  of: CloseOf,
  period: { start: string; end: string },
): Promise<DayCloseExpectedLine[]> {
  const isOwn = of.scope === 'own';
  const inPeriod = (column: AnyPgColumn) =>
    sql`${column} >= ${period.start}::timestamptz and ${column} < ${period.end}::timestamptz`;
  const { rows } = await db.execute<Row>(sql`
    with moves as (
      select ${payments.method} as method, ${sales.currency} as currency, ${payments.amount} as received,
        0::numeric as refunded, 0::numeric as spent
      from ${payments}
      join ${sales} on ${sales.business_id} = ${payments.business_id} and ${sales.id} = ${payments.sale_id}
      where ${payments.business_id} = ${of.businessId} and ${inPeriod(payments.created_at)}
        ${isOwn ? sql`and ${payments.recorded_by} = ${of.userId}` : sql``}
      union all
      select ${refunds.method}, ${sales.currency}, 0, ${refunds.amount}, 0
      from ${refunds}
      join ${payments} on ${payments.business_id} = ${refunds.business_id} and ${payments.id} = ${refunds.payment_id}
      join ${sales} on ${sales.business_id} = ${payments.business_id} and ${sales.id} = ${payments.sale_id}
      where ${refunds.business_id} = ${of.businessId} and ${inPeriod(refunds.created_at)}
        ${isOwn ? sql`and ${refunds.refunded_by} = ${of.userId}` : sql``}
      union all
      select ${expenses.payment_method}, ${expenses.currency}, 0, 0, ${expenses.amount}
      from ${expenses}
      where ${expenses.business_id} = ${of.businessId} and ${inPeriod(expenses.created_at)}
        ${isOwn ? sql`and ${expenses.created_by} = ${of.userId}` : sql``}
      union all
      select ${supplier_payments.method}, ${DEFAULT_CURRENCY}, 0, 0, ${supplier_payments.amount}
      from ${supplier_payments}
      where ${supplier_payments.business_id} = ${of.businessId} and ${inPeriod(supplier_payments.created_at)}
        ${isOwn ? sql`and ${supplier_payments.paid_by} = ${of.userId}` : sql``}
    )
    select method, currency, sum(received)::numeric(14, 2)::text as received,
      sum(refunded)::numeric(14, 2)::text as refunded, sum(spent)::numeric(14, 2)::text as spent
    from moves group by method, currency`);
  const found = new Map(rows.map((row) => [`${row.method} ${row.currency}`, row]));
  const currencies = [...new Set<Currency>(['NGN', ...rows.map((row) => row.currency).sort()])];
  return currencies.flatMap((currency) =>
    PAYMENT_METHODS.map((method) => {
      const row = found.get(`${method} ${currency}`);
      const received = row?.received ?? '0.00';
      const refunded = row?.refunded ?? '0.00';
      const spent = row?.spent ?? '0.00';
      const expected = signedMoney(received, refunded, spent);
      return { method, currency, received, refunded, spent, expected, paid_out: paidOutOf(expected) };
    }),
  );
}

/** A signed money string as exact kobo. */
export function kobo(value: string): bigint {
  const negative = value.startsWith('-');
  const digits = negative ? value.slice(1) : value;
  const [whole = '0', fraction = ''] = digits.split('.');
  const amount = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -amount : amount;
}

/** received − refunded − spent, exact. */
function signedMoney(received: string, refunded: string, spent: string): string {
  return fromKobo(kobo(received) - kobo(refunded) - kobo(spent));
}
