import {
  type BusinessOverview,
  type Currency,
  type CurrencyAmount,
  type MemberRole,
  type PaymentStatus,
  RECENT_HOURS,
  TREND_DAYS,
} from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { BusinessContext } from '../../platform/tenancy';
import { type AttentionJson, attentionColumns, attentionFrom } from './attention';
import { lastDays, scopeOf } from './sale-figures';

const RECENT_ROWS = 10;

/** [currency, revenue, paid, number of sales], the largest revenue first. */
type TotalsTuple = [Currency, string, string, number];
/** [product_id, product_name, quantity, currency, revenue] */
type BestTuple = [number, string, number, Currency, string];
/** [id, product_name, quantity, item_count, customer_name, total, currency, payment_status, sold_by, created_at] */
type RecentTuple = [
  number,
  string | null,
  number | null,
  number,
  string,
  string,
  Currency,
  PaymentStatus,
  string,
  string,
];
/** [date, [[currency, amount], …]] */
type DayTuple = [string, [Currency, string][]];

type OverviewRow = AttentionJson & {
  totals: TotalsTuple[] | null;
  best: BestTuple | null;
  roles: { role: MemberRole; count: number }[] | null;
  recent: RecentTuple[] | null;
  trend: DayTuple[];
};

/**
 * The CEO's overview of one business in one statement: each figure a scalar subquery that answers JSON
 * (arrays, not objects: no key written per row), the way the product list's page is read (pageOf).
 * The subqueries are those of saleTotals, topProducts(…, 1), recentSales and revenueByDay (all time,
 * whole business: the maintained totals of ADR 0009), the members by role, and attentionOf's
 * (attentionColumns); test/businesses/overview-same-answers.test.ts holds the answer equal to theirs.
 *
 * Why one statement: the overview was 9 to 10 statements run side by side on as many pool connections,
 * most of them unnamed because of their LIMIT parameters (db/statement-names.ts), so PostgreSQL parsed
 * and planned each of them on every request. On the load data (one business of 1,000,000 sale lines,
 * warm, log_min_duration_statement) that was most of its work: per request about 4.6 ms of parse and
 * bind against 2.1 ms of execution. The limits are now written in the text, so this statement gets a
 * name and is planned once per connection; PostgreSQL then keeps its generic plan (the same index scans
 * as the custom plans of the largest and of a small business, EXPLAIN ANALYZE with force_generic_plan),
 * which runs in 1.4-1.9 ms against 3.3 ms with a plan made per run. It also holds one connection
 * instead of nine, and node builds, sends and parses one query instead of nine. Load bench, overview
 * only, 32 connections, two A/B pairs back to back on the same data (2026-11-24): 190 and 177 → 558
 * and 560 req/s, p50 162-174 → 49-51 ms, p99 304 → 133-153 ms, node CPU 2.89-3.21 → 0.99-1.01 ms and
 * PostgreSQL CPU 5.73-6.25 → 1.95-1.97 ms per request.
 */
