import { BUSINESS_TIME_ZONE } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { refunds, sale_returns, sales } from '../../db/schema';
import type { Id, Period, TotalsScope } from './sale-figures';

const r = alias(sale_returns, 'r');
const rs = alias(sales, 'rs');
const f = alias(refunds, 'f');

const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
const lagosDay = (moment: SQL | AnyPgColumn) => sql`(${moment} at time zone ${BUSINESS_TIME_ZONE})::date`;

/**
 * What the partial returns change in a period's figures, per Lagos day and currency (ADR 0027): the columns
 * `day, currency, revenue, cost, refunded`, to be added to the maintained totals' (ADR 0009) of those days.
 *
 * A return takes its sale's total down by the returned value, and the totals, which follow the sale's row, take
 * it off the sale's own day. The figures count a return on the day it happened instead: on the sale's day the
 * value is given back (+), on the return's day it comes off revenue (−), with the cost of the units put back on
 * the shelf (damaged units stay a cost: they are gone) and the money refunded (off what was collected).
 *
 * Read from the returns themselves (a few per business, off sale_returns_business_returned_idx), joined to their
 * sale as it is now, so a seller's deleted account or a re-dated sale moves them as it moves the totals.
 */
export function returnedDays(scope: TotalsScope<Id>, period: Period): SQL {
  const ofScope = sql.join(
    [
      sql`${r.business_id} = ${scope.businessId}`,
      sql`${r.kind} = 'return'`,
      sql`${rs.status} = 'active'`,
      scope.soldBy === undefined ? sql`true` : sql`coalesce(${rs.created_by}, 0) = ${scope.soldBy}`,
    ],
    sql` and `,
  );
  const join = sql`${sale_returns} ${r} join ${sales} ${rs} on ${rs.business_id} = ${r.business_id} and ${rs.id} = ${r.sale_id}`;
  const within = (moment: SQL | AnyPgColumn) =>
    sql`${moment} >= ${dayStart(period.from)} and ${moment} < ${dayStart(sql`(${period.to}) + 1`)}`;
  return sql`(
    select day, currency, sum(revenue) as revenue, sum(cost) as cost, sum(refunded) as refunded from (
      select ${lagosDay(r.created_at)} as day, ${rs.currency} as currency, -${r.amount} as revenue,
        case when ${r.restock} then -${r.cost} else 0 end as cost,
        coalesce((select sum(${f.amount}) from ${refunds} ${f}
          where ${f.business_id} = ${r.business_id} and ${f.return_id} = ${r.id}), 0) as refunded
      from ${join}
      where ${ofScope} and ${within(r.created_at)}
      union all
      select ${lagosDay(rs.created_at)}, ${rs.currency}, ${r.amount}, 0, 0
      from ${join}
      where ${ofScope} and ${within(rs.created_at)}
    ) x group by day, currency
  )`;
}

/** The refunds of the period's partial returns per method and currency (`method, currency, amount`). */
export function refundedByMethod(businessId: Id, period: Period): SQL {
  return sql`(
    select ${f.method} as method, ${rs.currency} as currency, sum(${f.amount}) as amount
    from ${refunds} ${f}
    join ${sale_returns} ${r} on ${r.business_id} = ${f.business_id} and ${r.id} = ${f.return_id}
    join ${sales} ${rs} on ${rs.business_id} = ${r.business_id} and ${rs.id} = ${r.sale_id}
    where ${r.business_id} = ${businessId} and ${r.kind} = 'return' and ${rs.status} = 'active'
      and ${r.created_at} >= ${dayStart(period.from)} and ${r.created_at} < ${dayStart(sql`(${period.to}) + 1`)}
    group by ${f.method}, ${rs.currency}
  )`;
}
