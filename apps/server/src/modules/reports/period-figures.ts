import type { Currency, DailyFigures, PeriodFigures } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnceSql } from '../../db/built-once';
import type { Queryable } from '../../db/client';
import { report_expense_days, report_payment_days, report_sale_days } from '../../db/schema';
import { returnedDays } from './return-figures';
import { type Id, type Period, type TotalsScope, saleDays as t, totalsOf } from './sale-figures';

const paymentDays = alias(report_payment_days, 't');
const expenseDays = alias(report_expense_days, 't');

/**
 * The report's money, per currency, computed by PostgreSQL in numeric from the maintained totals
 * (docs/adr/0009-report-totals.md): revenue and the cost of the goods sold (from the cost each sale
 * line snapshotted) of the counted sales of the period, the period's expenses, the payments received
 * in it, and the profits between them. A currency appears when it has sales, expenses or payments.
 */

export type MoneyFigures = PeriodFigures & { sales: number; collected: string; outstanding: string };

/** A whole business's period of Lagos days, as the report asks for it: the values of the statements below. */
export type PeriodValues = { businessId: number; from: string; to: string };

/**
 * The scope and period of a statement built once (db/built-once.ts) with the report's values as placeholders:
 * drizzle composes these statements once per process instead of on every report.
 */
export function placeheldPeriod(): { scope: TotalsScope<Id>; period: Period } {
  return {
    scope: { businessId: sql.placeholder('businessId') },
    period: { from: sql`${sql.placeholder('from')}::date`, to: sql`${sql.placeholder('to')}::date` },
  };
}

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

/**
 * The period's counted sales per day and currency, from the maintained totals, with the partial returns counted
 * on the day they happened (return-figures.ts): a day with a return and no sale is a day of the figures.
 */
const periodSales = (scope: TotalsScope<Id>, period: Period) => sql`
  sold_days as (
    select day, currency, sum(sales) as sales, sum(revenue) as revenue, sum(outstanding) as outstanding,
      sum(cost) as cost
    from (
      select ${t.day} as day, ${t.currency} as currency, sum(${t.sales}) as sales, sum(${t.revenue}) as revenue,
        sum(${t.revenue} - ${t.paid}) as outstanding, sum(${t.cost}) as cost
      from ${report_sale_days} ${t}
      where ${totalsOf(t, scope, period)}
      group by ${t.day}, ${t.currency}
      having sum(${t.sales}) > 0
      union all
      select day, currency, 0, revenue, 0, cost from ${returnedDays(scope, period)} returned
    ) x
    group by day, currency
  )`;

/** The period's expenses per day and currency (only a whole business's: a seller's figures have none). */
const periodExpenses = (scope: TotalsScope<Id>, period: Period) => sql`
  spent_days as (
    select ${expenseDays.day} as day, ${expenseDays.currency} as currency, sum(${expenseDays.amount}) as expenses
    from ${report_expense_days} ${expenseDays}
    where ${expenseDays.business_id} = ${scope.businessId}
      and ${scope.soldBy === undefined ? sql`true` : sql`false`}
      and ${expenseDays.day} >= ${period.from} and ${expenseDays.day} <= ${period.to}
    group by ${expenseDays.day}, ${expenseDays.currency}
    having sum(${expenseDays.expenses}) > 0
  )`;

const moneyStatement = builtOnceSql<PeriodValues, Row>(() => {
  const { scope, period } = placeheldPeriod();
  return sql`
    with ${periodSales(scope, period)},
    ${periodExpenses(scope, period)},
    sold as (
      select currency, sum(sales)::int as sales, sum(revenue) as revenue, sum(outstanding) as outstanding,
        sum(cost) as cost
      from sold_days group by currency
    ),
    spent_total as (select currency, sum(expenses) as expenses from spent_days group by currency),
    paid as (
      select currency, sum(collected) as collected from (
        select ${paymentDays.currency} as currency, sum(${paymentDays.amount}) as collected
        from ${report_payment_days} ${paymentDays}
        where ${totalsOf(paymentDays, scope, period)}
        group by ${paymentDays.currency}
        having sum(${paymentDays.payments}) > 0
        union all
        select currency, -refunded from ${returnedDays(scope, period)} refunded where refunded <> 0
      ) x group by currency
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
    order by coalesce(sd.revenue, 0) desc, coalesce(st.expenses, 0) desc, k.currency`;
});

/** The report's money figures of a whole business over the Lagos days `from` to `to`. */
export function moneyFigures(db: Queryable, values: PeriodValues): Promise<MoneyFigures[]> {
  return moneyStatement(db, values);
}

const dailyStatement = builtOnceSql<PeriodValues, PeriodFigures & { date: string | null }>(() => {
  const { scope, period } = placeheldPeriod();
  return sql`
    with ${periodSales(scope, period)},
    ${periodExpenses(scope, period)},
    sold as (select day, currency, revenue, cost from sold_days),
    spent_total as (select day, currency, expenses from spent_days),
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
    order by days.day, k.currency`;
});

/** Revenue, cost, expenses and profit per Lagos day of the period, every day present. */
export async function dailyFigures(db: Queryable, values: PeriodValues): Promise<DailyFigures[]> {
  const rows = await dailyStatement(db, values);
  const byDate = new Map<string, DailyFigures>();
  for (const { date, ...figures } of rows) {
    const key = date as string;
    const day = byDate.get(key) ?? { date: key, figures: [] };
    if (figures.currency) day.figures.push(figures);
    byDate.set(key, day);
  }
  return [...byDate.values()];
}
