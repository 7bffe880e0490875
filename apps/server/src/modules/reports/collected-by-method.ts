import {
  BUSINESS_TIME_ZONE,
  type CollectedByMethod,
  type Currency,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { payments, sales } from '../../db/schema';
import { refundedByMethod } from './return-figures';
import type { Id, Period } from './sale-figures';

const p = alias(payments, 'p');
const s = alias(sales, 'ps');

/** [method, currency, amount], as the statement answers each row. */
export type MethodTuple = [PaymentMethod, Currency, string];

/**
 * The money collected in a period of Lagos days per payment method and currency: the payments on counted sales
 * (a cancelled sale's are in no figure, as for `collected`, whose total this splits), by the day they were
 * taken, less the refunds of the period's partial returns by theirs (ADR 0027). Read from the payments of the
 * period off payments_business_created_idx, not from a maintained total: report_payment_days has no method (ADR
 * 0022 says when that would change).
 */
export function collectedByMethodJson(businessId: Id, period: Period): SQL {
  const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
  return sql`(select json_agg(json_build_array(x.method, x.currency, x.amount) order by x.currency, x.rank)
    from (
      select method, currency,
        array_position(array[${sql.raw(PAYMENT_METHODS.map((method) => `'${method}'`).join(', '))}], method) as rank,
        sum(amount)::numeric(14, 2)::text as amount
      from (
        select ${p.method} as method, ${s.currency} as currency, ${p.amount} as amount
        from ${payments} ${p}
        join ${sales} ${s} on ${s.business_id} = ${p.business_id} and ${s.id} = ${p.sale_id}
        where ${p.business_id} = ${businessId} and ${s.status} = 'active'
          and ${p.created_at} >= ${dayStart(period.from)} and ${p.created_at} < ${dayStart(sql`(${period.to}) + 1`)}
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
