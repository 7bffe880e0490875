import type { Product } from '@oja/contract';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { liveProduct, productNotFound, productWithGuardColumns, withStock } from './product-answer';

/** One live product of the business with its stock, or 404. */
export async function getProduct(ctx: BusinessContext, productId: number, db: Queryable = ctx.db): Promise<Product> {
  const rows = await db
    .select(productWithGuardColumns)
    .from(products)
    .where(liveProduct(ctx.businessId, productId))
    .limit(1);
  const [product] = await withStock(db, ctx, rows);
  if (!product) throw productNotFound();
  return product;
}
