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
import { REPORT_WINDOW_DAYS } from '../../db/schema';

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

/**
 * What the maintained totals (report_sale_days and the others, docs/adr/0009-report-totals.md) can
 * answer: a whole business or one seller. A customer's own figures read their sales (few, indexed).
 */
export type TotalsScope = { businessId: number; soldBy?: number; customerId?: never };

/** The totals rows (alias `t`) of the scope and, if given, of the period's days. */
export function totalsOf(scope: TotalsScope, period?: Period): SQL {
  const conditions = [sql`t.business_id = ${scope.businessId}`];
  if (scope.soldBy !== undefined) conditions.push(sql`t.sold_by = ${scope.soldBy}`);
  if (period) conditions.push(sql`t.day >= ${period.from} and t.day <= ${period.to}`);
  return sql.join(conditions, sql` and `);
}

/** Revenue per currency (largest first), what those sales have been paid so far, and their number. */
export async function saleTotals(
  db: Queryable,
  scope: SaleScope,
  period?: Period,
): Promise<{ amounts: CurrencyAmount[]; collected: CurrencyAmount[]; count: number }> {
  const { customerId } = scope;
  const { rows } = await db.execute<{ currency: Currency; amount: string; paid: string; count: number }>(
    customerId === undefined
      ? sql`
    select t.currency, round(sum(t.revenue), 2)::text as amount, round(sum(t.paid), 2)::text as paid,
      sum(t.sales)::int as count
    from report_sale_days t
    where ${totalsOf({ businessId: scope.businessId, soldBy: scope.soldBy }, period)}
    group by t.currency
    having sum(t.sales) > 0
    order by sum(t.revenue) desc, t.currency`
      : sql`
    select s.currency, round(sum(s.total_cart_amount), 2)::text as amount,
      round(sum(s.amount_paid), 2)::text as paid, count(*)::int as count
    from sales s
    where ${scopeOf(scope, period)}
    group by s.currency
    order by sum(s.total_cart_amount) desc, s.currency`,
  );
  return {
    amounts: rows.map(({ currency, amount }) => ({ currency, amount })),
    collected: rows.map(({ currency, paid }) => ({ currency, amount: paid })),
    count: rows.reduce((total, row) => total + row.count, 0),
  };
}

