import { addQuantities, type Product, UNITS_MESSAGES, type updateProductBodySchema } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { product_batches, products } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { conflict } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { changesOf, PRICE_FIELDS, recordActivity } from '../activity/record';
import { categoryIdFor } from './categories';
import { getProduct } from './get-product';
import { assertCodesFree, writePacks } from './packs';
import { recordPriceChanges } from './price-history';
import { liveProduct, productNotFound } from './product-answer';
import { assertBarcodeFree, assertSkuFree, barcodeTaken, isBarcodeViolation, isSkuViolation, skuTaken } from './sku';

type Input = z.output<typeof updateProductBodySchema>;

/** What a price entry of the activity log compares, and names the product with. */
export const priced = {
  product_name: products.product_name,
  currency: products.currency,
  selling_price: products.selling_price,
  selling_price_discount_percentage: products.selling_price_discount_percentage,
  wholesale_price: products.wholesale_price,
  wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
  cost_price: products.cost_price,
};
type Priced = { [K in keyof typeof priced]: (typeof priced)[K]['_']['data'] | null };

/** A change of a price, a discount or the cost goes in the activity log (old → new); a rename alone does not. */
export async function recordPriceActivity(
  tx: Tx,
  ctx: BusinessContext,
  productId: number,
  before: Priced,
  after: Priced,
): Promise<void> {
  const changes = changesOf(before, after, PRICE_FIELDS);
  if (changes.length === 0) return;
  await recordActivity(tx, ctx, {
    kind: 'product.price',
    subject: { type: 'product', id: productId, label: after.product_name ?? '' },
    changes,
    facts: { currency: after.currency ?? 'NGN' },
  });
}

/**
 * A product sold in whole units again must hold whole units (ADR 0031): 0.75 kg left in a batch could never be sold
 * by whole sales nor counted whole. Refused (409) naming how much, in which batches, and what to do first.
 */
async function refuseFractionsLeft(tx: Tx, businessId: number, productId: number, unit: string): Promise<void> {
  const fraction = sql`${product_batches.quantity} - trunc(${product_batches.quantity})`;
  const parts = await tx
    .select({ batch_number: product_batches.batch_number, fraction: sql<number>`(${fraction})::float8` })
    .from(product_batches)
    .where(
      and(
        eq(product_batches.business_id, businessId),
        eq(product_batches.product_id, productId),
        sql`${fraction} <> 0`,
      ),
    )
    .orderBy(asc(product_batches.expiration_date), asc(product_batches.id));
  if (parts.length === 0) return;
  const total = parts.reduce((sum, part) => addQuantities(sum, part.fraction), 0);
  const message = UNITS_MESSAGES.weighedFractionsLeft(
    total,
    unit,
    parts.map((part) => part.batch_number),
  );
  throw conflict(message, { is_weighed: [message] });
}

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
      // Turning weighing off takes the stronger lock: stock changes hold the product KEY SHARE, so none is halfway
      // through with a fraction while the batches are checked, and those after it read the product as whole.
      const isWeighingOff = changes.is_weighed === false;
      const [before] = await tx
        .select({ ...priced, barcode: products.barcode, base_unit: products.base_unit })
        .from(products)
        .where(liveProduct(ctx.businessId, id))
        .for(isWeighingOff ? 'update' : 'no key update');
      if (!before) throw productNotFound();
      if (isWeighingOff) await refuseFractionsLeft(tx, ctx.businessId, id, changes.base_unit ?? before.base_unit);
      if (category !== undefined) fields.category_id = await categoryIdFor(tx, ctx.businessId, category);
      const [updated] = await tx
        .update(products)
        .set({ ...fields, updated_at: new Date() })
        .where(liveProduct(ctx.businessId, id))
        .returning(priced);
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
          oldSelling: before.selling_price,
          newSelling: updated.selling_price,
          oldWholesale: before.wholesale_price,
          newWholesale: updated.wholesale_price,
        },
      ]);
      await recordPriceActivity(tx, ctx, id, before, updated);
    });
  } catch (error) {
    if (isSkuViolation(error)) throw skuTaken();
    if (isBarcodeViolation(error)) throw barcodeTaken();
    throw error;
  }
  return getProduct(ctx, id);
}