export async function getBusinessOverview(context: BusinessContext): Promise<BusinessOverview> {
  const { businessId } = context;
  const scope = { businessId };
  const trend = lastDays(TREND_DAYS);
  const { rows } = await context.db.execute<OverviewRow>(sql`
    select
      (select json_agg(json_build_array(t.currency, t.amount, t.paid, t.count) order by t.revenue desc, t.currency)
        from (select t.currency, round(sum(t.revenue), 2)::text as amount, round(sum(t.paid), 2)::text as paid,
            sum(t.sales)::int as count, sum(t.revenue) as revenue
          from report_sale_days t
          where t.business_id = ${businessId}
          group by t.currency
          having sum(t.sales) > 0) t) as totals,
      (select json_build_array(p.product_id, latest.product_name, p.quantity::int, p.currency, round(p.revenue, 2)::text)
        from (select t.product_id, t.currency, t.units as quantity, t.revenue
          from report_product_totals t
          where t.business_id = ${businessId} and t.lines > 0
          order by t.units desc nulls last, t.revenue desc nulls last, t.product_id
          limit 1) p
        cross join lateral (
          select l.product_name
          from sale_lines l
          join sales s on s.business_id = l.business_id and s.id = l.sale_id
          where l.business_id = ${businessId} and l.product_id = p.product_id and s.currency = p.currency
            and ${scopeOf(scope)}
          order by l.id desc
          limit 1
        ) latest) as best,
      (select json_agg(json_build_object('role', r.role, 'count', r.count) order by r.count desc, r.role)
        from (select m.role, count(*)::int as count
          from memberships m
          join users u on u.id = m.user_id
          where m.business_id = ${businessId} and m.is_active and u.is_active
          group by m.role) r) as roles,
      (select json_agg(json_build_array(r.id, r.product_name, r.quantity, r.item_count, r.customer_name, r.total,
          r.currency, r.payment_status, r.sold_by, r.created_at) order by r.created_at_order desc, r.id desc)
        from (select s.id, first_line.product_name, first_line.quantity,
            coalesce(first_line.item_count, 0) as item_count, s.customer_name,
            round(s.total_cart_amount, 2)::text as total, s.currency, s.payment_status, s.created_by_name as sold_by,
            s.created_at::text as created_at, s.created_at as created_at_order
          from sales s
          left join lateral (
            select (array_agg(l.product_name order by l.id))[1] as product_name,
              (array_agg(l.quantity order by l.id))[1] as quantity, count(*)::int as item_count
            from sale_lines l
            where l.business_id = s.business_id and l.sale_id = s.id
          ) first_line on true
          where ${scopeOf(scope)} and s.created_at > now() - make_interval(hours => ${RECENT_HOURS})
          order by s.created_at desc, s.id desc
          limit ${sql.raw(String(RECENT_ROWS))}) r) as recent,
      (select json_agg(json_build_array(d.date, d.amounts) order by d.day)
        from (select days.day, days.day::date::text as date,
            coalesce(json_agg(json_build_array(sd.currency, sd.amount) order by sd.currency)
              filter (where sd.currency is not null), '[]') as amounts
          from generate_series((${trend.from})::timestamp, (${trend.to})::timestamp, interval '1 day') as days(day)
          left join (select t.day, t.currency, round(sum(t.revenue), 2)::text as amount
            from report_sale_days t
            where t.business_id = ${businessId} and t.day >= ${trend.from} and t.day <= ${trend.to}
            group by t.day, t.currency
            having sum(t.sales) > 0) sd on sd.day = days.day::date
          group by days.day) d) as trend,
      ${attentionColumns(businessId)}`);
  const [row] = rows;
  if (!row) throw new Error('The overview statement answered no row');
  const totals = row.totals ?? [];
  const roles = row.roles ?? [];
  const amounts = (index: 1 | 2): CurrencyAmount[] =>
    totals.map((total) => ({ currency: total[0], amount: total[index] }));
  return {
    total_revenue: amounts(1),
    collected: amounts(2),
    total_sales: totals.reduce((sum, total) => sum + total[3], 0),
    best_seller: row.best
      ? {
          product_id: row.best[0],
          product_name: row.best[1],
          quantity: row.best[2],
          currency: row.best[3],
          revenue: row.best[4],
        }
      : null,
    active_users: roles.reduce((sum, role) => sum + role.count, 0),
    role_summary: roles,
    recent_sales: (row.recent ?? []).map((sale) => ({
      id: sale[0],
      product_name: sale[1],
      quantity: sale[2],
      item_count: sale[3],
      customer_name: sale[4],
      total_cart_amount: sale[5],
      currency: sale[6],
      payment_status: sale[7],
      sold_by: sale[8],
      // The timestamp's text as the driver reads a column (drizzle leaves timestamptz as text), parsed the same way.
      created_at: new Date(sale[9]).toISOString(),
    })),
    revenue_by_day: row.trend.map(([date, sold]) => ({
      date,
      amounts: sold.map(([currency, amount]) => ({ currency, amount })),
    })),
    attention: await attentionFrom(context.db, businessId, row, { withCost: true }),
  };
}
