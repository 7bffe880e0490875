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
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { OrPlaceholder } from '../../db/built-once';
import { businessToday } from '../../db/business-day';
import type { Queryable } from '../../db/client';
import { eachRun, type Limit, limitOf } from '../../db/limit';
import {
  REPORT_WINDOW_DAYS,
  report_product_days,
  report_product_totals,
  report_product_window,
  report_product_window_anchors,
  report_products,
  report_sale_days,
  report_sale_past,
  report_sale_past_anchors,
  sale_lines,
  sales,
} from '../../db/schema';
import { figureOf } from './figure-json';
import { returnedDays } from './return-figures';
import { ofCategory } from './stock-figures';

/**
 * Read-only figures over sales, computed by PostgreSQL: each function is one
 * query that returns a handful of rows, however many sales there are. Money is
 * summed per currency in SQL and leaves as two-decimal text (a cart never mixes
 * currencies, so neither does a sale). Days are Lagos calendar days.
 *
 * The queries alias sales as `s`, sale lines as `l`, the maintained totals as `t` and an anchor as `a`.
 */

/** sales as `s`: the alias scopeOf's conditions read. */
export const saleAlias = alias(sales, 's');
const s = saleAlias;
const l = alias(sale_lines, 'l');
/** report_sale_days as `t` (read `from ${report_sale_days} ${saleDays}`), as totalsOf's conditions may read it. */
export const saleDays = alias(report_sale_days, 't');
const salePast = alias(report_sale_past, 't');
const saleAnchor = alias(report_sale_past_anchors, 'a');
const productDays = alias(report_product_days, 't');
const sellerProducts = alias(report_products, 't');
const productTotals = alias(report_product_totals, 't');
const productWindow = alias(report_product_window, 't');
const windowAnchor = alias(report_product_window_anchors, 'a');

/**
 * Which sales a figure counts: a whole business, one seller's, or one customer's. A figure's SQL also takes
 * the ids as placeholders (`SaleScope<Id>`), which a statement built once fills on each run (get-overview.ts).
 */
export type SaleScope<Key = number> = { businessId: Key; soldBy?: Key; customerId?: Key };

/** An id in a figure's SQL: the id, or a statement's placeholder for it (db/built-once.ts). */
export type Id = OrPlaceholder<number>;

/** Lagos calendar days, both ends included, as SQL date expressions. */
export type Period = { from: SQL; to: SQL };

/** The last `days` Lagos days, today included. */
export const lastDays = (days: number): Period => ({
  from: sql`(${businessToday} - ${days - 1}::int)`,
  to: businessToday,
});

export const periodOf = (from: string, to: string): Period => ({ from: sql`${from}::date`, to: sql`${to}::date` });

