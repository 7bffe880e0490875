import { BUSINESS_TIME_ZONE, COUNTER_MAX_CLOCK_AHEAD_MINUTES } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { refunds, sale_returns, sales } from '../../db/schema';
import type { Id, Period, TotalsScope } from './sale-figures';

const r = alias(sale_returns, 'r');
const rs = alias(sales, 'rs');
const f = alias(refunds, 'f');

/**
 * Each return's sale, read by its key: a LATERAL with a LIMIT is planned as one lookup per return, never pulled up
 * into a join. Joined, the planner hashed the returns and read every sale of the business beside them (a year's
 * report read the sales table some seventy times over: bench/README.md).
 */
const withSale = sql`cross join lateral (
  select ${rs.currency} as currency, ${rs.status} as status, ${rs.created_at} as created_at, ${rs.created_by} as created_by
  from ${sales} ${rs} where ${rs.business_id} = ${r.business_id} and ${rs.id} = ${r.sale_id} limit 1) ${rs}`;

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
 * Read from the returns themselves (a few per business, off sale_returns_business_returned_idx), each with its sale
 * as it is now (`withSale`), so a seller's deleted account or a re-dated sale moves them as it moves the totals.
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
  const join = sql`${sale_returns} ${r} ${withSale}`;
  const within = (moment: SQL | AnyPgColumn) =>
    sql`${moment} >= ${dayStart(period.from)} and ${moment} < ${dayStart(sql`(${period.to}) + 1`)}`;
  // A sale is returned after it was made, and a sale is dated at most the counter's clock allowance after it was
  // recorded (record-counter-sale.ts): so the returns of the period's sales are among those since its start, less
  // that allowance, which the returns' index narrows to the period's instead of the business's whole history.
  const sinceStart = sql`${r.created_at} >= ${dayStart(period.from)} - make_interval(mins => ${COUNTER_MAX_CLOCK_AHEAD_MINUTES})`;
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
      where ${ofScope} and ${sinceStart} and ${within(rs.created_at)}
    ) x group by day, currency
  )`;
}

/** The refunds of the period's partial returns per method and currency (`method, currency, amount`). */
export function refundedByMethod(businessId: Id, period: Period): SQL {
  return sql`(
    select ${f.method} as method, ${rs.currency} as currency, sum(${f.amount}) as amount
    from ${sale_returns} ${r} ${withSale}
    join ${refunds} ${f} on ${f.business_id} = ${r.business_id} and ${f.return_id} = ${r.id}
    where ${r.business_id} = ${businessId} and ${r.kind} = 'return' and ${rs.status} = 'active'
      and ${r.created_at} >= ${dayStart(period.from)} and ${r.created_at} < ${dayStart(sql`(${period.to}) + 1`)}
    group by ${f.method}, ${rs.currency}
  )`;
}
