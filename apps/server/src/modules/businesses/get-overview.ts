import { type BusinessOverview, type MemberRole, TREND_DAYS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnceSqlPer } from '../../db/built-once';
import { plannedOnce } from '../../db/limit';
import { memberships, users } from '../../db/schema';
import { type BusinessReader, type GateRow, type GateValues, gateSql, readThroughGate } from '../../platform/gate';
import { type AttentionJson, attentionColumns, attentionFrom } from './attention';
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
} from './sale-figures';
import { stockBehind, stockRefresh } from './stock-figures';

type OverviewRow = AttentionJson &
  Partial<GateRow> & {
    totals: TotalsTuple[] | null;
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
 * are the same on every run. Built per request, drizzle walked its chunks into its 7,649-character text on
 * each (5.7% of the node process's CPU profile, 3.8% under sqlToQuery), and the statement-name lookup
 * hashed that new string every time (1.4%; a string kept from one run to the next keeps its hash); with
 * it built once, drizzle 1.0% and the lookup out of the profile, the garbage collector 4.7 → 2.7%. The
 * text and parameters sent are the same as before. Load bench, overview, 32 connections, 10 s, four A/B
 * pairs alternated on copies of the same data (2026-11-24 13:51-13:59 UTC): node CPU 0.36-0.44 → 0.26-0.30
 * ms per request, PostgreSQL's 0.50-0.57 → 0.49-0.55 ms, 1,592-1,924 → 1,956-2,312 req/s, p99 32-50 →
 * 26-42 ms.
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
 *
 * The all-time totals then summed every day row of report_sale_days (2,196 for the large business), about
 * half of the statement's backend CPU; they read report_sale_past and the day rows from its anchor on
 * since (migration 0022), and the first overview of a Lagos day slides the anchor to today (past_behind).
 * This statement's text as sent, its generic plan, one connection, 2,000 runs (two alternated rounds):
 * 1.045-1.055 → 0.615-0.660 ms of backend CPU.
 * Load bench, overview only, 32 connections, four A/B pairs alternated on a machine loaded by other work
 * (load average 4 to 7, 2026-11-24): 741, 773, 784, 850 → 868, 728, 1000, 941 req/s, p50 35-40 → 29-33 ms,
 * p99 74-151 → 64-157 ms, PostgreSQL CPU 1.28-1.46 → 0.93-1.05 ms per request, node's unchanged (0.70-0.82
 * → 0.67-0.87 ms).
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
    total_sales: totals.count,
    best_seller: productsFrom(row.best)[0] ?? null,
    active_users: roles.reduce((sum, role) => sum + role.count, 0),
    role_summary: roles,
    recent_sales: recentSalesFrom(row.recent),
    revenue_by_day: revenueByDayFrom(row.trend),
    attention,
  };
}
