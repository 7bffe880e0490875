import { type Product, type receiveBatchBodySchema, STOCK_MESSAGES } from '@oja/contract';
import type { z } from 'zod';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { getProduct } from './get-product';
import { holdProduct } from './hold-product';
import { openBatch } from './ledger';

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
