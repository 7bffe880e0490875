import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import { liveProduct, productNotFound } from './product-answer';

/**
 * Locks the live product against deletion (KEY SHARE: stock changes of one
 * product still run side by side; only a delete waits) or answers 404.
 */
export async function holdProduct(
  tx: Tx,
  businessId: number,
  productId: number,
): Promise<{ costPrice: string; name: string; currency: string }> {
  const [product] = await tx
    .select({ costPrice: products.cost_price, name: products.product_name, currency: products.currency })
    .from(products)
    .where(liveProduct(businessId, productId))
    .for('key share');
  if (!product) throw productNotFound();
  return product;
}
