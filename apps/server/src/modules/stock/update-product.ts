import type { Product, updateProductBodySchema } from '@oja/contract';
import type { z } from 'zod';
import { products } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { BusinessContext } from '../../platform/tenancy';
import { getProduct } from './get-product';
import { liveProduct, productNotFound } from './product-answer';
import { assertBarcodeFree, assertSkuFree, barcodeTaken, isBarcodeViolation, isSkuViolation, skuTaken } from './sku';

type Input = z.output<typeof updateProductBodySchema>;

/** Changes the fields sent, and only those. Stock is not among them: it moves through the ledger calls. */
export async function updateProduct(ctx: BusinessContext, input: Input): Promise<Product> {
  const { id, business_id: _businessId, ...changes } = input;
  const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(fields).length === 0) return getProduct(ctx, id);
  try {
    await transaction(ctx.db, async (tx) => {
      if (changes.sku !== undefined) await assertSkuFree(tx, ctx.businessId, changes.sku, id);
      if (changes.barcode) await assertBarcodeFree(tx, ctx.businessId, changes.barcode, id);
      const [updated] = await tx
        .update(products)
        .set({ ...fields, updated_at: new Date() })
        .where(liveProduct(ctx.businessId, id))
        .returning({ id: products.id });
      if (!updated) throw productNotFound();
    });
  } catch (error) {
    if (isSkuViolation(error)) throw skuTaken();
    if (isBarcodeViolation(error)) throw barcodeTaken();
    throw error;
  }
  return getProduct(ctx, id);
}
