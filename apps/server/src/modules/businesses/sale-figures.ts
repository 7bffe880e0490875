import {
  BUSINESS_TIME_ZONE,
  type Currency,
  type CurrencyAmount,
  type DailyRevenue,
  type PaymentStatus,
  type ProductSold,
  RECENT_HOURS,
  type RecentSale,
} from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../db/business-day';
import type { Queryable } from '../../db/client';

/**
 * Read-only figures over sales, computed by PostgreSQL: each function is one
 * query that returns a handful of rows, however many sales there are. Money is
 * summed per currency in SQL and leaves as two-decimal text (a cart never mixes
 * currencies, so neither does a sale). Days are Lagos calendar days.
 *
 * The queries alias sales as `s` and sale lines as `l`.
 */

/** Which sales a figure counts: a whole business, one seller's, or one customer's. */
export type SaleScope = { businessId: number; soldBy?: number; customerId?: number };

/** Lagos calendar days, both ends included, as SQL date expressions. */
export type Period = { from: SQL; to: SQL };

/** The last `days` Lagos days, today included. */
export const lastDays = (days: number): Period => ({
  from: sql`(${businessToday} - ${days - 1}::int)`,
  to: businessToday,
});

export const periodOf = (from: string, to: string): Period => ({ from: sql`${from}::date`, to: sql`${to}::date` });

/** The first instant of a Lagos day. */
export const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/** The sales a figure counts (alias `s`): of the scope, never cancelled, created within the period. */
export function scopeOf(scope: SaleScope, period?: Period): SQL {
  // A cancelled sale stays in the history but counts in no figure.
  const conditions = [sql`s.business_id = ${scope.businessId}`, sql`s.status = 'active'`];
  if (scope.soldBy !== undefined) conditions.push(sql`s.created_by = ${scope.soldBy}`);
  if (scope.customerId !== undefined) conditions.push(sql`s.customer_id = ${scope.customerId}`);
  if (period) {
    conditions.push(sql`s.created_at >= ${dayStart(period.from)}`);
    conditions.push(sql`s.created_at < ${dayStart(sql`${period.to} + 1`)}`);
  }
  return sql.join(conditions, sql` and `);
}

/** Revenue per currency (largest first) and the number of sales. */
export async function saleTotals(
  db: Queryable,
  scope: SaleScope,
  period?: Period,
): Promise<{ amounts: CurrencyAmount[]; count: number }> {
  const { rows } = await db.execute<{ currency: Currency; amount: string; count: number }>(sql`
    select s.currency, round(sum(s.total_cart_amount), 2)::text as amount, count(*)::int as count
    from sales s
    where ${scopeOf(scope, period)}
    group by s.currency
    order by sum(s.total_cart_amount) desc, s.currency`);
  return {
    amounts: rows.map(({ currency, amount }) => ({ currency, amount })),
    count: rows.reduce((total, row) => total + row.count, 0),
  };
}

/** Revenue per day over the period, every day present (an empty list of amounts on a day without sales). */
export async function revenueByDay(db: Queryable, scope: SaleScope, period: Period): Promise<DailyRevenue[]> {
  const { rows } = await db.execute<{ date: string; currency: Currency | null; amount: string | null }>(sql`
    select days.day::date::text as date, s.currency, round(sum(s.total_cart_amount), 2)::text as amount
    from generate_series((${period.from})::timestamp, (${period.to})::timestamp, interval '1 day') as days(day)
    left join sales s
      on ${scopeOf(scope)}
      and s.created_at >= ${dayStart(sql`days.day::date`)}
      and s.created_at < ${dayStart(sql`days.day::date + 1`)}
    group by days.day, s.currency
    order by days.day, s.currency`);
  const byDate = new Map<string, DailyRevenue>();
  for (const row of rows) {
    const day = byDate.get(row.date) ?? { date: row.date, amounts: [] };
    if (row.currency && row.amount) day.amounts.push({ currency: row.currency, amount: row.amount });
    byDate.set(row.date, day);
  }
  return [...byDate.values()];
}

type RecentSaleRow = {
  id: string;
  product_name: string | null;
  quantity: number | null;
  item_count: number;
  customer_name: string;
  total: string;
  currency: Currency;
  payment_status: PaymentStatus;
  sold_by: string;
  created_at: Date | string;
};

/** The newest sales of the last 24 hours, each with its first item (the spec's tables show only that). */
export async function recentSales(db: Queryable, scope: SaleScope, limit = 10): Promise<RecentSale[]> {
  const { rows } = await db.execute<RecentSaleRow>(sql`
    select s.id, first_line.product_name, first_line.quantity, coalesce(first_line.item_count, 0) as item_count,
      s.customer_name, round(s.total_cart_amount, 2)::text as total, s.currency, s.payment_status,
      s.created_by_name as sold_by, s.created_at
    from sales s
    left join lateral (
      select (array_agg(l.product_name order by l.id))[1] as product_name,
        (array_agg(l.quantity order by l.id))[1] as quantity, count(*)::int as item_count
      from sale_lines l
      where l.business_id = s.business_id and l.sale_id = s.id
    ) first_line on true
    where ${scopeOf(scope)} and s.created_at > now() - make_interval(hours => ${RECENT_HOURS})
    order by s.created_at desc, s.id desc
    limit ${limit}`);
  return rows.map((row) => ({
    id: Number(row.id),
    product_name: row.product_name,
    quantity: row.quantity,
    item_count: row.item_count,
    customer_name: row.customer_name,
    total_cart_amount: row.total,
    currency: row.currency,
    payment_status: row.payment_status,
    sold_by: row.sold_by,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Products by units sold over every line of the scope's sales (not only each
 * sale's first item), most first. A product is named as in its latest sale.
 */
export async function topProducts(
  db: Queryable,
  scope: SaleScope,
  limit: number,
  period?: Period,
  by: 'quantity' | 'revenue' = 'quantity',
): Promise<ProductSold[]> {
  const order =
    by === 'quantity'
      ? sql`sum(l.quantity) desc, sum(l.line_total) desc, l.product_id`
      : sql`sum(l.line_total) desc, sum(l.quantity) desc, l.product_id`;
  const { rows } = await db.execute<{
    product_id: string;
    product_name: string;
    quantity: number;
    currency: Currency;
    revenue: string;
  }>(sql`
    select l.product_id, (array_agg(l.product_name order by l.id desc))[1] as product_name,
      sum(l.quantity)::int as quantity, s.currency, round(sum(l.line_total), 2)::text as revenue
    from sale_lines l
    join sales s on s.business_id = l.business_id and s.id = l.sale_id
    where ${scopeOf(scope, period)} and l.business_id = ${scope.businessId}
    group by l.product_id, s.currency
    order by ${order}
    limit ${limit}`);
  return rows.map((row) => ({ ...row, product_id: Number(row.product_id) }));
}
