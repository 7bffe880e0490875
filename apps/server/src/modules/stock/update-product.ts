import type { Product, updateProductBodySchema } from '@oja/contract';
import type { z } from 'zod';
import { products } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { BusinessContext } from '../../platform/tenancy';
import { categoryIdFor } from './categories';
import { getProduct } from './get-product';
import { assertCodesFree, writePacks } from './packs';
import { recordPriceChanges } from './price-history';
import { liveProduct, productNotFound } from './product-answer';
import { assertBarcodeFree, assertSkuFree, barcodeTaken, isBarcodeViolation, isSkuViolation, skuTaken } from './sku';

type Input = z.output<typeof updateProductBodySchema>;

/**
 * Changes the fields sent, and only those. Stock is not among them: it moves through the ledger calls. A change of
 * the retail or wholesale price lands in the product's price history in the same transaction.
 */
export async function updateProduct(ctx: BusinessContext, input: Input): Promise<Product> {
  const { id, business_id: _businessId, category, packs, ...changes } = input;
  const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(fields).length === 0 && category === undefined && packs === undefined) return getProduct(ctx, id);
  try {
    await transaction(ctx.db, async (tx) => {
      if (changes.sku !== undefined) await assertSkuFree(tx, ctx.businessId, changes.sku, id);
      if (changes.barcode) {
        await assertBarcodeFree(tx, ctx.businessId, changes.barcode, id);
        await assertCodesFree(tx, ctx.businessId, [changes.barcode], {
          exceptProductId: id,
          checkProducts: false,
          checkPacks: true,
        });
      }
      // The prices before, read under the row's lock, so that the history's "old" is the one this change replaced.
      const [before] = await tx
        .select({ selling: products.selling_price, wholesale: products.wholesale_price, barcode: products.barcode })
        .from(products)
        .where(liveProduct(ctx.businessId, id))
        .for('no key update');
      if (!before) throw productNotFound();
      if (category !== undefined) fields.category_id = await categoryIdFor(tx, ctx.businessId, category);
      const [updated] = await tx
        .update(products)
        .set({ ...fields, updated_at: new Date() })
        .where(liveProduct(ctx.businessId, id))
        .returning({ id: products.id, selling: products.selling_price, wholesale: products.wholesale_price });
      if (!updated) throw productNotFound();
      // After the product's own row: the order its catalogue version (product_stock) is written in by every edit.
      if (packs !== undefined)
        await writePacks(
          tx,
          ctx.businessId,
          id,
          packs,
          changes.barcode === undefined ? before.barcode : changes.barcode,
        );
      await recordPriceChanges(tx, { businessId: ctx.businessId, userId: ctx.actor.userId }, [
        {
          productId: id,
          oldSelling: before.selling,
          newSelling: updated.selling,
          oldWholesale: before.wholesale,
          newWholesale: updated.wholesale,
        },
      ]);
    });
  } catch (error) {
    if (isSkuViolation(error)) throw skuTaken();
    if (isBarcodeViolation(error)) throw barcodeTaken();
    throw error;
  }
  return getProduct(ctx, id);
}
