import type { Currency, Debtor, EmployeeSales, PaymentStatus, PaymentStatusSales } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { eachRun, type Limit, limitOf } from '../../db/limit';
import { report_debtors, report_sale_days, sales } from '../../db/schema';
import { figureOf } from './figure-json';
import {
  type Id,
  type Period,
  saleAlias as s,
  scopeOf,
  type TotalsScope,
  saleDays as t,
  totalsOf,
} from './sale-figures';

const d = alias(report_debtors, 'd');

/**
 * The report's tables over counted sales (never cancelled ones), from the maintained totals
 * (docs/adr/0009-report-totals.md); money summed per currency in SQL.
 */

/**
 * Sales and revenue per seller, most revenue first, as JSON (`EmployeeTuple`s); a seller is named as in their latest
 * sale of the period (by its time, then its id).
 *
 * The name is looked up in the seller's last day of the period with a counted sale, which their day rows give.
 * Looked up over the whole period newest id first, off sales_business_seller_idx, a past period walked every
 * later sale of the seller. Now the day's sales are walked newest first off sales_business_created_idx, in the
 * order the name is chosen by. The seller is matched as the day rows key them (coalesce: 0 for an account gone),
 * which no index of sales is on: on `created_by`, the planner took sales_seller_customers_idx, expecting a seller
 * to hold a few of the sales where one seller may hold most, and filtered nearly all of them.
 */
export function salesByEmployeeJson(scope: TotalsScope<Id>, period: Period): SQL {
  return sql`(select json_agg(json_build_array(nullif(e.sold_by, 0), n.name, e.currency, e.sales::int,
      round(e.revenue, 2)::text) order by e.revenue desc, e.sales desc, n.name)
    from (
      select d.sold_by, d.currency, sum(d.sales) as sales, sum(d.revenue) as revenue,
        max(d.day) filter (where d.sales > 0) as last_day
      from (
        select ${t.sold_by} as sold_by, ${t.currency} as currency, ${t.day} as day, sum(${t.sales}) as sales,
          sum(${t.revenue}) as revenue
        from ${report_sale_days} ${t}
        where ${totalsOf(t, scope, period)}
        group by ${t.sold_by}, ${t.currency}, ${t.day}
      ) d
      group by d.sold_by, d.currency
      having sum(d.sales) > 0
    ) e
    -- sold_by 0 stands for sales whose seller's account is gone (created_by null).
    cross join lateral (select (select ${s.created_by_name} from ${sales} ${s}
        where ${scopeOf({ businessId: scope.businessId }, { from: sql`e.last_day`, to: sql`e.last_day` })}
          and coalesce(${s.created_by}, 0) = e.sold_by and ${s.currency} = e.currency
        order by ${s.created_at} desc, ${s.id} desc
        limit 1) as name) n)`;
}

/** [user_id, name, currency, sales, revenue]: salesByEmployeeJson's seller. */
export type EmployeeTuple = [number | null, string, Currency, number, string];

export const employeesFrom = (employees: EmployeeTuple[] | null): EmployeeSales[] =>
  (employees ?? []).map(([user_id, name, currency, sales, revenue]) => ({ user_id, name, currency, sales, revenue }));

/** Sales, revenue and what is still owed per payment status, as JSON (`StatusTuple`s). */
export function salesByPaymentStatusJson(scope: TotalsScope<Id>, period: Period): SQL {
  return sql`(select json_agg(json_build_array(x.payment_status, x.currency, x.sales, x.revenue, x.outstanding)
      order by x.currency, array_position(array['paid', 'partial', 'not_paid'], x.payment_status::text))
    from (
      select ${t.payment_status} as payment_status, ${t.currency} as currency, sum(${t.sales})::int as sales,
        round(sum(${t.revenue}), 2)::text as revenue, round(sum(${t.revenue} - ${t.paid}), 2)::text as outstanding
      from ${report_sale_days} ${t}
      where ${totalsOf(t, scope, period)}
      group by ${t.payment_status}, ${t.currency}
      having sum(${t.sales}) > 0
    ) x)`;
}

/** [payment_status, currency, sales, revenue, outstanding]: salesByPaymentStatusJson's row. */
export type StatusTuple = [PaymentStatus, Currency, number, string, string];

export const statusesFrom = (statuses: StatusTuple[] | null): PaymentStatusSales[] =>
  (statuses ?? []).map(([payment_status, currency, sales, revenue, outstanding]) => ({
    payment_status,
    currency,
    sales,
    revenue,
    outstanding,
  }));

/**
 * The customers who owe the most now (whatever the period), as the debts list groups them:
 * registered customers by id, walk-ins by name in any letter case, per currency. The balances are
 * maintained (report_debtors); the name is the one on the group's latest open sale (sales_open_debtor_idx).
 * Every group owing at least the limit-th largest amount is named, so that ties sort by name as before:
 * `fetch first … with ties` reads the business's balances once (the amount was found by a sort of a
 * materialised copy of them, then that copy scanned again).
 * The rest is the scan and sort of those balances: an index on report_debtors (business, owed desc) would
 * read only the first few.
 */
export function topDebtorsJson(businessId: Id, limit: Limit): SQL {
  const rows = limitOf(limit);
  return sql`(select json_agg(json_build_array(x.customer_id, x.customer_name, x.currency, x.total_owed, x.open_sales)
      order by x.owed desc, x.customer_name)
    from (select nullif(c.customer_id, 0) as customer_id, latest.customer_name, c.currency,
        round(c.owed, 2)::text as total_owed, c.open_sales, c.owed
      from (select ${d.customer_id} as customer_id, ${d.name_key} as name_key, ${d.currency} as currency,
          ${d.owed} as owed, ${d.open_sales} as open_sales
        from ${report_debtors} ${d}
        where ${d.business_id} = ${businessId} and ${d.owed} > 0
        order by ${d.owed} desc
        fetch first ${rows} rows with ties) c
      cross join lateral (
        select ${s.customer_name} as customer_name from ${sales} ${s}
        where ${s.business_id} = ${businessId} and coalesce(${s.customer_id}, 0) = c.customer_id
          and (case when ${s.customer_id} is null then lower(trim(${s.customer_name})) else '' end) = c.name_key
          and ${s.currency} = c.currency and ${s.payment_status} <> 'paid' and ${s.status} = 'active'
        order by ${s.id} desc
        limit 1
      ) latest
      order by c.owed desc, latest.customer_name
      limit ${rows}) x)`;
}

/** [customer_id, customer_name, currency, total_owed, open_sales]: topDebtorsJson's debtor. */
export type DebtorTuple = [number | null, string, Debtor['currency'], string, number];

export const debtorsFrom = (debtors: DebtorTuple[] | null): Debtor[] =>
  (debtors ?? []).map(([customer_id, customer_name, currency, total_owed, open_sales]) => ({
    customer_id,
    customer_name,
    currency,
    total_owed,
    open_sales,
  }));

/** The customers who owe the most now (topDebtorsJson). */
export async function topDebtors(db: Queryable, businessId: number, limit: number): Promise<Debtor[]> {
  return debtorsFrom(await figureOf<DebtorTuple[]>(db, topDebtorsJson(businessId, eachRun(limit))));
}