/** Revenue per day over the period, every day present (an empty list of amounts on a day without sales). */
export async function revenueByDay(db: Queryable, scope: TotalsScope, period: Period): Promise<DailyRevenue[]> {
  const { rows } = await db.execute<{ date: string; currency: Currency | null; amount: string | null }>(sql`
    with sold as (
      select t.day, t.currency, round(sum(t.revenue), 2)::text as amount
      from report_sale_days t
      where ${totalsOf(scope, period)}
      group by t.day, t.currency
      having sum(t.sales) > 0
    )
    select days.day::date::text as date, sd.currency, sd.amount
    from generate_series((${period.from})::timestamp, (${period.to})::timestamp, interval '1 day') as days(day)
    left join sold sd on sd.day = days.day::date
    order by days.day, sd.currency`);
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

type ProductRow = { product_id: string; product_name: string; quantity: number; currency: Currency; revenue: string };

// The sums are never null, so "nulls last" orders as plain "desc" does; it is spelled out because it is
// the order of report_product_totals_best_idx (drizzle's desc()), which PostgreSQL reads only for it.
const orderOf = (by: 'quantity' | 'revenue') =>
  by === 'quantity'
    ? sql`p.quantity desc nulls last, p.revenue desc nulls last, p.product_id`
    : sql`p.revenue desc nulls last, p.quantity desc nulls last, p.product_id`;

/**
 * Whether the period is the report's default, the last REPORT_WINDOW_DAYS Lagos days, and if so whether
 * report_product_window holds it: its anchor today, after a recount if it was behind (the first report
 * of the day, once per business). Answers false for any other period, or a window ahead of today (a
 * clock set back), which the per-day rows answer instead.
 */
async function windowHolds(db: Queryable, businessId: number, period: Period): Promise<boolean> {
  const { rows } = await db.execute<{ windowed: boolean; anchor: 'today' | 'behind' | 'ahead' }>(sql`
    select ${period.from} = ${businessToday} - ${REPORT_WINDOW_DAYS - 1}::int and ${period.to} = ${businessToday}
        as windowed,
      coalesce((select case when a.anchor = ${businessToday} then 'today' when a.anchor > ${businessToday} then 'ahead'
          else 'behind' end
        from report_product_window_anchors a where a.business_id = ${businessId}), 'behind') as anchor`);
  const [state] = rows;
  if (!state?.windowed || state.anchor === 'ahead') return false;
  if (state.anchor === 'behind')
    await db.execute(sql`select report_product_window_refresh(${businessId}, ${businessToday})`);
  return true;
}

/**
 * The best sellers by each of `rankings` from one pass over the totals: units and revenue per product
 * and currency over every line of the scope's counted sales (not only each sale's first item). Over a
 * period the per-day rows; over all time the running totals. A product is named as in its latest sale
 * of the scope and period (a lookup for the few that are listed).
 */
async function bestSellers(
  db: Queryable,
  scope: TotalsScope,
  limit: number,
  period: Period | undefined,
  rankings: readonly ('quantity' | 'revenue')[],
): Promise<ProductSold[][]> {
  const wholeBusiness = scope.soldBy === undefined;
  // One maintained row per product and currency, read off an index in each ranking's order (the CTE is
  // then inlined into each ranking, not materialised): over all time report_product_totals (342 ms → under
  // 1 ms on the load data, bench/README.md), over the last 30 days report_product_window (grouping the
  // 74,600 day rows of 70,000 products took 110-190 ms, the report's costliest statement; now under 1 ms).
  const maintained = !wholeBusiness
    ? null
    : !period
      ? sql`report_product_totals`
      : (await windowHolds(db, scope.businessId, period))
        ? sql`report_product_window`
        : null;
  const perProduct = maintained
    ? sql`select t.product_id, t.currency, t.units as quantity, t.revenue
      from ${maintained} t
      where t.business_id = ${scope.businessId} and t.lines > 0`
    : sql`select t.product_id, t.currency, sum(t.units) as quantity, sum(t.revenue) as revenue
      from ${period ? sql`report_product_days` : sql`report_products`} t
      where ${totalsOf(scope, period)}
      group by t.product_id, t.currency
      having sum(t.lines) > 0`;
  // The limit right above the sort makes it a top-N heapsort in memory; numbering the whole list first
  // sorted every product on disk (external merge, 144 ms of the report's 216 ms on the load data).
  const ranked = rankings.map(
    (by, index) => sql`(select ${index}::int as ranking, row_number() over (order by ${orderOf(by)}) as rank, p.*
      from (select * from per_product p order by ${orderOf(by)} limit ${limit}) p)`,
  );
  const { rows } = await db.execute<ProductRow & { ranking: number }>(sql`
    with per_product as ${maintained ? sql`not materialized` : sql``} (${perProduct}),
    listed as (${sql.join(ranked, sql` union all `)})
    select r.ranking, r.product_id, latest.product_name, r.quantity::int as quantity, r.currency,
      round(r.revenue, 2)::text as revenue
    from listed r
    cross join lateral (
      select l.product_name
      from sale_lines l
      join sales s on s.business_id = l.business_id and s.id = l.sale_id
      where l.business_id = ${scope.businessId} and l.product_id = r.product_id and s.currency = r.currency
        and ${scopeOf(scope, period)}
      order by l.id desc
      limit 1
    ) latest
    order by r.ranking, r.rank`);
  return rankings.map((_, index) =>
    rows
      .filter((row) => row.ranking === index)
      .map(({ ranking: _ranking, ...row }) => ({ ...row, product_id: Number(row.product_id) })),
  );
}

/** Products by units sold (or by revenue), most first. A product is named as in its latest sale. */
export async function topProducts(
  db: Queryable,
  scope: TotalsScope,
  limit: number,
  period?: Period,
  by: 'quantity' | 'revenue' = 'quantity',
): Promise<ProductSold[]> {
  const [list] = await bestSellers(db, scope, limit, period, [by]);
  return list ?? [];
}

/** The report's two best-seller lists, by units and by revenue, from one pass over the period. */
export async function topProductsBoth(
  db: Queryable,
  scope: TotalsScope,
  limit: number,
  period: Period,
): Promise<{ byQuantity: ProductSold[]; byRevenue: ProductSold[] }> {
  const [byQuantity = [], byRevenue = []] = await bestSellers(db, scope, limit, period, ['quantity', 'revenue']);
  return { byQuantity, byRevenue };
}
