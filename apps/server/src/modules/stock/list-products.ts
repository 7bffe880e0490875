import { type listProductsQuerySchema, PAGE_SIZE, type ProductList, pageInfo } from '@oja/contract';
import { and, count, desc, eq, exists, ilike, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { product_batches, product_counts, products } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { businessToday, isSellable } from './ledger';
import { productColumns, withStock } from './product-answer';

type Query = z.output<typeof listProductsQuerySchema>;

/** `%part%` for ILIKE, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A batch of this product row with units left that satisfy `condition`. */
function hasBatch(condition: SQL) {
  return exists(
    sql`(select 1 from ${product_batches} where ${product_batches.business_id} = ${products.business_id} and ${product_batches.product_id} = ${products.id} and ${product_batches.quantity} > 0 and ${condition})`,
  );
}

const isFiltered = (query: Query) => Boolean(query.search || query.stock || query.expiring);

/**
 * The number of products the filters match. Unfiltered, it is the counter that
 * triggers keep in product_counts: counting a large catalogue on every page
 * would cost more than the page itself.
 */
async function countProducts(ctx: BusinessContext, query: Query, where: SQL): Promise<number> {
  if (!isFiltered(query)) {
    const [row] = await ctx.db
      .select({ value: product_counts.live_products })
      .from(product_counts)
      .where(eq(product_counts.business_id, ctx.businessId));
    return row?.value ?? 0;
  }
  const [row] = await ctx.db.select({ value: count() }).from(products).where(where);
  return row?.value ?? 0;
}

function filters(businessId: number, query: Query): SQL {
  const conditions: (SQL | undefined)[] = [eq(products.business_id, businessId), isNull(products.archived_at)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(products.product_name, pattern), ilike(products.sku, pattern)));
  }
  if (query.stock === 'in_stock') conditions.push(hasBatch(isSellable));
  if (query.stock === 'out_of_stock') conditions.push(not(hasBatch(isSellable)));
  if (query.expiring === 'soon') {
    conditions.push(
      hasBatch(
        sql`${product_batches.expiration_date} between ${businessToday} and ${businessToday} + ${query.days}::int`,
      ),
    );
  }
  return and(...conditions) as SQL;
}

/**
 * One page of the business's live products, newest first, filtered by the
 * server so that the counts stay true. Stock is computed for the page's
 * products only: a count, a page and its batches, whatever the business's size.
 */
export async function listProducts(ctx: BusinessContext, query: Query): Promise<ProductList> {
  const where = filters(ctx.businessId, query);
  const pageSize = PAGE_SIZE.products;
  const [total, rows] = await Promise.all([
    countProducts(ctx, query, where),
    ctx.db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(desc(products.created_at), desc(products.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const results = await withStock(ctx.db, ctx.business, rows);
  return { ...pageInfo(total, query.page, pageSize), results };
}
