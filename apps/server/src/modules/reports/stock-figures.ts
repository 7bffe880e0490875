import { type BatchAlert, EXPIRING_SOON_DAYS, type LowStockItem, type StockValue } from '@oja/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessToday } from '../../db/business-day';
import type { Queryable } from '../../db/client';
import { columnNames } from '../../db/column-names';
import { eachRun, type Limit, limitOf } from '../../db/limit';
import { product_batches, product_stock, products, report_stock_values } from '../../db/schema';
import { countedUnits, isStale, keptStock as s, withLevel } from '../stock/kept-stock';
import { figureOf } from './figure-json';
import type { Id } from './sale-figures';

/**
 * What is on the shelf, of live products: its value, what runs low, what expires soon and what has
 * expired but is still there. A batch expiring today is still sellable today (Lagos days).
 */

/**
 * When the reader folds a business's rows of report_stock_values: once they are more than twice the keys
 * they sum to, plus this. Up to then a read sums at most a few hundred rows of changes more than needed.
 */
const COMPACT_AFTER = 256;

/** The tables under the aliases the statements below read them by. */
const t = alias(report_stock_values, 't');
const p = alias(products, 'p');
const b = alias(product_batches, 'b');

/**
 * Units of unexpired stock of live products valued at cost (the batch's, else the product's) and at the
 * retail price, per currency. Read from the maintained report_stock_values (migration 0016, ADR 0009):
 * the rows of today and later dates: a few rows per currency and date, where joining the batches to their
 * products on every report read every batch (ADR 0009).
 */
export async function stockValue(db: Queryable, businessId: number): Promise<StockValue[]> {
  const { rows } = await db.execute<StockValue & { stored: number; keys: number }>(sql`
    with per_key as (
      select ${t.currency} as currency, ${t.expiration_date} as expiration_date, count(*) as stored,
        sum(${t.units}) as units, sum(${t.value_at_cost}) as value_at_cost, sum(${t.value_at_retail}) as value_at_retail
      from ${report_stock_values} ${t}
      where ${t.business_id} = ${businessId}
      group by ${t.currency}, ${t.expiration_date}
    ),
    per_currency as (
      select k.currency, sum(k.units) as units, sum(k.value_at_cost) as value_at_cost,
        sum(k.value_at_retail) as value_at_retail
      from per_key k
      where k.expiration_date is null or k.expiration_date >= ${businessToday}
      group by k.currency
      having sum(k.units) > 0
    ),
    stats as (select coalesce(sum(stored), 0)::int as stored, count(*)::int as keys from per_key)
    select c.currency, c.units::float8 as units, round(c.value_at_cost, 2)::text as value_at_cost,
      round(c.value_at_retail, 2)::text as value_at_retail, s.stored, s.keys
    from stats s
    left join per_currency c on true
    order by c.value_at_retail desc, c.currency`);
  const [first] = rows;
  if (first && first.stored > 2 * first.keys + COMPACT_AFTER) await compactStockValues(db, businessId);
  return rows.filter((row) => row.currency !== null).map(({ stored: _stored, keys: _keys, ...value }) => value);
}

/**
 * Folds a business's rows of report_stock_values into one per currency and date, dropping the dates
 * already past (the value counts today and later only, and days only move on) and the keys back at zero.
 * One statement: it removes exactly the rows it sums. A trigger's row committed meanwhile is not among
 * them and stays; a second fold at the same time waits for the first's rows, skips them once they are
 * gone, and folds only what it removed itself. No row is counted twice or lost.
 */
