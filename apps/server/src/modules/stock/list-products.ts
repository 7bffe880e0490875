import { type listProductsQuerySchema, PAGE_SIZE, type ProductList, pageInfo } from '@oja/contract';
import { and, eq, exists, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessToday } from '../../db/business-day';
import { limitOf, plannedOnce } from '../../db/limit';
import { product_batches, product_counts, products } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { isSellable } from './ledger';
import { type ListedProductRow, listedProductColumns, listedProducts, productColumns } from './product-answer';

type Query = z.output<typeof listProductsQuerySchema>;

/** A batch of this product row with units left that satisfy `condition`. */
function hasBatch(condition: SQL) {
  return exists(
    sql`(select 1 from ${product_batches} where ${product_batches.business_id} = ${products.business_id} and ${product_batches.product_id} = ${products.id} and ${product_batches.quantity} > 0 and ${condition})`,
  );
}

/** The stock filters of the query (in stock, out of stock, low stock, expiring soon), on `products`. */
function stockFilters(query: Query): SQL[] {
  const conditions: SQL[] = [];
  if (query.stock === 'in_stock') conditions.push(hasBatch(isSellable));
  if (query.stock === 'out_of_stock') conditions.push(not(hasBatch(isSellable)));
  if (query.stock === 'low_stock') {
    // The report's rule: sellable units below the product's reorder level.
    conditions.push(
      sql`${products.reorder_level} is not null and coalesce((select sum(${product_batches.quantity}) from ${product_batches} where ${product_batches.business_id} = ${products.business_id} and ${product_batches.product_id} = ${products.id} and ${product_batches.quantity} > 0 and ${isSellable}), 0) < ${products.reorder_level}`,
    );
  }
  if (query.expiring === 'soon') {
    conditions.push(
      hasBatch(
        sql`${product_batches.expiration_date} between ${businessToday} and ${businessToday} + ${query.days}::int`,
      ),
    );
  }
  return conditions;
}

type Page = { total: number; rows: ListedProductRow[] };

/** The page's product columns, as the subquery aliased `p` selects them. */
const pageColumns = sql.join(Object.values(productColumns), sql`, `);
const newestFirst = sql`order by ${products.created_at} desc, ${products.id} desc`;

/**
 * One statement for the whole page: its total (`total`, evaluated once), its products (`page`, a
 * subquery with its own LIMIT/OFFSET) and their batches (listedProductColumns). The total is joined to
 * the page with a LEFT JOIN so that a page past the end still answers its total (one row of nulls).
 *
 * Why one statement: the list's count, page and batches were three (after the gate), the search's page,
 * products and batches three too, each one a query that drizzle builds, a round trip, rows parsed, and
 * for PostgreSQL a parse and a plan. On the load bench (100,000 products, 32 connections, two A/B pairs
 * back to back on the same data, 2026-11-24) the server's CPU per request fell from 2.1-2.5 to 1.1-1.2 ms
 * on the list and from 2.4-2.6 to 1.3-1.6 ms on the search; PostgreSQL's from 1.0-1.15 to 0.9 ms on the
 * list and stayed at 4.6-5.2 ms on the search, which is the matches' recheck (see searchedPage).
 * A filtered list's count and page, which ran side by side on two connections, now run one after the
 * other in one backend: one connection per request instead of two.
 */
async function pageOf(ctx: BusinessContext, total: SQL, page: SQL, withClause?: SQL): Promise<Page> {
  const { rows } = await ctx.db.execute<ListedProductRow & { total: number }>(sql`${withClause ?? sql``}
    select t.total, ${listedProductColumns(ctx.businessId)}
    from (select ${total} as total) t left join (${page}) p on true
    order by p.created_at desc, p.id desc`);
  return { total: rows[0]?.total ?? 0, rows: rows[0]?.id == null ? [] : rows };
}

/**
 * All live products, newest first: the page straight off the (business_id,
 * created_at, id) index, and the count from the counter that triggers keep in
 * product_counts (counting a large catalogue on every page would cost more
 * than the page itself).
 *
 * Named and planned once per connection: the index is in the page's order, so the walk down it is the
 * plan for any business and any page, and PostgreSQL's generic plan is that walk (EXPLAIN, page 50 of
 * the load data's business). So the LIMIT is written in the text and the OFFSET is written `offset ($n)`,
 * which db/statement-names.ts's guard against value-dependent plans deliberately lets through. Planned
 * per run it cost PostgreSQL 0.39-0.42 ms of CPU per page, planned once 0.18 (pgbench, one client, pages
 * 1-50 of the load data, 4,000 runs each, 2026-11-24). Load bench, eight A/B pairs as for the search
 * below: 1,366-1,624 → 1,694-2,461 req/s, PostgreSQL 0.51-0.60 → 0.25-0.33 ms per request.
 */
