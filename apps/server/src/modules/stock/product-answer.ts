import { type Batch, MESSAGES, type MemberRole, type Product } from '@oja/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { businessToday } from '../../db/business-day';
import type { Queryable } from '../../db/client';
import { product_batches, products } from '../../db/schema';
import { notFound } from '../../platform/errors';

export type ProductRow = typeof products.$inferSelect;

/** Only live products are seen: an archived one answers 404 like a missing one. */
export const liveProduct = (businessId: number, productId: number) =>
  and(eq(products.business_id, businessId), eq(products.id, productId), isNull(products.archived_at));

export const productNotFound = () => notFound(MESSAGES.product.notFound);

export const productColumns = {
  id: products.id,
  product_name: products.product_name,
  sku: products.sku,
  cost_price: products.cost_price,
  selling_price: products.selling_price,
  selling_price_discount_percentage: products.selling_price_discount_percentage,
  wholesale_price: products.wholesale_price,
  wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
  currency: products.currency,
  reorder_level: products.reorder_level,
  created_at: products.created_at,
  updated_at: products.updated_at,
};
export type ProductColumns = Pick<ProductRow, keyof typeof productColumns>;

/**
 * The spec's Product for each row, in the rows' order, with its batches and
 * stock: one query for the batches of all of them. A batch past its expiration
 * date (in the shops' time zone) is marked and counted apart from sellable stock.
 */
export async function withStock(
  db: Queryable,
  viewer: { business: { id: number; slug: string }; role: MemberRole },
  rows: ProductColumns[],
): Promise<Product[]> {
  const { business } = viewer;
  if (rows.length === 0) return [];
  const batches = await db
    .select({
      id: product_batches.id,
      product_id: product_batches.product_id,
      batch_number: product_batches.batch_number,
      quantity: product_batches.quantity,
      expiration_date: product_batches.expiration_date,
      is_expired: sql<boolean>`coalesce(${product_batches.expiration_date} < ${businessToday}, false)`,
    })
    .from(product_batches)
    .where(
      and(
        eq(product_batches.business_id, business.id),
        inArray(
          product_batches.product_id,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(sql`${product_batches.expiration_date} asc nulls last`, asc(product_batches.id));

  const byProduct = new Map<number, Batch[]>();
  for (const { product_id, ...batch } of batches) {
    const list = byProduct.get(product_id) ?? [];
    list.push(batch);
    byProduct.set(product_id, list);
  }
  return rows.map((row) => {
    const own = byProduct.get(row.id) ?? [];
    let sellable = 0;
    let expired = 0;
    for (const batch of own) {
      if (batch.is_expired) expired += batch.quantity;
      else sellable += batch.quantity;
    }
    // A customer never sees what the shop paid: the field is left out, not blanked.
    const { cost_price, ...visible } = row;
    return {
      ...visible,
      ...(viewer.role === 'customer' ? {} : { cost_price }),
      currency: row.currency,
      quantity_in_stock: sellable,
      expired_quantity: expired,
      business: { id: business.id, slug: business.slug },
      batches: own,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}
