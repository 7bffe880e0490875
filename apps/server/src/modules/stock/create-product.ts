import type { createProductBodySchema, Product } from '@oja/contract';
import type { z } from 'zod';
import { products } from '../../db/schema';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { categoryIdFor } from './categories';
import { getProduct } from './get-product';
import { openBatch } from './ledger';
import { assertCodesFree, writePacks } from './packs';
import {
  assertBarcodeFree,
  assertSkuFree,
  barcodeTaken,
  generateSku,
  isBarcodeViolation,
  isSkuViolation,
  skuTaken,
} from './sku';

type Input = z.output<typeof createProductBodySchema>;

/**
 * A product with its first batches, in one transaction. The opening quantities
 * enter through the ledger (reason `initial`), so the stock history starts at
 * the first unit. A SKU left blank is generated; a generated one that happens
 * to be taken is drawn again. With an Idempotency-Key, a retry answers the
 * product the first attempt made (platform/idempotency.ts); each draw of the
 * SKU claims the key anew, as a failed attempt leaves it free.
 */
export async function createProduct(
  ctx: BusinessContext,
  input: Input,
  requestKey: RequestKey | null = null,
): Promise<{ product: Product; isReplay: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const sku = input.sku ?? generateSku(input.product_name);
    try {
      const { subjectId, isReplay } = await writeOnce(
        ctx.db,
        { businessId: ctx.businessId, userId: ctx.actor.userId },
        requestKey,
        async (tx) => {
          if (input.sku) await assertSkuFree(tx, ctx.businessId, sku);
          if (input.barcode) {
            await assertBarcodeFree(tx, ctx.businessId, input.barcode);
            await assertCodesFree(tx, ctx.businessId, [input.barcode], { checkProducts: false, checkPacks: true });
          }
          const [product] = await tx
            .insert(products)
            .values({
              business_id: ctx.businessId,
              product_name: input.product_name,
              sku,
              cost_price: input.cost_price,
              selling_price: input.selling_price,
              selling_price_discount_percentage: input.selling_price_discount_percentage,
              wholesale_price: input.wholesale_price ?? null,
              wholesale_price_discount_percentage: input.wholesale_price_discount_percentage,
              currency: input.currency,
              reorder_level: input.reorder_level ?? null,
              barcode: input.barcode ?? null,
              category_id: await categoryIdFor(tx, ctx.businessId, input.category ?? null),
              ...(input.base_unit === undefined ? {} : { base_unit: input.base_unit }),
              ...(input.is_weighed === undefined ? {} : { is_weighed: input.is_weighed }),
              created_by: ctx.actor.userId,
            })
            .returning({ id: products.id });
          if (!product) throw new Error('The product was not created.');
          if (input.packs?.length)
            await writePacks(
              tx,
              ctx.businessId,
              product.id,
              input.packs.map(({ id: _id, ...pack }) => pack),
              input.barcode ?? null,
            );
          for (const batch of input.batches) {
            await openBatch(tx, {
              businessId: ctx.businessId,
              productId: product.id,
              batchNumber: batch.batch_number,
              quantity: batch.quantity,
              expirationDate: batch.expiration_date ?? null,
              costPrice: input.cost_price,
              reason: 'initial',
              userId: ctx.actor.userId,
            });
          }
          return product.id;
        },
      );
      return { product: await getProduct(ctx, subjectId), isReplay };
    } catch (error) {
      if (isBarcodeViolation(error)) throw barcodeTaken();
      if (!isSkuViolation(error)) throw error;
      if (input.sku || attempt >= 3) throw skuTaken();
    }
  }
}
