import { type Product, type receiveBatchBodySchema, STOCK_MESSAGES } from '@oja/contract';
import type { z } from 'zod';
import { products } from '../../db/schema';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { getProduct } from './get-product';
import { holdProduct } from './hold-product';
import { openBatch } from './ledger';
import { liveProduct } from './product-answer';

type ReceiveInput = z.output<typeof receiveBatchBodySchema>;

const batchNumberTaken = () =>
  conflict(STOCK_MESSAGES.batchNumberTaken, { batch_number: [STOCK_MESSAGES.batchNumberTaken] });

/**
 * A delivery: a new batch of an existing product, its units recorded as a receipt. With an Idempotency-Key,
 * a retry receives nothing and answers the product (platform/idempotency.ts).
 */
export async function receiveBatch(
  ctx: BusinessContext,
  input: ReceiveInput,
  requestKey: RequestKey | null = null,
): Promise<{ product: Product; isReplay: boolean }> {
  try {
    const { isReplay } = await writeOnce(
      ctx.db,
      { businessId: ctx.businessId, userId: ctx.actor.userId },
      requestKey,
      async (tx) => {
        const product = await holdProduct(tx, ctx.businessId, input.product_id);
        await openBatch(tx, {
          businessId: ctx.businessId,
          productId: input.product_id,
          batchNumber: input.batch_number,
          quantity: input.quantity,
          expirationDate: input.expiration_date ?? null,
          costPrice: input.cost_price ?? product.costPrice,
          reason: 'receipt',
          userId: ctx.actor.userId,
        });
        // The latest delivery's cost is what the stock costs to replace: the product's cost from now on, which the
        // margin guard and the next sales' cost read (ADR 0023).
        if (input.cost_price && input.cost_price !== '0.00' && input.cost_price !== product.costPrice)
          await tx
            .update(products)
            .set({ cost_price: input.cost_price, updated_at: new Date() })
            .where(liveProduct(ctx.businessId, input.product_id));
        return input.product_id;
      },
    );
    return { product: await getProduct(ctx, input.product_id), isReplay };
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'product_batches_number_key')
      throw batchNumberTaken();
    throw error;
  }
}