/** The first instant of a Lagos day. */
const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/** The sales a figure counts (alias `s`): of the scope, never cancelled, created within the period. */
export function scopeOf(scope: SaleScope<Id>, period?: Period): SQL {
  // A cancelled sale stays in the history but counts in no figure.
  const conditions = [sql`${s.business_id} = ${scope.businessId}`, sql`${s.status} = 'active'`];
  if (scope.soldBy !== undefined) conditions.push(sql`${s.created_by} = ${scope.soldBy}`);
  if (scope.customerId !== undefined) conditions.push(sql`${s.customer_id} = ${scope.customerId}`);
  if (period) {
    conditions.push(sql`${s.created_at} >= ${dayStart(period.from)}`);
    conditions.push(sql`${s.created_at} < ${dayStart(sql`${period.to} + 1`)}`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * What the maintained totals (report_sale_days and the others, docs/adr/0009-report-totals.md) can
 * answer: a whole business or one seller. A customer's own figures read their sales (few, indexed).
 */
export type TotalsScope<Key = number> = { businessId: Key; soldBy?: Key; customerId?: never };

/** A maintained totals table under its alias: its business, and its seller and day where it keeps them. */
export type TotalsRows = { business_id: AnyPgColumn; sold_by?: AnyPgColumn; day?: AnyPgColumn };

/** The rows of totals table `t` of the scope and, if given, of the period's days. */
export function totalsOf(t: TotalsRows, scope: TotalsScope<Id>, period?: Period): SQL {
  const conditions = [sql`${t.business_id} = ${scope.businessId}`];
  if (scope.soldBy !== undefined) conditions.push(sql`${kept(t.sold_by, 'seller')} = ${scope.soldBy}`);
  if (period) conditions.push(sql`${kept(t.day, 'day')} >= ${period.from} and ${t.day} <= ${period.to}`);
  return sql.join(conditions, sql` and `);
}

function kept(column: AnyPgColumn | undefined, what: string): AnyPgColumn {
  if (!column) throw new Error(`These totals keep no ${what}.`);
  return column;
}

/** The business's anchor of report_sale_past (migration 0022), or before every day without one. */
const pastAnchorOf = (businessId: Id) =>
  sql`coalesce((select ${saleAnchor.anchor} from ${report_sale_past_anchors} ${saleAnchor}
    where ${saleAnchor.business_id} = ${businessId}), '-infinity'::date)`;

/**
 * The all-time rows of the scope (`columns` of them, by default currency, sales, revenue, paid): report_sale_past's,
 * the days before the business's anchor summed per currency and seller, and the day rows from the anchor on; one
 * snapshot reads both, and the anchor and its past rows change together (migration 0022_report_sale_past).
 * Anchored today, they read a few past rows and today's, where the totals summed every day row of the history
 * (src/db/schema/report-totals.ts).
 */
export function allTimeRows(
  scope: TotalsScope<Id>,
  columns: (t: typeof salePast | typeof saleDays) => SQL = (t) =>
    sql`${t.currency}, ${t.sales}, ${t.revenue}, ${t.paid}`,
): SQL {
  return sql`select ${columns(salePast)}
    from ${report_sale_past} ${salePast}
    where ${totalsOf(salePast, scope)}
    union all
    select ${columns(saleDays)}
    from ${report_sale_days} ${saleDays}
    where ${totalsOf(saleDays, { businessId: scope.businessId })} and ${saleDays.day} >= ${pastAnchorOf(scope.businessId)}${
      scope.soldBy === undefined ? sql`` : sql` and ${saleDays.sold_by} = ${scope.soldBy}`
    }`;
}

/** Whether the business's report_sale_past is anchored before today (or not at all): salePastRefresh would move it. */
export const salePastBehind = (businessId: Id): SQL => sql`(${pastAnchorOf(businessId)} < ${businessToday})`;

/**
 * Moves the business's report_sale_past anchor to today (report_sale_past_refresh: the days since the old
 * anchor added, in its own transaction after the writers in flight). The all-time totals are right at any
 * anchor; a later one only leaves them fewer day rows to sum.
 */
export async function salePastRefresh(db: Queryable, businessId: number): Promise<void> {
  await db.execute(sql`select report_sale_past_refresh(${businessId}, ${businessToday})`);
}

/** [currency, revenue, paid, number of sales]: saleTotalsJson's row per currency. */
export type TotalsTuple = [Currency, string, string, number];

export type SaleTotals = { amounts: CurrencyAmount[]; collected: CurrencyAmount[]; count: number };

/**
 * Revenue per currency (largest first), what those sales have been paid so far, and their number, as
 * JSON (null without sales): from the maintained totals, or a customer's own sales.
 */
export function saleTotalsJson(scope: SaleScope<Id>, period?: Period): SQL {
  const totals = { businessId: scope.businessId, soldBy: scope.soldBy };
  const perCurrency =
    scope.customerId === undefined
      ? sql`select ${saleDays.currency} as currency, round(sum(${saleDays.revenue}), 2)::text as amount,
          round(sum(${saleDays.paid}), 2)::text as paid, sum(${saleDays.sales})::int as count, sum(${saleDays.revenue}) as revenue
        from ${
          period
            ? sql`(select ${saleDays.currency}, ${saleDays.sales}, ${saleDays.revenue}, ${saleDays.paid}
                from ${report_sale_days} ${saleDays} where ${totalsOf(saleDays, totals, period)}
                union all
                select returned.currency, 0, returned.revenue, 0 from ${returnedDays(totals, period)} returned) ${saleDays}`
            : sql`(${allTimeRows(totals)}) ${saleDays}`
        }
        group by ${saleDays.currency}
        having sum(${saleDays.sales}) > 0 or sum(${saleDays.revenue}) <> 0`
      : sql`select ${s.currency} as currency, round(sum(${s.total_cart_amount}), 2)::text as amount,
          round(sum(${s.amount_paid}), 2)::text as paid, count(*)::int as count, sum(${s.total_cart_amount}) as revenue
        from ${sales} ${s}
        where ${scopeOf(scope, period)}
        group by ${s.currency}`;
  return sql`(select json_agg(json_build_array(t.currency, t.amount, t.paid, t.count) order by t.revenue desc, t.currency)
    from (${perCurrency}) t)`;
}

export function saleTotalsFrom(totals: TotalsTuple[] | null): SaleTotals {
  const rows = totals ?? [];
  return {
    amounts: rows.map(([currency, amount]) => ({ currency, amount })),
    collected: rows.map(([currency, , paid]) => ({ currency, amount: paid })),
    count: rows.reduce((total, row) => total + row[3], 0),
  };
}

/** Revenue per currency (largest first), what those sales have been paid so far, and their number. */
export async function saleTotals(db: Queryable, scope: SaleScope, period?: Period): Promise<SaleTotals> {
  return saleTotalsFrom(await figureOf<TotalsTuple[]>(db, saleTotalsJson(scope, period)));
}

/** [date, [[currency, amount], …]]: revenueByDayJson's day. */
export type DayTuple = [string, [Currency, string][]];

/** Revenue per day over the period as JSON, every day present (an empty list of amounts on a day without sales). */
export function revenueByDayJson(scope: TotalsScope<Id>, period: Period): SQL {
  return sql`(select json_agg(json_build_array(d.date, d.amounts) order by d.day)
    from (select days.day, days.day::date::text as date,
        coalesce(json_agg(json_build_array(sd.currency, sd.amount) order by sd.currency)
          filter (where sd.currency is not null), '[]') as amounts
      from generate_series((${period.from})::timestamp, (${period.to})::timestamp, interval '1 day') as days(day)
      left join (select day, currency, round(sum(revenue), 2)::text as amount from (
          select ${saleDays.day} as day, ${saleDays.currency} as currency, sum(${saleDays.revenue}) as revenue
          from ${report_sale_days} ${saleDays}
          where ${totalsOf(saleDays, scope, period)}
          group by ${saleDays.day}, ${saleDays.currency}
          having sum(${saleDays.sales}) > 0
          union all
          select returned.day, returned.currency, returned.revenue from ${returnedDays(scope, period)} returned
        ) x group by day, currency) sd on sd.day = days.day::date
      group by days.day) d)`;
}

export const revenueByDayFrom = (days: DayTuple[] | null): DailyRevenue[] =>
  (days ?? []).map(([date, sold]) => ({ date, amounts: sold.map(([currency, amount]) => ({ currency, amount })) }));

/** Revenue per day over the period, every day present (an empty list of amounts on a day without sales). */
export async function revenueByDay(db: Queryable, scope: TotalsScope, period: Period): Promise<DailyRevenue[]> {
  return revenueByDayFrom(await figureOf<DayTuple[]>(db, revenueByDayJson(scope, period)));
}

/** How many sales the recent lists show. */
export const RECENT_ROWS = 10;

/** [id, product_name, quantity, item_count, customer_name, total, currency, payment_status, sold_by, created_at] */
export type RecentTuple = [
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

/** The newest sales of the last 24 hours as JSON, each with its first item (the spec's tables show only that). */
export function recentSalesJson(scope: SaleScope<Id>, limit: Limit): SQL {
  return sql`(select json_agg(json_build_array(r.id, r.product_name, r.quantity, r.item_count, r.customer_name, r.total,
      r.currency, r.payment_status, r.sold_by, r.created_at) order by r.created_at_order desc, r.id desc)
    from (select ${s.id} as id, first_line.product_name, first_line.quantity,
        coalesce(first_line.item_count, 0) as item_count, ${s.customer_name} as customer_name,
        round(${s.total_cart_amount}, 2)::text as total, ${s.currency} as currency,
        ${s.payment_status} as payment_status, ${s.created_by_name} as sold_by,
        ${s.created_at}::text as created_at, ${s.created_at} as created_at_order
      from ${sales} ${s}
      left join lateral (
        select (array_agg(${l.product_name} order by ${l.id}))[1] as product_name,
          (array_agg(${l.quantity} order by ${l.id}))[1] as quantity, count(*)::int as item_count
        from ${sale_lines} ${l}
        where ${l.business_id} = ${s.business_id} and ${l.sale_id} = ${s.id}
      ) first_line on true
      where ${scopeOf(scope)} and ${s.created_at} > now() - make_interval(hours => ${RECENT_HOURS})
      order by ${s.created_at} desc, ${s.id} desc
      limit ${limitOf(limit)}) r)`;
}

export const recentSalesFrom = (sales: RecentTuple[] | null): RecentSale[] =>
  (sales ?? []).map((sale) => ({
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
  }));

/** The newest sales of the last 24 hours, each with its first item (the spec's tables show only that). */
export async function recentSales(db: Queryable, scope: SaleScope, limit = RECENT_ROWS): Promise<RecentSale[]> {
  return recentSalesFrom(await figureOf<RecentTuple[]>(db, recentSalesJson(scope, eachRun(limit))));
}

/** [product_id, product_name, quantity, currency, revenue]: bestSellersJson's product. */
export type ProductTuple = [number, string, number, Currency, string];

// The sums are never null, so "nulls last" orders as plain "desc" does; it is spelled out because it is
// the order of report_product_totals_best_idx (drizzle's desc()), which PostgreSQL reads only for it.
const orderOf = (by: 'quantity' | 'revenue') =>
  by === 'quantity'
    ? sql`p.quantity desc nulls last, p.revenue desc nulls last, p.product_id`
    : sql`p.revenue desc nulls last, p.quantity desc nulls last, p.product_id`;

/**
 * Where a scope's best sellers are summed from (productTotalsOf, lessOtherSellers):
 * - `window`: report_product_window, the whole business's last REPORT_WINDOW_DAYS Lagos days, once its anchor is
 *   today (a recount if it was behind: the first report of the day, once per business). Not for a window ahead of
 *   today (a clock set back), which the per-day rows answer instead.
 * - `days`: the period's own per-day rows, grouped per product.
 * - `complement`: all time less the days outside the period, when those are fewer than half the period's (below).
 * - `less others`: a seller's, when they made at least two thirds of the business's sales of the period (all time,
 *   or the window's days): the whole business's maintained rows less the other sellers' (lessOtherSellers).
 */
type ProductSource = 'window' | 'days' | 'complement' | 'less others';

/**
 * Which ProductSource answers the scope and period (one statement; the window's recount is a second, once a day);
 * nothing to choose for the whole business's all time, its maintained totals. For a seller, whether they made two
 * thirds of the sales, read only for the periods the business's maintained rows answer (all time, the window).
 *
 * Days are counted between the business's first and last day of report_product_days, as a measure of their rows:
 * a period holding most of a long history grouped nearly all of its rows, where all time less the few days outside
 * the period reads far fewer; a short period is grouped directly.
 *
 * The complement is taken when the period holds more than two thirds of those days, not half: besides the days
 * outside the period it joins every product's all-time row to them, which costs as much as grouping many more day
 * rows where products sell on few days a year (measured on the load data, periods of six to nine months). Where
 * products sell every day the join costs next to nothing and the even point is half, so a period of half to two
 * thirds of such a history groups up to twice the rows it could have, which stays small for such a shop.
 */
async function productSourceOf(
  db: Queryable,
  scope: TotalsScope,
  period: Period | undefined,
): Promise<ProductSource | undefined> {
  const seller = scope.soldBy;
  if (!period && seller === undefined) return undefined;
  const business = { businessId: scope.businessId };
  const windowed = period
    ? sql`(${period.from} = ${businessToday} - ${REPORT_WINDOW_DAYS - 1}::int and ${period.to} = ${businessToday})`
    : sql`true`;
  // The seller's sales against the others', from the sales' own totals (a handful of rows per day and seller).
  const leads =
    seller === undefined
      ? sql`null::boolean`
      : sql`case when ${windowed} then (
          select coalesce(sum(${saleDays.sales}) filter (where ${saleDays.sold_by} = ${seller}), 0)
            >= 2 * coalesce(sum(${saleDays.sales}) filter (where ${saleDays.sold_by} <> ${seller}), 0)
          from (${
            period
              ? sql`select ${saleDays.sold_by}, ${saleDays.sales} from ${report_sale_days} ${saleDays} where ${totalsOf(saleDays, business, period)}`
              : allTimeRows(business, (rows) => sql`${rows.sold_by}, ${rows.sales}`)
          }) ${saleDays}) end`;
  const { rows } = await db.execute<{
    windowed: boolean;
    anchor: 'today' | 'behind' | 'ahead' | null;
    complement: boolean | null;
    leads: boolean | null;
  }>(sql`
    select ${windowed} as windowed, ${leads} as leads,
      ${
        period
          ? sql`coalesce((select case when ${windowAnchor.anchor} = ${businessToday} then 'today'
              when ${windowAnchor.anchor} > ${businessToday} then 'ahead' else 'behind' end
            from ${report_product_window_anchors} ${windowAnchor}
            where ${windowAnchor.business_id} = ${scope.businessId}), 'behind')`
          : sql`null`
      } as anchor,
      ${
        period
          ? sql`(select 3 * (least(${period.to}, h.last) - greatest(${period.from}, h.first) + 1)
                > 2 * (h.last - h.first + 1)
              from (select (select min(${productDays.day}) from ${report_product_days} ${productDays}
                  where ${productDays.business_id} = ${scope.businessId}) as first,
                (select max(${productDays.day}) from ${report_product_days} ${productDays}
                  where ${productDays.business_id} = ${scope.businessId}) as last) h)`
          : sql`null`
      } as complement`);
  const [state] = rows;
  if (!period) return state?.leads ? 'less others' : undefined;
  if (state?.windowed && state.anchor !== 'ahead' && (seller === undefined || state.leads)) {
    if (state.anchor === 'behind')
      await db.execute(sql`select report_product_window_refresh(${scope.businessId}, ${businessToday})`);
    return seller === undefined ? 'window' : 'less others';
  }
  return state?.complement ? 'complement' : 'days';
}

/** The lines, units and revenue of `rows` (a FROM item `t` and its conditions), summed per product and currency. */
const summedPerProduct = (rows: SQL) =>
  sql`select ${productDays.product_id} as product_id, ${productDays.currency} as currency,
      sum(${productDays.lines}) as lines, sum(${productDays.units}) as units, sum(${productDays.revenue}) as revenue
    from ${rows}
    group by ${productDays.product_id}, ${productDays.currency}`;

/**
 * The rows the best sellers are ranked from, one per product and currency (product_id, currency, quantity,
 * revenue), and whether they are a maintained table's rows, read in order off its index. Over all time
 * report_product_totals, over the last 30 days report_product_window when the source is `window` (grouping the
 * window's day rows was the report's costliest statement); a seller's over all time, their rows of
 * report_products; over another period, the period's per-day rows grouped, or all time less the days outside it
 * (ProductSource).
 *
 * The complement is exact because all time is the sum of the days: report_products and report_product_days are
 * kept by the same triggers from the same lines, and report_product_totals is report_products summed over the
 * sellers (test/reports/report.test.ts compares each with a recount and with the others).
 */
export function productTotalsOf(
  scope: TotalsScope<Id>,
  period?: Period,
  source: ProductSource = 'days',
): { rows: SQL; maintained: boolean } {
  const maintained =
    scope.soldBy !== undefined
      ? null
      : !period
        ? sql`${report_product_totals} ${productTotals}`
        : source === 'window'
          ? sql`${report_product_window} ${productWindow}`
          : null;
  // report_product_totals and report_product_window have the same columns: either's, under the alias `t`.
  const t = productTotals;
  if (maintained)
    return {
      maintained: true,
      rows: sql`select ${t.product_id} as product_id, ${t.currency} as currency, ${t.units} as quantity,
          ${t.revenue} as revenue
        from ${maintained}
        where ${t.business_id} = ${scope.businessId} and ${t.lines} > 0`,
    };
  // A seller's all time: report_products holds one row per currency, seller and product (its key), so there is
  // nothing to group, and reading them as rows is several times cheaper than grouping them anyway.
  const allTime =
    scope.soldBy === undefined
      ? sql`select ${t.product_id}, ${t.currency}, ${t.lines}, ${t.units}, ${t.revenue}
        from ${report_product_totals} ${t} where ${totalsOf(t, scope)}`
      : sql`select ${sellerProducts.product_id}, ${sellerProducts.currency}, ${sellerProducts.lines},
          ${sellerProducts.units}, ${sellerProducts.revenue}
        from ${report_products} ${sellerProducts} where ${totalsOf(sellerProducts, scope)}`;
  if (!period) {
    return {
      maintained: false,
      rows: sql`select ${t.product_id}, ${t.currency}, ${t.units} as quantity, ${t.revenue} from (${allTime}) ${t}
        where ${t.lines} > 0`,
    };
  }
  if (source === 'complement') {
    return {
      maintained: false,
      rows: sql`select a.product_id, a.currency, a.units - coalesce(o.units, 0) as quantity,
          a.revenue - coalesce(o.revenue, 0) as revenue
        from (${allTime}) a
        left join (${summedPerProduct(
          sql`${report_product_days} ${productDays} where ${totalsOf(productDays, scope)}
            and (${productDays.day} < ${period.from} or ${productDays.day} > ${period.to})`,
        )}) o on o.product_id = a.product_id and o.currency = a.currency
        where a.lines - coalesce(o.lines, 0) > 0`,
    };
  }
  return {
    maintained: false,
    rows: sql`select ${productDays.product_id} as product_id, ${productDays.currency} as currency,
        sum(${productDays.units}) as quantity, sum(${productDays.revenue}) as revenue
      from ${report_product_days} ${productDays}
      where ${totalsOf(productDays, scope, period)}
      group by ${productDays.product_id}, ${productDays.currency}
      having sum(${productDays.lines}) > 0`,
  };
}

/**
 * A seller's rows to rank, when they made most of the sales (ProductSource `less others`): the whole business's
 * maintained rows, read in the ranking's order off their index (report_product_totals over all time,
 * report_product_window over the window), less what the other sellers sold of each product (`others`, their
 * report_products or their days of the window, grouped: a CTE of that name, materialized by the caller).
 *
 * Exact with only the first `limit` + k of the business's rows, k the number of products the others sold: a seller
 * sells no more of a product than the business does, and of a product no other seller sold, exactly as much. So of
 * those first rows at least `limit` are the seller's own figures, and every product past them sold the seller no
 * more than the business sold of it, which ranks after each of those (test/reports/seller-best-sellers.test.ts).
 *
 * Why: grouping the seller's own rows cost what their sales did, however few the others'. Taken only when the
 * seller made at least two thirds of the period's sales: the others' rows, with the business's rows they add to
 * the read, cost about twice the seller's own per row.
 *
 * The others' rows are read as two ranges of sellers, below and above this one: PostgreSQL checks a range on the
 * index entry, where `<>` is checked on the row fetched from the table, every row of the period (on PostgreSQL 18
 * the ranges also skip from one day and currency to the next).
 */
function lessOtherSellers(
  scope: { businessId: Id; soldBy: Id },
  period: Period | undefined,
): { others: SQL; candidates(by: 'quantity' | 'revenue', limit: Limit): SQL } {
  const business = { businessId: scope.businessId };
  const [maintained, theirs] = period
    ? [sql`${report_product_window} ${productWindow}`, productDays]
    : [sql`${report_product_totals} ${productTotals}`, sellerProducts];
  const table = period ? report_product_days : report_products;
  const t = productTotals;
  const sellers = (range: SQL) =>
    sql`select ${theirs.product_id}, ${theirs.currency}, ${theirs.lines}, ${theirs.units}, ${theirs.revenue}
      from ${table} ${theirs} where ${totalsOf(theirs, business, period)} and ${theirs.sold_by} ${range} ${scope.soldBy}`;
  return {
    others: summedPerProduct(sql`(${sellers(sql`<`)} union all ${sellers(sql`>`)}) ${productDays}`),
    candidates: (by, limit) => sql`(select p.product_id, p.currency, p.quantity - coalesce(o.units, 0) as quantity,
        p.revenue - coalesce(o.revenue, 0) as revenue
      from (select * from (select ${t.product_id} as product_id, ${t.currency} as currency, ${t.lines} as lines,
            ${t.units} as quantity, ${t.revenue} as revenue
          from ${maintained} where ${t.business_id} = ${scope.businessId} and ${t.lines} > 0) p
        order by ${orderOf(by)}
        limit ${limitOf(limit)} + (select count(*) from others)) p
      left join others o on o.product_id = p.product_id and o.currency = p.currency
      where p.lines - coalesce(o.lines, 0) > 0)`,
  };
}

/**
 * The first `limit` of `perProduct` (productTotalsOf's rows: a CTE's name or a subquery in parentheses) by
 * `by`, as JSON in that order. A product is named as in its latest line of the scope and period (a lookup
 * for the few that are listed). The limit right above the sort makes it a top-N heapsort in memory;
 * numbering the whole list first sorted every product on disk (an external merge, most of the report's time).
 *
 * The lookup walks the product's lines newest first, probing each one's sale, until one is of the scope and
 * period. Over a period it starts at the scope's last line of the period (lastLineOf): without it the walk passed
 * every line of the product sold since the period, which for a period long ago was most of the report's time. The
 * start is only a bound: the walk's own conditions still decide, so a line of another scope or of a
 * cancelled sale costs a step, not a wrong name.
 */
export function bestSellersJson(
  scope: TotalsScope<Id>,
  period: Period | undefined,
  perProduct: SQL,
  by: 'quantity' | 'revenue',
  limit: Limit,
  categoryId?: number,
): SQL {
  const inCategory = ofCategory(scope.businessId, sql`p.product_id`, categoryId);
  return sql`(select json_agg(json_build_array(p.product_id, latest.product_name, p.quantity, p.currency,
      round(p.revenue, 2)::text) order by ${orderOf(by)})
    from (select * from ${perProduct} p where true${inCategory} order by ${orderOf(by)} limit ${limitOf(limit)}) p
    cross join lateral (
      select ${l.product_name}
      from ${sale_lines} ${l}
      join ${sales} ${s} on ${s.business_id} = ${l.business_id} and ${s.id} = ${l.sale_id}
      where ${l.business_id} = ${scope.businessId} and ${l.product_id} = p.product_id and ${s.currency} = p.currency
        and ${scopeOf(scope, period)}${period ? sql` and ${l.id} <= ${lastLineOf(scope, period)}` : sql``}
      order by ${l.id} desc
      limit 1
    ) latest)`;
}

/**
 * The scope's last line of the period, as its day rows keep it (report_sale_days.last_line_id: at least every
 * counted line's id of their key), or any line when they do not say. One for every product listed: a subquery
 * of nothing outside it, run once per list, and cheap (a few day rows per day): not worth skipping for a period
 * that ends today, where it bounds nothing.
 */
const lastLineOf = (scope: TotalsScope<Id>, period: Period) =>
  sql`coalesce((select max(${saleDays.last_line_id}) from ${report_sale_days} ${saleDays}
    where ${totalsOf(saleDays, scope, period)}), ${MAX_BIGINT}::bigint)`;

const MAX_BIGINT = '9223372036854775807';

export const productsFrom = (products: ProductTuple[] | null): ProductSold[] =>
  (products ?? []).map(([product_id, product_name, quantity, currency, revenue]) => ({
    product_id,
    product_name,
    quantity,
    currency,
    revenue,
  }));

/**
 * The best sellers by each of `rankings` from one pass over the totals: units and revenue per product
 * and currency over every line of the scope's counted sales (not only each sale's first item).
 */
async function bestSellers(
  db: Queryable,
  scope: TotalsScope,
  limit: number,
  period: Period | undefined,
  rankings: readonly ('quantity' | 'revenue')[],
  categoryId?: number,
): Promise<ProductSold[][]> {
  const source = await productSourceOf(db, scope, period);
  const list = (by: 'quantity' | 'revenue', index: number, perProduct: SQL) =>
    sql`${bestSellersJson(scope, period, perProduct, by, eachRun(limit), categoryId)} as ${sql.raw(`list${index}`)}`;
  let statement: SQL;
  if (source === 'less others' && scope.soldBy !== undefined) {
    const { others, candidates } = lessOtherSellers({ businessId: scope.businessId, soldBy: scope.soldBy }, period);
    const lists = rankings.map((by, index) => list(by, index, candidates(by, eachRun(limit))));
    statement = sql`with others as materialized (${others}) select ${sql.join(lists, sql`, `)}`;
  } else {
    const { rows: perProduct, maintained } = productTotalsOf(scope, period, source);
    // A maintained table's CTE is inlined into each ranking, read off its index in that ranking's order; the
    // grouped rows are materialised once for both rankings.
    const lists = rankings.map((by, index) => list(by, index, sql`per_product`));
    statement = sql`with per_product as ${maintained ? sql`not materialized` : sql``} (${perProduct})
      select ${sql.join(lists, sql`, `)}`;
  }
  const { rows } = await db.execute<Record<string, ProductTuple[] | null>>(statement);
  return rankings.map((_, index) => productsFrom(rows[0]?.[`list${index}`] ?? null));
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
  categoryId?: number,
): Promise<{ byQuantity: ProductSold[]; byRevenue: ProductSold[] }> {
  const [byQuantity = [], byRevenue = []] = await bestSellers(
    db,
    scope,
    limit,
    period,
    ['quantity', 'revenue'],
    categoryId,
  );
  return { byQuantity, byRevenue };
}