export async function compactStockValues(db: Queryable, businessId: number): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from ${report_stock_values} ${t} where ${t.business_id} = ${businessId}
      returning ${t.currency} as currency, ${t.expiration_date} as expiration_date, ${t.units} as units,
        ${t.value_at_cost} as value_at_cost, ${t.value_at_retail} as value_at_retail
    )
    insert into ${report_stock_values} (${columnNames(
      report_stock_values.business_id,
      report_stock_values.currency,
      report_stock_values.expiration_date,
      report_stock_values.units,
      report_stock_values.value_at_cost,
      report_stock_values.value_at_retail,
    )})
    select ${businessId}::bigint, g.currency, g.expiration_date, sum(g.units), sum(g.value_at_cost), sum(g.value_at_retail)
    from gone g
    where g.expiration_date is null or g.expiration_date >= ${businessToday}
    group by g.currency, g.expiration_date
    having sum(g.units) <> 0 or sum(g.value_at_cost) <> 0 or sum(g.value_at_retail) <> 0`);
}

/** [product_id, product_name, sku, reorder_level, quantity_in_stock]: lowStockJson's product. */
export type LowStockTuple = [number, string, string, number, number];

/**
 * Live products whose unexpired stock is below their reorder level as JSON, the furthest below first, then by name.
 *
 * Read from product_stock (migration 0035), which triggers keep: the first `limit` of its current rows (whose
 * drops_on has not passed) off their shortfall index, in the answer's order, and the first `limit` of its stale
 * rows (a batch of theirs expired since their as_of), each counted from its batches; the answer is the first
 * `limit` of the two. Summing the batches of every product with a level grouped every batch row; this reads a few
 * index entries and the stale rows (none on the day a row is counted, then those whose batch expired since, until
 * the overview refreshes them).
 *
 * Each part takes its own first rows: under one ORDER BY over their UNION ALL, PostgreSQL read all the current
 * low rows and sorted them rather than walk the index. Today is compared as it is
 * written (businessToday), not once per statement, so that the planner knows the date and so how few rows are
 * stale; drops_on's test on the current rows is a coalesce, which keeps them off drops_on's index.
 */
/**
 * The report's category filter on a product id column: ` and <id> in (the category's products)`, or nothing. The
 * category's products come off products_category_idx.
 */
export function ofCategory(businessId: Id, productId: SQL | AnyColumn, categoryId: Id | undefined): SQL {
  if (categoryId === undefined) return sql``;
  return sql` and ${productId} in (select ${products.id} from ${products}
    where ${products.business_id} = ${businessId} and ${products.category_id} = ${categoryId})`;
}

export function lowStockJson(businessId: Id, limit: Limit, categoryId?: Id): SQL {
  const kept = sql`${s.business_id} = ${businessId} and ${withLevel}${ofCategory(businessId, s.product_id, categoryId)}`;
  const order = sql`order by shortfall, product_name, product_id limit ${limitOf(limit)}`;
  return sql`(select json_agg(json_build_array(x.product_id, ${p.product_name}, ${p.sku}, x.reorder_level, x.quantity_in_stock)
      order by x.shortfall, x.product_name, x.product_id)
    from (select * from (
        (select ${s.product_id} as product_id, ${s.product_name} as product_name, ${s.reorder_level} as reorder_level,
            ${s.sellable} as quantity_in_stock, ${s.sellable} - ${s.reorder_level} as shortfall
          from ${product_stock} ${s}
          where ${kept} and ${s.sellable} - ${s.reorder_level} < 0 and coalesce(${s.drops_on}, 'infinity') >= ${businessToday}
          ${order})
        union all
        (select ${s.product_id} as product_id, ${s.product_name} as product_name, ${s.reorder_level} as reorder_level,
            c.units, c.units - ${s.reorder_level} as shortfall
          from ${product_stock} ${s}
          cross join lateral (select ${countedUnits} as units) c
          where ${kept} and ${isStale} and c.units < ${s.reorder_level}
          ${order})) u
      ${order}) x
    join ${products} ${p} on ${p.business_id} = ${businessId} and ${p.id} = x.product_id)`;
}

/**
 * Whether the business has rows of product_stock gone stale (a batch of theirs expired since they were counted),
 * which product_stock_refresh counts again as of today.
 */
export const stockBehind = (businessId: Id): SQL =>
  sql`exists (select 1 from ${product_stock} ${s} where ${s.business_id} = ${businessId} and ${isStale})`;

/** Counts the business's stale rows of product_stock again, as of today (stockBehind). */
export async function stockRefresh(db: Queryable, businessId: number): Promise<void> {
  await db.execute(sql`select product_stock_refresh(${businessId}, ${businessToday})`);
}

export const lowStockFrom = (products: LowStockTuple[] | null): LowStockItem[] =>
  (products ?? []).map(([product_id, product_name, sku, reorder_level, quantity_in_stock]) => ({
    product_id,
    product_name,
    sku,
    reorder_level,
    quantity_in_stock,
  }));

/** Live products whose unexpired stock is below their reorder level, the furthest below first. */
export async function lowStock(
  db: Queryable,
  businessId: number,
  limit: number,
  categoryId?: number,
): Promise<LowStockItem[]> {
  return lowStockFrom(await figureOf<LowStockTuple[]>(db, lowStockJson(businessId, eachRun(limit), categoryId)));
}

/** [product_id, product_name, batch_id, batch_number, expiration_date, quantity, currency, value_at_cost, live] */
export type AlertTuple = [number, string, number, string, string, number, BatchAlert['currency'], string, boolean];

/** Batches with units that expire within the next 30 days, today included; or past their date, still on the shelf. */
export type BatchList = 'expiring' | 'expired';

const batchesOf = (list: BatchList) =>
  list === 'expiring'
    ? sql`${b.expiration_date} >= ${businessToday} and ${b.expiration_date} < ${businessToday} + ${EXPIRING_SOON_DAYS}::int`
    : sql`${b.expiration_date} < ${businessToday}`;

const stockedOf = (businessId: Id, list: BatchList, categoryId?: Id) =>
  sql`${b.business_id} = ${businessId} and ${b.quantity} > 0 and ${b.expiration_date} is not null and ${batchesOf(list)}${ofCategory(businessId, b.product_id, categoryId)}`;

/**
 * A batch `b` of its product `p` as an AlertTuple. `b` is also the name of the subqueries below that pass the
 * batches' columns through under their own names, so the same columns read them.
 */
const alertTuple = sql`json_build_array(${p.id}, ${p.product_name}, ${b.id}, ${b.batch_number}, ${b.expiration_date}::text,
  ${b.quantity}, ${p.currency}, round(${b.quantity} * coalesce(${b.cost_price}, ${p.cost_price}), 2)::text,
  ${p.archived_at} is null)`;

/** The batches and their products: `b` (a subquery of product_batches' columns) joined to `p`. */
const withProduct = sql`join ${products} ${p} on ${p.business_id} = ${b.business_id} and ${p.id} = ${b.product_id}`;

/**
 * The first `limit` batches by date, then id, of live products, among the stocked batches of the list.
 * Read first: the first 2 × limit such batches whatever their product (an index scan in date order, a
 * top-N sort of the batches of the first dates only), each with its product and whether that is live:
 * batchAlertsJson, then batchAlertsFrom. Those are the answer whenever `limit` of them are live, or when
 * they are all there is, since any other live batch comes after them all. Only when archived products
 * leave fewer is everything read (batchAlerts, a second statement, which alone makes the answer). Joined
 * first, the expired list joined the product of every batch of its oldest dates before sorting them (the
 * batches' own heap reads remain; an index on (business, date, id) would remove those too).
 */
export function batchAlertsJson(businessId: Id, list: BatchList, limit: Limit, categoryId?: Id): SQL {
  return sql`(select json_agg(${alertTuple} order by ${b.expiration_date}, ${b.id})
    from (select ${b.business_id}, ${b.id}, ${b.product_id}, ${b.batch_number}, ${b.expiration_date}, ${b.quantity},
        ${b.cost_price}
      from ${product_batches} ${b}
      where ${stockedOf(businessId, list, categoryId)}
      order by ${b.expiration_date}, ${b.id}
      limit ${limitOf(limit, 2)}) ${b}
    ${withProduct})`;
}

/** batchAlertsJson's answer, or undefined when its candidates do not hold it (batchAlerts reads them all then). */
function batchAlertsFrom(candidates: AlertTuple[] | null, limit: number, withCost: boolean): BatchAlert[] | undefined {
  const all = candidates ?? [];
  const live = all.filter((batch) => batch[8]).slice(0, limit);
  if (live.length < limit && all.length === 2 * limit) return undefined;
  return live.map(([product_id, product_name, batch_id, batch_number, expiration_date, quantity, currency, cost]) => ({
    product_id,
    product_name,
    batch_id,
    batch_number,
    expiration_date,
    quantity,
    currency,
    value_at_cost: withCost ? cost : null,
  }));
}

/**
 * The list's first `limit` batches of live products: batchAlertsJson's candidates (`candidates`, when a
 * statement of several figures read them already), else every stocked batch of the list when they do
 * not hold the answer.
 */
export async function batchAlerts(
  db: Queryable,
  businessId: number,
  list: BatchList,
  limit: number,
  withCost: boolean,
  candidates?: AlertTuple[] | null,
  categoryId?: number,
): Promise<BatchAlert[]> {
  const first =
    candidates !== undefined
      ? candidates
      : await figureOf<AlertTuple[]>(db, batchAlertsJson(businessId, list, eachRun(limit), categoryId));
  const answer = batchAlertsFrom(first, limit, withCost);
  if (answer) return answer;
  const all = await figureOf<AlertTuple[]>(
    db,
    sql`(select json_agg(x.batch order by x.expiration_date, x.id)
      from (select ${alertTuple} as batch, ${b.expiration_date} as expiration_date, ${b.id} as id
        from (select * from ${product_batches} ${b} where ${stockedOf(businessId, list, categoryId)}) ${b}
        ${withProduct}
        where ${p.archived_at} is null
        order by ${b.expiration_date}, ${b.id}
        limit ${limitOf(eachRun(limit))}) x)`,
  );
  return batchAlertsFrom(all, limit, withCost) ?? [];
}

/** Batches with units that expire within the next 30 days, today included, soonest first. */
export function expiringBatches(
  db: Queryable,
  businessId: number,
  limit: number,
  withCost = true,
  categoryId?: number,
) {
  return batchAlerts(db, businessId, 'expiring', limit, withCost, undefined, categoryId);
}

/** Batches past their date whose units are still on the shelf (not written off). */
export function expiredBatches(db: Queryable, businessId: number, limit: number, withCost = true, categoryId?: number) {
  return batchAlerts(db, businessId, 'expired', limit, withCost, undefined, categoryId);
}
