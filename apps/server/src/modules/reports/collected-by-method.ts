import { type CollectedByMethod, type Currency, PAYMENT_METHODS, type PaymentMethod } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { report_payment_days } from '../../db/schema';
import { refundedByMethod } from './return-figures';
import type { Id, Period } from './sale-figures';

const t = alias(report_payment_days, 't');

/** [method, currency, amount], as the statement answers each row. */
export type MethodTuple = [PaymentMethod, Currency, string];

/**
 * The money collected in a period of Lagos days per payment method and currency: the payments on counted sales
 * (a cancelled sale's are in no figure, as for `collected`, whose total this splits), by the day they were
 * taken, read from their maintained totals (report_payment_days, whose key holds the method: ADR 0022), less the
 * refunds of the period's partial returns by theirs (ADR 0027). A day row whose count is back at 0 is ignored, as
 * every reader of the totals does.
 */
export function collectedByMethodJson(businessId: Id, period: Period): SQL {
  return sql`(select json_agg(json_build_array(x.method, x.currency, x.amount) order by x.currency, x.rank)
    from (
      select method, currency,
        array_position(array[${sql.raw(PAYMENT_METHODS.map((method) => `'${method}'`).join(', '))}], method) as rank,
        sum(amount)::numeric(14, 2)::text as amount
      from (
        select ${t.method} as method, ${t.currency} as currency, sum(${t.amount}) as amount
        from ${report_payment_days} ${t}
        where ${t.business_id} = ${businessId} and ${t.day} >= ${period.from} and ${t.day} <= ${period.to}
        group by ${t.method}, ${t.currency}
        having sum(${t.payments}) > 0
        union all
        select refunded.method, refunded.currency, -refunded.amount from ${refundedByMethod(businessId, period)} refunded
      ) y
      group by method, currency
    ) x)`;
}

export function collectedByMethodFrom(rows: MethodTuple[] | null): CollectedByMethod[] {
  return (rows ?? []).map(([method, currency, amount]) => ({ method, currency, amount }));
}

export async function collectedByMethod(
  db: Queryable,
  businessId: number,
  period: Period,
): Promise<CollectedByMethod[]> {
  const { rows } = await db.execute<{ rows: MethodTuple[] | null }>(
    sql`select ${collectedByMethodJson(businessId, period)} as rows`,
  );
  return collectedByMethodFrom(rows[0]?.rows ?? null);
}