function unfilteredPage(ctx: BusinessContext, offset: number, limit: number): Promise<Page> {
  return pageOf(
    ctx,
    sql`coalesce((select ${product_counts.live_products} from ${product_counts} where ${product_counts.business_id} = ${ctx.businessId}), 0)`,
    sql`select ${pageColumns} from ${products}
      where ${products.business_id} = ${ctx.businessId} and ${products.archived_at} is null
      ${newestFirst} limit ${limitOf(plannedOnce(limit))} offset (${offset})`,
  );
}

/**
 * Live products with stock filters (in stock, out of stock, expiring soon): the
 * count and the page in one statement. The page walks the newest-first index and
 * checks each product's batches, which stops as soon as it has its 20.
 */
function stockFilteredPage(ctx: BusinessContext, where: SQL, offset: number, limit: number): Promise<Page> {
  return pageOf(
    ctx,
    sql`(select count(*)::int from ${products} where ${where})`,
    sql`select ${pageColumns} from ${products} where ${where} ${newestFirst} limit ${limit} offset ${offset}`,
  );
}

/**
 * Whether this business holds most of the products table (more than half of PostgreSQL's estimate of its
 * rows): a shop running its own server, or the load bench's business of 100,000 products among 120,000.
 * An InitPlan, evaluated once per run, so the plan below stays one plan for every business. Never null:
 * with no estimate yet (a table never analysed: reltuples -1) it is false, the way that suits any business.
 * With products distributed by business_id (Citus, ADR 0008), a statement is routed to one shard only when
 * every branch says `business_id = $n`: the `+ 0` branch is then to go (a shard's table is the planner's
 * unit there, and routing by business already narrows it).
 */
function holdsMostProducts(businessId: number): SQL {
  return sql`coalesce((select coalesce((select ${product_counts.live_products} from ${product_counts}
      where ${product_counts.business_id} = ${businessId}), 0) * 2
    > (select reltuples from pg_class where oid = 'products'::regclass and reltuples >= 0)), false)`;
}

