import type { Product } from '@oja/contract';
import type { Queryable } from '../../db/client';
import type { BusinessContext } from '../../platform/tenancy';
import { oneProduct, productNotFound } from './product-answer';

/** One live product of the business with its stock, or 404. */
export async function getProduct(ctx: BusinessContext, productId: number, db: Queryable = ctx.db): Promise<Product> {
  const product = await oneProduct(db, ctx, productId);
  if (!product) throw productNotFound();
  return product;
}
