import { type BusinessOverview, type MemberRole, TREND_DAYS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnceSqlPer } from '../../db/built-once';
import { plannedOnce } from '../../db/limit';
import { memberships, users } from '../../db/schema';
import { type BusinessReader, type GateRow, type GateValues, gateSql, readThroughGate } from '../../platform/gate';
import { type AttentionJson, attentionColumns, attentionFrom } from '../reports/attention';
import { collectedByMethodFrom, collectedByMethodJson, type MethodTuple } from '../reports/collected-by-method';
import {
  bestSellersJson,
  type DayTuple,
  lastDays,
  type ProductTuple,
  productsFrom,
  productTotalsOf,
  RECENT_ROWS,
  type RecentTuple,
  recentSalesFrom,
  recentSalesJson,
  revenueByDayFrom,
  revenueByDayJson,
  salePastBehind,
  salePastRefresh,
  saleTotalsFrom,
  saleTotalsJson,
  type TotalsTuple,
} from '../reports/sale-figures';
import { stockBehind, stockRefresh } from '../reports/stock-figures';

type OverviewRow = AttentionJson &
  Partial<GateRow> & {
    totals: TotalsTuple[] | null;
    today_by_method: MethodTuple[] | null;
    best: ProductTuple[] | null;
    roles: { role: MemberRole; count: number }[] | null;
    recent: RecentTuple[] | null;
    trend: DayTuple[] | null;
    past_behind: boolean;
    stock_behind: boolean;
  };

const m = alias(memberships, 'm');
const u = alias(users, 'u');

/**
 * The overview's statement (below), built once per process (db/built-once.ts) with the business's id as
 * its placeholder, its only value: the period (the last TREND_DAYS Lagos days, from now()) and the limits
 * are the same on every run. Built per request, drizzle walked all its chunks into its long text on each
 * (docs/adr/0018).
 */
const overviewStatement = builtOnceSqlPer<boolean, { businessId: number } & Partial<GateValues>, OverviewRow>(
  2,
  String,
  (gated) => {
    const businessId = sql.placeholder('businessId');
    const scope = { businessId };
    const trend = lastDays(TREND_DAYS);
    // All time, whole business: the running totals, read in order off their index.
    const { rows: perProduct } = productTotalsOf(scope);
    const figures = sql`
      ${saleTotalsJson(scope)} as totals,
      ${collectedByMethodJson(businessId, lastDays(1))} as today_by_method,
      ${bestSellersJson(scope, undefined, sql`(${perProduct})`, 'quantity', plannedOnce(1))} as best,
      (select json_agg(json_build_object('role', r.role, 'count', r.count) order by r.count desc, r.role)
        from (select ${m.role} as role, count(*)::int as count
          from ${memberships} ${m}
          join ${users} ${u} on ${u.id} = ${m.user_id}
          where ${m.business_id} = ${businessId} and ${m.is_active} and ${u.is_active}
          group by ${m.role}) r) as roles,
      ${recentSalesJson(scope, plannedOnce(RECENT_ROWS))} as recent,
      ${revenueByDayJson(scope, trend)} as trend,
      ${attentionColumns(businessId)},
      ${salePastBehind(businessId)} as past_behind,
      ${stockBehind(businessId)} as stock_behind`;
    if (!gated) return sql`select ${figures}`;
    // The figures are uncorrelated scalar subqueries: evaluated only for the gate's row, so for none when it refuses.
    const gate = gateSql(businessId);
    return sql`with ${gate.cte} select ${gate.columns}, ${figures} from ${gate.from}`;
  },
);

/**
 * The CEO's overview of one business in one statement: each figure a scalar subquery that answers JSON
 * (arrays, not objects: no key written per row), the way the product list's page is read (pageOf).
 * The subqueries are the very ones saleTotals, topProducts(…, 1), recentSales and revenueByDay run alone
 * (saleTotalsJson and the others: all time, whole business, the maintained totals of ADR 0009), the
 * members by role, and attentionOf's (attentionColumns), each read by its figure's own parser: one
 * definition per query. test/businesses/overview-same-answers.test.ts holds the answer equal to those
 * functions' run as separate statements.
 *
 * Why one statement: the overview was 9 to 10 statements run side by side on as many pool connections,
 * most of them unnamed because of their LIMIT parameters (db/statement-names.ts), so PostgreSQL parsed
 * and planned each of them on every request, which was most of its work. The limits are now written in
 * the text, so this statement gets a name and is planned once per connection; PostgreSQL then keeps its
 * generic plan (the same index scans as the custom plans of the largest and of a small business, EXPLAIN
 * ANALYZE with force_generic_plan), cheaper than a plan made per run. It also holds one connection
 * instead of nine, and node builds, sends and parses one query instead of nine.
 *
 * The all-time totals read report_sale_past and the day rows from its anchor on (migration 0022), where
 * summing every day row of report_sale_days was about half of the statement's backend CPU, and the first
 * overview of a Lagos day slides the anchor to today (past_behind).
 */
export async function getBusinessOverview(reader: BusinessReader): Promise<BusinessOverview> {
  const { businessId } = reader;
  const {
    rows: [row],
  } = await readThroughGate(reader, (gate) => overviewStatement(reader.db, gate !== null, { businessId, ...gate }));
  if (!row) throw new Error('The overview statement answered no row');
  const totals = saleTotalsFrom(row.totals);
  const roles = row.roles ?? [];
  // The first overview of a Lagos day moves the all-time totals' anchor to today (once per business and day), and
  // counts again the products whose kept stock a batch's expiry made stale; this answer is right without either,
  // read in one snapshot whatever the anchor and however stale the rows.
  const [attention] = await Promise.all([
    attentionFrom(reader.db, businessId, row, { withCost: true, withCounter: true }),
    row.past_behind ? salePastRefresh(reader.db, businessId) : undefined,
    row.stock_behind ? stockRefresh(reader.db, businessId) : undefined,
  ]);
  return {
    total_revenue: totals.amounts,
    collected: totals.collected,
    collected_today_by_method: collectedByMethodFrom(row.today_by_method),
    total_sales: totals.count,
    best_seller: productsFrom(row.best)[0] ?? null,
    active_users: roles.reduce((sum, role) => sum + role.count, 0),
    role_summary: roles,
    recent_sales: recentSalesFrom(row.recent),
    revenue_by_day: revenueByDayFrom(row.trend),
    attention,
  };
}