/**
 * The products that match a search: found once (the trigram indexes), then counted and ordered newest
 * first. The matches are a materialised CTE that the statement reads twice: without that, a search the
 * planner wrongly expects to match often walks the newest-first index over the whole catalogue looking
 * for 20 rows that are not there (65 ms instead of 1 at 100,000 products). Only the page's 20 ids are
 * then read from products, by primary key.
 *
 * The count must stay exact (the answer's pageInfo), so every match is read: a trigram index only
 * proposes candidates, each rechecked against its heap row (no index-only path with GIN). On the load
 * data that is most of PostgreSQL's time for a search: 'golden pen' matches 2,500 products spread over
 * 1,579 heap pages; 'milk' 4,000 on 164 pages. Three things make that cheaper, each measured with
 * pgbench on a copy of the load data (one client, the bench's eight searches, PostgreSQL's CPU per
 * search, 2026-11-24): 2.45-2.70 ms as it was;
 * - `lower(col) like lower(pattern)` instead of ILIKE, on trigram indexes of lower(col) (migration
 *   0019): ILIKE lowers the pattern and the row's text for every row it rechecks; this lowers the row's
 *   text only, and the pattern once per run (an InitPlan, `select lower(…)`). Same answers: in a UTF8
 *   database PostgreSQL's ILIKE is lower(text) LIKE lower(pattern) under the same collation (like.c,
 *   Generic_Text_IC_like); test/stock/search-lower-like.test.ts holds the two equal on generated
 *   non-ASCII names and patterns, through the indexes. Planned per run: 2.19-2.33 ms.
 * - The statement is named and planned once per connection (db/statement-names.ts): its plan does not
 *   depend on the page (the matches are sorted whole whatever the OFFSET: the sort's top-N bound is set
 *   at run time), so the LIMIT is written in the text and the OFFSET, a parameter, is written
 *   `offset ($n)`, which the guard against value-dependent plans deliberately lets through. Parsing and
 *   planning were 0.45-0.6 ms of each search.
 * - Its one generic plan must suit the largest business and the smallest: the business's posting list
 *   of the (business_id, lowered column) index, which a generic plan always intersects with the trigrams',
 *   is 100,000 entries for the bench's business (0.4 ms decoded on every search: 2.11-2.17 ms), and 20
 *   for a small shop, which would recheck every business's matches without it. So the matches are a
 *   UNION ALL of the two ways, and an InitPlan (holdsMostProducts) runs one: the trigrams alone with
 *   the business checked on the row (`business_id + 0`, which no index serves) when the business holds
 *   most of the table, the index's business key otherwise. The branches differ only in how they check
 *   the business, and exactly one runs. 1.66-1.79 ms.
 * On the load bench (search, list and overview, 32 connections, 10 s each, eight A/B pairs on copies of
 * the same data, a busy machine, 2026-11-24) the search went from 440-573 to 614-796 req/s, PostgreSQL's
 * CPU per search from 2.72-3.20 to 1.78-2.14 ms, node's unchanged (0.57-0.78 ms); p99 81-143 ms against
 * 95-133 ms, both noisy. The 60 ms target needs less CPU still; what remains, by perf of the backend
 * (pgbench, 'golden pen' and the others): the GIN posting lists 16%, lower() of each rechecked row 16%,
 * the heap tuples' visits and decoding 10%, the CTE and sort 6%. Hence:
 * - The recheck reads stored lowered columns (`product_name_lower`, `sku_lower`, which PostgreSQL computes
 *   on every write; migration 0021), trigram-indexed in place of lower(col): 2.24-2.57 → 1.75-2.01 ms per
 *   search (one client, the eight searches, the backend's CPU; both copies of the data rewritten alike,
 *   2026-11-24), though the rows are 29% wider ('golden pen' now visits 2,031 heap pages, not 1,579).
 *   Load bench, seven A/B pairs: PostgreSQL's CPU per search 2.53-2.80 → 2.09-2.70 ms (bench/README.md).
 * Tried and left, neither measurably cheaper: holdsMostProducts computed once for both branches (a CTE),
 * and the count and page from one ordered array_agg instead of the CTE read twice.
 */
function searchedPage(
  ctx: BusinessContext,
  search: string,
  query: Query,
  offset: number,
  limit: number,
): Promise<Page> {
  const { businessId } = ctx;
  const pattern = sql`(select lower(${containsPattern(search)}::text))`;
  const rest = and(
    isNull(products.archived_at),
    sql`(${products.product_name_lower} like ${pattern} or ${products.sku_lower} like ${pattern})`,
    ...stockFilters(query),
  );
  const isMost = holdsMostProducts(businessId);
  return pageOf(
    ctx,
    sql`(select count(*)::int from matches)`,
    sql`select ${pageColumns} from (select id, created_at from matches
        order by created_at desc, id desc limit ${limitOf(plannedOnce(limit))} offset (${offset})) m
      join ${products} on ${products.business_id} = ${businessId} and ${products.id} = m.id`,
    sql`with matches as materialized (
      select ${products.id}, ${products.created_at} from ${products}
        where ${isMost} and ${products.business_id} + 0 = ${businessId} and ${rest}
      union all
      select ${products.id}, ${products.created_at} from ${products}
        where not ${isMost} and ${products.business_id} = ${businessId} and ${rest})`,
  );
}

/**
 * One page of the business's live products, newest first, filtered by the
 * server so that the counts stay true. Stock is computed for the page's
 * products only, whatever the business's size.
 */
export async function listProducts(ctx: BusinessContext, query: Query): Promise<ProductList> {
  const pageSize = PAGE_SIZE.products;
  const offset = (query.page - 1) * pageSize;
  const { total, rows } = query.search
    ? await searchedPage(ctx, query.search, query, offset, pageSize)
    : query.stock || query.expiring
      ? await stockFilteredPage(
          ctx,
          and(eq(products.business_id, ctx.businessId), isNull(products.archived_at), ...stockFilters(query)) as SQL,
          offset,
          pageSize,
        )
      : await unfilteredPage(ctx, offset, pageSize);
  return { ...pageInfo(total, query.page, pageSize), results: listedProducts(ctx, rows) };
}
