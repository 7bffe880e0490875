import { type listProductsQuerySchema, PAGE_SIZE, type ProductList, pageInfo, type StockFilter } from '@oja/contract';
import { type AnyColumn, and, eq, exists, getTableName, isNull, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { builtOnceSqlPer, type OrPlaceholder } from '../../db/built-once';
import { businessTodayOnce } from '../../db/business-day';
import type { Queryable } from '../../db/client';
import { countedPage, countedRows, pageRows } from '../../db/counted-page';
import { limitOf, plannedOnce } from '../../db/limit';
import { product_batches, product_counts, product_search, product_stock, products } from '../../db/schema';
import { containsPattern } from '../../db/search';
import {
  type BusinessReader,
  type GateRow,
  type GateValues,
  gateSql,
  readThroughGate,
  type Viewer,
} from '../../platform/gate';
import { keptMatchesOf, Matches } from './kept-matches';
import { countedUnits, isStale, keptStock, withLevel } from './kept-stock';
import { isSellable } from './ledger';
import { type ListedProductRow, listedProductColumns, listedProducts, pageColumns } from './product-answer';

type Query = z.output<typeof listProductsQuerySchema>;

/** product_stock's row of a product, as kept-stock.ts's conditions read it. */
const s = keptStock;
/** A row of the page, as countedPage aliases it: its columns are products' (pageColumns). */
const p = alias(products, 'p');
// The names the statements give themselves stay text (the CTE `matches`, the subqueries `m`, `w`, `x`, `c` and
// their columns): each is named with `as` where it is made, so none depends on a schema column's name.

/** The columns that name the product a stock filter is about: products' own, or a search match's. */
type ProductKey = { businessId: AnyColumn; id: AnyColumn };
const productsKey: ProductKey = { businessId: products.business_id, id: products.id };
const searchKey: ProductKey = { businessId: product_search.business_id, id: product_search.product_id };

/** A batch of this product with units left that satisfy `condition`. */
function hasBatch(product: ProductKey, condition: SQL) {
  return exists(
    sql`(select 1 from ${product_batches} where ${product_batches.business_id} = ${product.businessId} and ${product_batches.product_id} = ${product.id} and ${product_batches.quantity} > 0 and ${condition})`,
  );
}

/** The stock filters a list is asked for, and whether it is of one category. */
type Filters = Pick<Query, 'stock' | 'expiring'> & { category?: boolean };

/** What a list's statement is made of besides its values: the filters it is asked for, and the gate folded in or not. */
type Shape = Filters & { gated: boolean };

/**
 * The shapes there are: one of three stock filters or none, by expiring soon or not, of a category or not, with the
 * gate or without.
 */
const SHAPES = 32;

/** A shape as the key of its statement (builtOnceSqlPer). */
const keyOf = (shape: Shape) =>
  `${shape.stock ?? ''}:${shape.expiring ?? ''}:${shape.category === true}:${shape.gated}`;

/** The values every list statement's placeholders take (those a statement has no placeholder for go unused). */
type PageValues = {
  businessId: number;
  offset: number;
  days: number;
  pattern?: string;
  exact?: string;
  limit?: number;
  categoryId?: number;
} & Partial<GateValues>;

/** A row `s` of product_stock of a live product below its reorder level (lowOnStock). */
const keptLow = sql`${withLevel}
  and ((coalesce(${s.drops_on}, 'infinity') >= ${businessTodayOnce} and ${s.sellable} - ${s.reorder_level} < 0)
    or (coalesce(${s.drops_on}, 'infinity') < ${businessTodayOnce} and ${countedUnits} < ${s.reorder_level}))`;

/**
 * Whether the product that `key` names is live, has a reorder level and has fewer sellable units than it: its row of
 * product_stock (migration 0035), whose units are the product's while its drops_on has not passed, and counted from
 * its batches once it has (a batch expired since the row was counted). Summing every product's batches instead cost
 * more than the page itself on a large catalogue with reorder levels on many products.
 */
function lowOnStock(key: ProductKey): SQL {
  return exists(sql`(select 1 from ${product_stock} ${s}
    where ${s.business_id} = ${key.businessId} and ${s.product_id} = ${key.id} and ${keptLow})`);
}

/** A batch's date is today or within `days` after it: the Expiring Soon filter's rule, with units left. */
const expiresWithin = (days: OrPlaceholder<number>) =>
  sql`${product_batches.expiration_date} between ${businessTodayOnce} and ${businessTodayOnce} + ${days}::int`;

/**
 * The product that `key` names is of the category asked for: products' own column, or, for a search match (whose
 * narrow row has no category), its product's row by primary key.
 */
function inCategory(key: ProductKey): SQL {
  const categoryId = sql.placeholder('categoryId');
  if (key === productsKey) return sql`${products.category_id} = ${categoryId}`;
  return exists(sql`(select 1 from ${products} where ${products.business_id} = ${key.businessId}
    and ${products.id} = ${key.id} and ${products.category_id} = ${categoryId})`);
}

/**
 * The stock filters of the shape (in stock, out of stock, low stock, expiring soon), about the product
 * that `product` names, expiring within `days`.
 */
function stockFilters(shape: Filters, product: ProductKey, days: OrPlaceholder<number>): SQL[] {
  const conditions: SQL[] = [];
  if (shape.stock === 'in_stock') conditions.push(hasBatch(product, isSellable));
  if (shape.stock === 'out_of_stock') conditions.push(not(hasBatch(product, isSellable)));
  // The report's rule: sellable units below the product's reorder level.
  if (shape.stock === 'low_stock') conditions.push(lowOnStock(product));
  if (shape.expiring === 'soon') conditions.push(hasBatch(product, expiresWithin(days)));
  if (shape.category) conditions.push(inCategory(product));
  return conditions;
}

/**
 * The placeholders of the list's statements, each built once per shape (db/built-once.ts), so that a
 * request only fills the business, the page's offset and the filters' values: built per request, drizzle
 * walked the page's chunks (the product columns, the batches' subquery) on each, and the statement-name
 * lookup hashed each request's new text.
 */
const businessId = sql.placeholder('businessId');
const offset = sql.placeholder('offset');
const days = sql.placeholder('days');

const newestFirst = sql`order by ${products.created_at} desc, ${products.id} desc`;
/** The page's rows (`p`) newest first, as newestFirst took them. */
const pageNewestFirst = sql`${p.created_at} desc, ${p.id} desc`;

/**
 * A page of products and its total in one statement (db/counted-page.ts), with their batches
 * (listedProductColumns).
 *
 * Why one statement: the list's count, page and batches were three (after the gate), the search's page,
 * products and batches three too, each one a query that drizzle builds, a round trip, rows parsed, and
 * for PostgreSQL a parse and a plan; one statement roughly halved the server's CPU per request on both.
 * A filtered list's count and page, which ran side by side on two connections, now run one after the
 * other in one backend: one connection per request instead of two.
 */
function pageOf(gated: boolean, total: SQL, page: SQL, ctes?: SQL, order = pageNewestFirst): SQL {
  return countedPage({
    ctes,
    gate: gated ? gateSql(businessId) : undefined,
    total,
    columns: listedProductColumns(businessId),
    page,
    order,
  });
}

type PageRow = ListedProductRow & { total: number } & Partial<GateRow>;

/** The count of the business's live products, kept by triggers in product_counts. */
const liveCount = sql`coalesce((select ${product_counts.live_products} from ${product_counts}
  where ${product_counts.business_id} = ${businessId}), 0)`;

/**
 * All live products, newest first: the page straight off the (business_id,
 * created_at, id) index, and the count from the counter that triggers keep in
 * product_counts (counting a large catalogue on every page would cost more
 * than the page itself).
 *
 * Named and planned once per connection: the index is in the page's order, so the walk down it is the
 * plan for any business and any page, and PostgreSQL's generic plan is that walk (EXPLAIN, page 50 of
 * the load data's business). So the LIMIT is written in the text and the OFFSET is written `offset ($n)`,
 * which db/statement-names.ts's guard against value-dependent plans deliberately lets through. Planned once, a
 * page costs PostgreSQL about half the CPU it did when planned on every run.
 */
const unfilteredPage = builtOnceSqlPer<boolean, PageValues, PageRow>(2, String, (gated) =>
  pageOf(
    gated,
    liveCount,
    sql`select ${pageColumns} from ${products}
      where ${products.business_id} = ${businessId} and ${products.archived_at} is null
      ${newestFirst} limit ${limitOf(plannedOnce(PAGE_SIZE.products))} offset (${offset})`,
  ),
);

/**
 * The count of the business's products low on stock, from product_stock alone: its current rows below their level
 * off the shortfall index, and its stale rows counted from their batches.
 */
const lowCount = sql`((select count(*) from ${product_stock} ${s} where ${s.business_id} = ${businessId}
      and ${withLevel} and ${s.sellable} - ${s.reorder_level} < 0
      and coalesce(${s.drops_on}, 'infinity') >= ${businessTodayOnce})
    + (select count(*) from ${product_stock} ${s} where ${s.business_id} = ${businessId} and ${isStale}
      and ${withLevel} and ${countedUnits} < ${s.reorder_level}))::int`;

/**
 * The count of the business's live products with no sellable units, from product_stock alone: the rows with none as
 * of their day, off product_stock_empty_idx, and the stale rows that had some then but whose batches, counted today,
 * have none. (A stale row with none has none today too: a row's units only fall as its batches expire.) Counted as
 * the live products without a sellable batch, an anti-join of every live product against its batches, it read the
 * whole catalogue on every page; the index reads only the empty rows.
 */
const emptyCount = sql`((select count(*) from ${product_stock} ${s}
      where ${s.business_id} = ${businessId} and ${s.live} and ${s.sellable} = 0)
    + (select count(*) from ${product_stock} ${s} where ${s.business_id} = ${businessId} and ${isStale}
      and ${s.live} and ${s.sellable} > 0 and ${countedUnits} = 0))::int`;

/** The count of a stock filter alone, from product_stock: in stock is every live product but those with none. */
const keptCount: Record<StockFilter, SQL> = {
  in_stock: sql`(${liveCount} - ${emptyCount})`,
  out_of_stock: emptyCount,
  low_stock: lowCount,
};

/**
 * The count of the business's live products with units expiring within `days` (the filter's rule: a batch with
 * units whose date is today or within the days): the distinct products of such batches, read from
 * product_batches_expiring_idx alone (a range of dates, the product last in each entry), less the archived ones
 * among them (products_archived_idx: few or none). Counted as the live products with such a batch, a semi-join of
 * every live product against the range's batches, it scanned the whole catalogue and read each batch's heap page.
 */
const expiringCount = sql`(select count(*)::int from (
    select distinct ${product_batches.product_id} as id from ${product_batches}
    where ${product_batches.business_id} = ${businessId} and ${product_batches.quantity} > 0 and ${expiresWithin(days)}) x
  where not exists (select 1 from ${products} where ${products.business_id} = ${businessId} and ${products.id} = x.id
    and ${products.archived_at} is not null))`;

/**
 * The count of a filtered list: a stock filter alone from product_stock (keptCount), expiring soon alone from its
 * batches (expiringCount); both together, the products that `where` keeps are counted.
 */
function filteredCount(shape: Filters, where: SQL): SQL {
  if (shape.stock && !shape.expiring && !shape.category) return keptCount[shape.stock];
  if (shape.expiring && !shape.stock && !shape.category) return expiringCount;
  return sql`(select count(*)::int from ${products} where ${where})`;
}

/**
 * Live products with stock filters (in stock, out of stock, low stock, expiring soon): the
 * count and the page in one statement. The page walks the newest-first index and
 * checks each product's batches, which stops as soon as it has its 20.
 */
const stockFilteredPage = builtOnceSqlPer<Shape, PageValues, PageRow>(SHAPES, keyOf, (shape) => {
  const where = and(
    eq(products.business_id, businessId),
    isNull(products.archived_at),
    ...stockFilters(shape, productsKey, days),
  ) as SQL;
  return pageOf(
    shape.gated,
    filteredCount(shape, where),
    sql`select ${pageColumns} from ${products} where ${where} ${newestFirst} limit ${sql.placeholder('limit')} offset ${offset}`,
  );
});

/** product_search as a regclass literal: a string constant, written from the table object so it follows a rename. */
const productSearchClass = sql.raw(`'${getTableName(product_search)}'::regclass`);

/**
 * Whether this business holds most of the live products (more than half of PostgreSQL's estimate of
 * product_search's rows, which are the live products): a shop running its own server, or the load bench's
 * business of 100,000 products among 120,000. An InitPlan, evaluated once per run, so the plan below stays
 * one plan for every business. Never null: with no estimate yet (a table never analysed: reltuples -1) it
 * is false, the way that suits any business. With the tables distributed by business_id (Citus, ADR 0008),
 * a statement is routed to one shard only when every branch says `business_id = $n`: the `+ 0` branch is
 * then to go (a shard's table is the planner's unit there, and routing by business already narrows it).
 */
function holdsMostProducts(businessId: OrPlaceholder<number>): SQL {
  return sql`coalesce((select coalesce((select ${product_counts.live_products} from ${product_counts}
      where ${product_counts.business_id} = ${businessId}), 0) * 2
    > (select reltuples from pg_class where oid = ${productSearchClass} and reltuples >= 0)), false)`;
}

/**
 * The products that match a search: found once (the trigram indexes), then counted and ordered newest
 * first. This statement answers the searches with stock filters, whose matches change with every sale; a
 * search without them reads the same matches through searchedProducts, which keeps them between requests. The
 * matches are a materialised CTE that the statement reads twice: without that, a search the planner wrongly
 * expects to match often walks the newest-first index over the whole catalogue looking for 20 rows that are not
 * there. Only the page's 20 ids are then read from products, by primary key.
 *
 * The matches come from product_search, not products: a narrow copy of the live products (business,
 * id, created_at, lowered name, lowered SKU) that triggers on products keep in the same transaction as
 * every write (migration 0024; test/stock/product-search-table.test.ts holds it equal to products after
 * each kind of write). The count must stay exact (the answer's pageInfo), so every match is read: a
 * trigram index only proposes candidates, each rechecked against its heap row (no index-only path with
 * GIN), and on a large catalogue that recheck is most of PostgreSQL's time for a search. What makes it cheaper:
 * - `lower(col) like lower(pattern)` instead of ILIKE (migration 0019): ILIKE lowers the pattern and the
 *   row's text for every row it rechecks; this lowers the pattern once per run (an InitPlan,
 *   `select lower(…)`), and the row's text is stored lowered (below). Same answers: in a UTF8 database
 *   PostgreSQL's ILIKE is lower(text) LIKE lower(pattern) under the same collation (like.c,
 *   Generic_Text_IC_like); test/stock/search-lower-like.test.ts holds the two equal on generated
 *   non-ASCII names and patterns, through the indexes.
 * - The statement is named and planned once per connection (db/statement-names.ts): its plan does not
 *   depend on the page (the matches are sorted whole whatever the OFFSET: the sort's top-N bound is set
 *   at run time), so the LIMIT is written in the text and the OFFSET, a parameter, is written
 *   `offset ($n)`, which the guard against value-dependent plans deliberately lets through: parsing and
 *   planning were a large share of each search.
 * - Its one generic plan must suit the largest business and the smallest: the business's posting list
 *   of the (business_id, lowered column) index, which a generic plan always intersects with the trigrams',
 *   is every product of a large business (all of it decoded on every search), and a handful
 *   for a small shop, which would recheck every business's matches without it. So the matches are a
 *   UNION ALL of the two ways, and an InitPlan (holdsMostProducts) runs one: the trigrams alone with
 *   the business checked on the row (`business_id + 0`, which no index serves) when the business holds
 *   most of the table, the index's business key otherwise. The branches differ only in how they check
 *   the business, and exactly one runs.
 * - A pattern of one or two letters has no trigram to look up, so the trigram index yields every entry of
 *   its column, which costs more than reading product_search whole. So a business that holds most of the
 *   table reads it whole for such a pattern: a third branch, chosen by another InitPlan (isShort), whose test
 *   no index can serve. A smaller business's index key narrows the entries anyway.
 * - The recheck reads the name and SKU stored lowered, so that no row is lowered on each search (first as
 *   generated columns of products, migration 0021, which made products' rows wider), now in product_search,
 *   whose rows are a fraction of a product's: the recheck visits half the pages, and products is narrow again.
 *   Name and SKU stay two columns with two indexes, so that no pattern matches across them.
 * Without stock filters the matches read product_search alone (every row in it is live). The filters
 * ask product_batches (or product_stock, for low stock) about the match's own key, so they need no products
 * row either.
 * Joining products for every filter cost more than the narrow table saved.
 * Tried and left, neither measurably cheaper: holdsMostProducts computed once for both branches (a CTE),
 * and the count and page from one ordered array_agg instead of the CTE read twice.
 */
const searchedPage = builtOnceSqlPer<Shape, PageValues, PageRow>(SHAPES, keyOf, (shape) =>
  pageOf(
    shape.gated,
    sql`(select count(*)::int from matches)`,
    sql`select ${pageColumns}, m.is_exact from ${matchesPage} m
      join ${products} on ${products.business_id} = ${businessId} and ${products.id} = m.id`,
    sql`matches as materialized (${matchesOf(shape)})`,
    sql`p.is_exact desc, ${p.created_at} desc, ${p.id} desc`,
  ),
);

/** A search's order: the product whose SKU or barcode is the search itself first (a scan), then newest first. */
const matchesNewestFirst = sql`is_exact desc, created_at desc, id desc`;

/** The page's matches (id, created_at, is_exact) of the CTE `matches`, in the search's order from the offset. */
const matchesPage = sql`(select id, created_at, is_exact from matches order by ${matchesNewestFirst}
  limit ${limitOf(plannedOnce(PAGE_SIZE.products))} offset (${offset}))`;

/**
 * Whether a product_search row's name or SKU contains the search: its pattern lowered once per run (an
 * InitPlan), matched against the columns stored lowered (searchedPage says why).
 */
const loweredPattern = sql`(select lower(${sql.placeholder('pattern')}::text))`;
const nameOrSkuMatches = sql`${product_search.name_lower} like ${loweredPattern} or ${product_search.sku_lower} like ${loweredPattern}
  or ${product_search.barcode_lower} like ${loweredPattern}`;

/**
 * Whether a match's SKU or barcode is the search itself, any case: what a scanner types. Compared on the match's
 * own row, so it costs the matches nothing; the search's order puts these first (matchesNewestFirst).
 */
const loweredExact = sql`(select lower(${sql.placeholder('exact')}::text))`;
const isExactMatch = sql`coalesce(${product_search.sku_lower} = ${loweredExact} or ${product_search.barcode_lower} = ${loweredExact}, false)`;

/** The search's matches for a shape's filters (id, created_at), as searchedPage describes them. */
function matchesOf(shape: Filters): SQL {
  // Every product in product_search is live. The stock filters ask product_batches, or product_stock for low
  // stock, about the match's own key.
  const filters = stockFilters(shape, searchKey, days);
  const rest = and(sql`(${nameOrSkuMatches})`, ...filters);
  const matched = sql`select ${product_search.product_id} as id, ${product_search.created_at} as created_at,
    ${isExactMatch} as is_exact from ${product_search}`;
  const isMost = holdsMostProducts(businessId);
  // A search of one or two letters: its pattern (`%…%`, containsPattern) is at most 4 characters.
  const isShort = sql`(select char_length(${sql.placeholder('pattern')}::text) <= 4)`;
  // The same test, which no index serves (coalesce of a boolean), so that the branch reads the table.
  const unindexed = and(sql`coalesce(${nameOrSkuMatches}, false)`, ...filters);
  return sql`${matched} where ${isMost} and not ${isShort} and ${product_search.business_id} + 0 = ${businessId} and ${rest}
      union all
      ${matched} where ${isMost} and ${isShort} and ${product_search.business_id} + 0 = ${businessId} and ${unindexed}
      union all
      ${matched} where not ${isMost} and ${product_search.business_id} = ${businessId} and ${rest}`;
}

/**
 * The most matches a search keeps between requests (kept-matches.ts): 40 KB of ids kept, some 30 KB of JSON
 * read once to keep them. A search that matches more is a letter or two of a large catalogue: only its count
 * is kept, and its pages are found by walking the catalogue newest first (walkedPage).
 */
export const KEPT_MATCHES_AT_MOST = 5_000;

/** The business's search version (product_counts.search_version; 0 for a business that never had a product). */
const searchVersion = sql`coalesce((select ${product_counts.search_version} from ${product_counts}
  where ${product_counts.business_id} = ${businessId}), 0)`;

type MatchesValues = { businessId: number; pattern: string; exact: string; offset: number } & Partial<GateValues>;
type MatchesRow = {
  /** bigint: node-postgres sends it as a string. */
  version: string;
  total: number;
  /** How many matches have the search as their SKU or barcode. */
  exact: number;
  /** Every match's id, newest first, when there are at most KEPT_MATCHES_AT_MOST; else null. */
  ids: number[] | null;
  /** Else the page's ids (from `offset`), newest first. */
  page: number[] | null;
} & Partial<GateRow>;

/**
 * An unfiltered search's matches (searchedPage's, read the same way) with the version they were read at, in
 * one row: all their ids newest first to keep, or only the page's when they are too many to keep. Named and
 * planned once, as searchedPage: its LIMIT is in the text, its OFFSET `offset ($n)`.
 */
const matchesRead = builtOnceSqlPer<boolean, MatchesValues, MatchesRow>(2, String, (gated) => {
  const gate = gated ? gateSql(businessId) : undefined;
  const ctes = [gate?.cte, sql`matches as materialized (${matchesOf({})})`].filter((cte) => cte !== undefined);
  const most = sql.raw(String(KEPT_MATCHES_AT_MOST));
  return sql`with ${sql.join(ctes, sql`, `)}
    select ${gate ? sql`${gate.columns}, ` : sql``}c.version, c.total,
      c.exact, case when c.total <= ${most} then (select coalesce(json_agg(id order by ${matchesNewestFirst}), '[]')
        from matches) end as ids,
      case when c.total > ${most} then (select coalesce(json_agg(id order by ${matchesNewestFirst}), '[]')
        from ${matchesPage} m) end as page
    from ${gate ? sql`${gate.from} cross join ` : sql``}(select ${searchVersion} as version,
      (select count(*)::int from matches) as total, (select count(*)::int from matches where is_exact) as exact) c`;
});

type IdsValues = { businessId: number; ids: number[] } & Partial<GateValues>;
type IdsRow = ListedProductRow & { version: string } & Partial<GateRow>;

/**
 * A page of products by their ids, in the ids' order (the search's: matchesNewestFirst), with the business's
 * search version read in the same statement (countedPage, the version as its scalar). The ids go in as one
 * array parameter joined by primary key (`unnest`), which statement-names.ts names and PostgreSQL plans once: a
 * nested loop over at most a page of ids.
 */
const pageOfIds = builtOnceSqlPer<boolean, IdsValues, IdsRow>(2, String, (gated) =>
  countedPage({
    gate: gated ? gateSql(businessId) : undefined,
    total: searchVersion,
    totalAs: 'version',
    columns: listedProductColumns(businessId),
    page: sql`select ${pageColumns}, m.n from unnest((${sql.placeholder('ids')})::bigint[]) with ordinality as m(id, n)
      join ${products} on ${products.business_id} = ${businessId} and ${products.id} = m.id`,
    order: sql`p.n`,
  }),
);

/**
 * The most products a walk for a page reads (walkedPage): at its worst, about half the cost of reading a search's
 * matches afresh.
 */
export const WALKED_AT_MOST = 20_000;

type WalkValues = { businessId: number; pattern: string; offset: number } & Partial<GateValues>;

/**
 * A page of a search of more matches than are kept, whose count is kept (searchedProducts): the business's
 * live products walked newest first off products_live_created_idx, at most WALKED_AT_MOST of them, each
 * checked against the pattern on its product_search row (by primary key), with the search version read in
 * the same statement. Such a search is a letter or two of a large catalogue, and its matches are dense: 'm'
 * matches more than a third of a large catalogue, so the first page walks a few dozen products where
 * reading the matches afresh rechecks or scans all of them. The check is a scalar subquery,
 * which the planner cannot turn into a join on the trigram indexes: those are the slow path for a pattern of
 * fewer than three letters, which has no trigram to look up.
 */
const walkedPage = builtOnceSqlPer<boolean, WalkValues, IdsRow>(2, String, (gated) => {
  const walked = sql`select ${products.id} as id, ${products.created_at} as created_at from ${products}
    where ${products.business_id} = ${businessId} and ${products.archived_at} is null
    ${newestFirst} limit ${limitOf(plannedOnce(WALKED_AT_MOST))}`;
  const matches = sql`(select ${nameOrSkuMatches}
    from ${product_search} where ${product_search.business_id} = ${businessId} and ${product_search.product_id} = w.id)`;
  return countedPage({
    gate: gated ? gateSql(businessId) : undefined,
    total: searchVersion,
    totalAs: 'version',
    columns: listedProductColumns(businessId),
    page: sql`select ${pageColumns} from (select w.id from (${walked}) w where ${matches}
        order by w.created_at desc, w.id desc limit ${limitOf(plannedOnce(PAGE_SIZE.products))} offset (${offset})) m
      join ${products} on ${products.business_id} = ${businessId} and ${products.id} = m.id`,
    order: pageNewestFirst,
  });
});

type Listed = { viewer: Viewer; total: number; rows: ListedProductRow[] };

/**
 * A search without stock filters. Its matches are the costly part (searchedPage: the trigram indexes'
 * candidates rechecked), and they change only when the
 * business's products are created, renamed, archived, restored or deleted, while a shop's clerks search
 * for the same products all day. So a search's matches are kept with the business's search version
 * (kept-matches.ts), and a page is read by its ids with the version in the same statement: the same
 * version means the same matches, so the page is exact; another means they changed, and they are read
 * afresh. Prices and stock are the page's own columns, read on every request. Of a search with more matches
 * than are kept, only the count is kept, and a page is the walk of walkedPage, with the version in the same
 * statement too; a walk that gives up before its page (deep in the matches) has the page read afresh, and so
 * do the pages after it while the version holds.
 */
async function searchedProducts(reader: BusinessReader, search: string, offset: number): Promise<Listed> {
  const kept = keptMatchesOf(reader.db);
  const pattern = containsPattern(search);
  const key = `${reader.businessId}:${pattern}`;
  const known = kept.get(key);
  const values = { businessId: reader.businessId, pattern, exact: search, offset };
  const size = PAGE_SIZE.products;
  const ids = known?.page(offset, size);
  if (known && (ids || offset < known.walkGivesUpFrom)) {
    const { viewer, rows } = await readThroughGate(reader, (gate) =>
      ids
        ? pageOfIds(reader.db, gate !== null, { ...values, ids, ...gate })
        : walkedPage(reader.db, gate !== null, { ...values, ...gate }),
    );
    const page = pageRows(rows);
    const isSameMatches = rows[0]?.version === known.version;
    // A walk that gave up found fewer than the count says its page holds: it is read afresh.
    const isWhole = ids || page.length === Math.min(size, Math.max(0, known.count - offset));
    if (isSameMatches && isWhole) return { viewer, total: known.count, rows: page };
    if (isSameMatches) known.walkGivesUpFrom = offset;
    else kept.delete(key);
    return { viewer, ...(await freshlySearched(reader.db, key, values)) };
  }
  const { viewer, rows } = await readThroughGate(reader, (gate) =>
    matchesRead(reader.db, gate !== null, { ...values, ...gate }),
  );
  return { viewer, ...(await freshlySearched(reader.db, key, values, rows[0])) };
}

/**
 * The page of matches read afresh (the gate passed): kept when they are few enough (else their count), then
 * their page read by its ids. Should the version have moved between the two statements (a product written in
 * between), they are read once more; twice moved, the page is searchedPage's, whose one statement reads both
 * at once.
 */
async function freshlySearched(
  db: Queryable,
  key: string,
  values: MatchesValues,
  first?: MatchesRow,
): Promise<Omit<Listed, 'viewer'>> {
  const kept = keptMatchesOf(db);
  let found = first;
  for (let attempt = 0; attempt < 2; attempt++) {
    found ??= (await matchesRead(db, false, values))[0];
    if (!found) break;
    // Kept already at this version (a count whose walk gave up at this page): the same matches, kept as they are.
    const known = kept.get(key);
    const matches =
      known?.version === found.version
        ? known
        : new Matches(found.version, found.total, found.ids ? Float64Array.from(found.ids) : null);
    // A walk goes newest first and would leave an exact match where its date puts it: read such pages afresh.
    if (matches !== known && found.exact > 0) matches.walkGivesUpFrom = 0;
    kept.set(key, matches);
    const ids = matches.page(values.offset, PAGE_SIZE.products) ?? found.page ?? [];
    const rows = await pageOfIds(db, false, { businessId: values.businessId, ids });
    if (rows[0]?.version === found.version) return { total: found.total, rows: pageRows(rows) };
    kept.delete(key);
    found = undefined;
  }
  const page: PageValues = {
    businessId: values.businessId,
    offset: values.offset,
    days: 0,
    pattern: values.pattern,
    exact: values.exact,
  };
  return countedRows(await searchedPage(db, { gated: false }, page));
}

/**
 * One page of the business's live products, newest first, filtered by the
 * server so that the counts stay true. Stock is computed for the page's
 * products only, whatever the business's size.
 */
export async function listProducts(reader: BusinessReader, query: Query): Promise<ProductList> {
  const pageSize = PAGE_SIZE.products;
  const offset = (query.page - 1) * pageSize;
  const { viewer, total, rows } =
    query.search && !query.stock && !query.expiring && query.category_id === undefined
      ? await searchedProducts(reader, query.search, offset)
      : await filteredProducts(reader, query, offset);
  return { ...pageInfo(total, query.page, pageSize), results: listedProducts(viewer, rows) };
}

/** The list itself, or a search with stock filters, each in one statement. */
async function filteredProducts(reader: BusinessReader, query: Query, offset: number): Promise<Listed> {
  const values: PageValues = {
    businessId: reader.businessId,
    offset,
    days: query.days,
    limit: PAGE_SIZE.products,
    categoryId: query.category_id,
  };
  const { viewer, rows } = await readThroughGate(reader, (gate) => {
    // The filters alone: the statement built from the first request of a shape keeps nothing else of it.
    const shape: Shape = {
      stock: query.stock,
      expiring: query.expiring,
      category: query.category_id !== undefined,
      gated: gate !== null,
    };
    const given = { ...values, ...gate };
    return query.search
      ? searchedPage(reader.db, shape, { ...given, pattern: containsPattern(query.search), exact: query.search })
      : query.stock || query.expiring || shape.category
        ? stockFilteredPage(reader.db, shape, given)
        : unfilteredPage(reader.db, shape.gated, given);
  });
  return { viewer, ...countedRows(rows) };
}
