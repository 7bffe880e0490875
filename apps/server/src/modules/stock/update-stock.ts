import { ERROR_CODES, type Product, STOCK_MESSAGES, type updateStockBodySchema } from '@oja/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { product_batches } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { recordActivity } from '../activity/record';
import { adjustmentActivity } from './adjust-batch';
import { getProduct } from './get-product';
import { holdProduct, refuseFractionOf } from './hold-product';
import { changeBatch, isSellable, takeStock } from './ledger';

type UpdateStockBody = z.output<typeof updateStockBodySchema>;

/**
 * A change of a product's stock by a number of units: a negative quantity is taken from the
 * soonest-expiring sellable batches first (FEFO), all or nothing; a positive
 * one is added to the newest batch that has not expired. With an Idempotency-Key,
 * a retry changes nothing and answers the product (platform/idempotency.ts).
 */
export async function updateStock(
  ctx: BusinessContext,
  input: UpdateStockBody,
  requestKey: RequestKey | null = null,
): Promise<{ product: Product; isReplay: boolean }> {
  const { product_id: productId, quantity } = input;
  const { isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const product = await holdProduct(tx, ctx.businessId, productId);
      refuseFractionOf(product, quantity, 'quantity', STOCK_MESSAGES.wholeUnits);
      await recordActivity(
        tx,
        ctx,
        adjustmentActivity(productId, product.name, { delta: quantity, reason: 'adjustment' }),
      );
      if (quantity < 0) {
        await takeStock(tx, {
          businessId: ctx.businessId,
          productId,
          quantity: -quantity,
          reason: 'adjustment',
          userId: ctx.actor.userId,
        });
        return productId;
      }
      const [newest] = await tx
        .select({ id: product_batches.id })
        .from(product_batches)
        .where(
          and(eq(product_batches.business_id, ctx.businessId), eq(product_batches.product_id, productId), isSellable),
        )
        .orderBy(desc(product_batches.created_at), desc(product_batches.id))
        .limit(1);
      if (!newest) throw new AppError(409, ERROR_CODES.conflict, STOCK_MESSAGES.noBatchToAddTo);
      await changeBatch(tx, {
        businessId: ctx.businessId,
        productId,
        batchId: newest.id,
        delta: quantity,
        reason: 'adjustment',
        userId: ctx.actor.userId,
      });
      return productId;
    },
  );
  return { product: await getProduct(ctx, productId), isReplay };
}
