import { BUSINESS_TIME_ZONE, type Currency, type DailyFigures, type PeriodFigures } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dayStart, type Period, type SaleScope, scopeOf } from './sale-figures';

/**
 * The report's money, per currency, computed by PostgreSQL in numeric: revenue and the cost of the
 * goods sold (from the cost each sale line snapshotted) of the counted sales of the period, the
 * period's expenses, and the profits between them. A currency appears when it has sales or expenses.
 */

export type MoneyFigures = PeriodFigures & { sales: number; collected: string; outstanding: string };

type Row = {
  currency: Currency;
  sales: number;
  revenue: string;
  cost_of_goods_sold: string;
  gross_profit: string;
  expenses: string;
  net_profit: string;
  collected: string;
  outstanding: string;
};

/** Counted sales of the period with their revenue, what they still owe and the cost of their lines. */
const countedSales = (scope: SaleScope, period: Period) => sql`
  counted as (
    select s.id, s.currency, s.total_cart_amount, s.amount_paid,
      (s.created_at at time zone ${BUSINESS_TIME_ZONE})::date as day
    from sales s
    where ${scopeOf(scope, period)}
  ),
  line_costs as (
    select c.id, coalesce(sum(l.quantity * l.cost_price), 0) as cost
    from counted c
    join sale_lines l on l.business_id = ${scope.businessId} and l.sale_id = c.id
    group by c.id
  )`;

/** The period's expenses (only a whole business's: a seller's figures have none). */
const periodExpenses = (scope: SaleScope, period: Period) => sql`
  spent as (
    select e.date as day, e.currency, e.amount
    from expenses e
    where e.business_id = ${scope.businessId}
      and ${scope.soldBy === undefined && scope.customerId === undefined ? sql`true` : sql`false`}
      and e.date >= ${period.from} and e.date <= ${period.to}
  )`;

export async function moneyFigures(db: Queryable, scope: SaleScope, period: Period): Promise<MoneyFigures[]> {
  const { rows } = await db.execute<Row>(sql`
    with ${countedSales(scope, period)},
    ${periodExpenses(scope, period)},
    sold as (
      select c.currency, count(*)::int as sales, sum(c.total_cart_amount) as revenue,
        sum(c.total_cart_amount - c.amount_paid) as outstanding, sum(coalesce(lc.cost, 0)) as cost
      from counted c left join line_costs lc on lc.id = c.id
      group by c.currency
    ),
    spent_total as (select currency, sum(amount) as expenses from spent group by currency),
    paid as (
      select s.currency, sum(p.amount) as collected
      from payments p
      join sales s on s.business_id = p.business_id and s.id = p.sale_id
      where p.business_id = ${scope.businessId} and ${scopeOf(scope)}
        and p.created_at >= ${dayStart(period.from)} and p.created_at < ${dayStart(sql`${period.to} + 1`)}
      group by s.currency
    ),
    currencies as (
      select currency from sold union select currency from spent_total union select currency from paid
    )
    select k.currency, coalesce(sd.sales, 0) as sales,
      round(coalesce(sd.revenue, 0), 2)::text as revenue,
      round(coalesce(sd.cost, 0), 2)::text as cost_of_goods_sold,
      round(coalesce(sd.revenue, 0) - coalesce(sd.cost, 0), 2)::text as gross_profit,
      round(coalesce(st.expenses, 0), 2)::text as expenses,
      round(coalesce(sd.revenue, 0) - coalesce(sd.cost, 0) - coalesce(st.expenses, 0), 2)::text as net_profit,
      round(coalesce(pd.collected, 0), 2)::text as collected,
      round(coalesce(sd.outstanding, 0), 2)::text as outstanding
    from currencies k
    left join sold sd on sd.currency = k.currency
    left join spent_total st on st.currency = k.currency
    left join paid pd on pd.currency = k.currency
    order by coalesce(sd.revenue, 0) desc, coalesce(st.expenses, 0) desc, k.currency`);
  return rows;
}

/** Revenue, cost, expenses and profit per Lagos day of the period, every day present. */
export async function dailyFigures(db: Queryable, scope: SaleScope, period: Period): Promise<DailyFigures[]> {
  const { rows } = await db.execute<PeriodFigures & { date: string | null }>(sql`
    with ${countedSales(scope, period)},
    ${periodExpenses(scope, period)},
    sold as (
      select c.day, c.currency, sum(c.total_cart_amount) as revenue, sum(coalesce(lc.cost, 0)) as cost
      from counted c left join line_costs lc on lc.id = c.id
      group by c.day, c.currency
    ),
    spent_total as (select day, currency, sum(amount) as expenses from spent group by day, currency),
    keys as (select day, currency from sold union select day, currency from spent_total)
    select days.day::date::text as date, k.currency,
      round(coalesce(sd.revenue, 0), 2)::text as revenue,
      round(coalesce(sd.cost, 0), 2)::text as cost_of_goods_sold,
      round(coalesce(sd.revenue, 0) - coalesce(sd.cost, 0), 2)::text as gross_profit,
      round(coalesce(st.expenses, 0), 2)::text as expenses,
      round(coalesce(sd.revenue, 0) - coalesce(sd.cost, 0) - coalesce(st.expenses, 0), 2)::text as net_profit
    from generate_series((${period.from})::timestamp, (${period.to})::timestamp, interval '1 day') as days(day)
    left join keys k on k.day = days.day::date
    left join sold sd on sd.day = k.day and sd.currency = k.currency
    left join spent_total st on st.day = k.day and st.currency = k.currency
    order by days.day, k.currency`);
  const byDate = new Map<string, DailyFigures>();
  for (const { date, ...figures } of rows) {
    const key = date as string;
    const day = byDate.get(key) ?? { date: key, figures: [] };
    if (figures.currency) day.figures.push(figures);
    byDate.set(key, day);
  }
  return [...byDate.values()];
}
