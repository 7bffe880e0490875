import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import { liveProduct, productNotFound } from './product-answer';

/**
 * Locks the live product against deletion (KEY SHARE: stock changes of one
 * product still run side by side; only a delete waits) or answers 404.
 */
export async function holdProduct(
  tx: Tx,
  businessId: number,
  productId: number,
): Promise<{ costPrice: string; name: string; currency: string; isWeighed: boolean }> {
  const [product] = await tx
    .select({
      costPrice: products.cost_price,
      name: products.product_name,
      currency: products.currency,
      isWeighed: products.is_weighed,
    })
    .from(products)
    .where(liveProduct(businessId, productId))
    .for('key share');
  if (!product) throw productNotFound();
  return product;
}

/**
 * A count of a product's stock is whole unless the product is weighed (ADR 0031): 12.5 kg of rice is received,
 * 2.5 pieces refused with the field's own words, as the form refuses them before sending.
 */
export function refuseFractionOf(product: { isWeighed: boolean }, quantity: number, field: string, message: string) {
  if (!product.isWeighed && !Number.isInteger(quantity)) throw fieldError(field, message);
}
