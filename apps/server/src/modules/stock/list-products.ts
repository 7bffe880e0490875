import { type listProductsQuerySchema, PAGE_SIZE, type ProductList, pageInfo } from '@oja/contract';
import { and, count, desc, eq, exists, ilike, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessToday } from '../../db/business-day';
import { product_batches, product_counts, products } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { isSellable } from './ledger';
import { type ProductColumns, productColumns, withStock } from './product-answer';

type Query = z.output<typeof listProductsQuerySchema>;

/** A batch of this product row with units left that satisfy `condition`. */
function hasBatch(condition: SQL) {
  return exists(
    sql`(select 1 from ${product_batches} where ${product_batches.business_id} = ${products.business_id} and ${product_batches.product_id} = ${products.id} and ${product_batches.quantity} > 0 and ${condition})`,
  );
}

function filters(businessId: number, query: Query): SQL {
  const conditions: (SQL | undefined)[] = [eq(products.business_id, businessId), isNull(products.archived_at)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(products.product_name, pattern), ilike(products.sku, pattern)));
  }
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
  return and(...conditions) as SQL;
}

type Page = { total: number; rows: ProductColumns[] };

/**
 * All live products, newest first: the page straight off the (business_id,
 * created_at, id) index, and the count from the counter that triggers keep in
 * product_counts (counting a large catalogue on every page would cost more
 * than the page itself).
 */
async function unfilteredPage(ctx: BusinessContext, offset: number, limit: number): Promise<Page> {
  const [counter, rows] = await Promise.all([
    ctx.db
      .select({ value: product_counts.live_products })
      .from(product_counts)
      .where(eq(product_counts.business_id, ctx.businessId)),
    ctx.db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.business_id, ctx.businessId), isNull(products.archived_at)))
      .orderBy(desc(products.created_at), desc(products.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { total: counter[0]?.value ?? 0, rows };
}

/**
 * Live products with stock filters (in stock, out of stock, expiring soon): the
 * count and the page side by side. The page walks the newest-first index and
 * checks each product's batches, which stops as soon as it has its 20.
 */
async function stockFilteredPage(ctx: BusinessContext, where: SQL, offset: number, limit: number): Promise<Page> {
  const [counted, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(products).where(where),
    ctx.db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(desc(products.created_at), desc(products.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { total: counted[0]?.value ?? 0, rows };
}

/**
 * The products that match a search: found once (the trigram indexes), then
 * counted and ordered newest first. The matches are a CTE that the
 * statement reads twice, which PostgreSQL materialises: without that, a search
 * the planner wrongly expects to match often walks the newest-first index over
 * the whole catalogue looking for 20 rows that are not there (65 ms instead of 1
 * at 100,000 products).
 */
async function searchedPage(ctx: BusinessContext, where: SQL, offset: number, limit: number): Promise<Page> {
  const matches = ctx.db
    .$with('matches')
    .as(ctx.db.select({ id: products.id, created_at: products.created_at }).from(products).where(where));
  const page = await ctx.db
    .with(matches)
    .select({ id: matches.id, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
    .from(matches)
    .orderBy(desc(matches.created_at), desc(matches.id))
    .limit(limit)
    .offset(offset);
  if (page.length === 0) {
    if (offset === 0) return { total: 0, rows: [] };
    // Past the last match: the count alone.
    const [row] = await ctx.db
      .with(matches)
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(matches);
    return { total: row?.value ?? 0, rows: [] };
  }
  const ids = page.map((row) => row.id);
  const found = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.business_id, ctx.businessId), inArray(products.id, ids)));
  const byId = new Map(found.map((row) => [row.id, row]));
  return {
    total: page[0]?.total ?? 0,
    rows: ids.flatMap((id) => byId.get(id) ?? []),
  };
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
    ? await searchedPage(ctx, filters(ctx.businessId, query), offset, pageSize)
    : query.stock || query.expiring
      ? await stockFilteredPage(ctx, filters(ctx.businessId, query), offset, pageSize)
      : await unfilteredPage(ctx, offset, pageSize);
  const results = await withStock(ctx.db, ctx, rows);
  return { ...pageInfo(total, query.page, pageSize), results };
}
