import { type Product, type receiveBatchBodySchema, STOCK_MESSAGES } from '@oja/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
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
        await receiveStock(tx, ctx, {
          productId: input.product_id,
          batchNumber: input.batch_number,
          quantity: input.quantity,
          expirationDate: input.expiration_date ?? null,
          costPrice: input.cost_price ?? null,
        });
        return input.product_id;
      },
    );
    return { product: await getProduct(ctx, input.product_id), isReplay };
  } catch (error) {
    throw batchNumberTakenOr(error);
  }
}

/** A batch number already used for the product (its unique index), said on the field; any other error as it is. */
export function batchNumberTakenOr(error: unknown): unknown {
  if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'product_batches_number_key')
    return batchNumberTaken();
  return error;
}

/**
 * Receiving stock, the one way (a batch of its own, and a delivery's lines): the live product held against
 * deletion, a new batch opened through the ledger with its units as a `receipt`, and its cost, when given, made
 * the product's cost. Answers the batch and the product as it was read.
 */
export async function receiveStock(
  tx: Tx,
  ctx: BusinessContext,
  input: {
    productId: number;
    batchNumber: string;
    quantity: number;
    expirationDate: string | null;
    costPrice: string | null;
  },
): Promise<{ batchId: number; costPrice: string; productName: string; currency: string }> {
  const product = await holdProduct(tx, ctx.businessId, input.productId);
  const batchId = await openBatch(tx, {
    businessId: ctx.businessId,
    productId: input.productId,
    batchNumber: input.batchNumber,
    quantity: input.quantity,
    expirationDate: input.expirationDate,
    costPrice: input.costPrice ?? product.costPrice,
    reason: 'receipt',
    userId: ctx.actor.userId,
  });
  // The latest delivery's cost is what the stock costs to replace: the product's cost from now on, which the
  // margin guard and the next sales' cost read (ADR 0023).
  if (input.costPrice && input.costPrice !== '0.00' && input.costPrice !== product.costPrice)
    await tx
      .update(products)
      .set({ cost_price: input.costPrice, updated_at: new Date() })
      .where(liveProduct(ctx.businessId, input.productId));
  return { batchId, costPrice: product.costPrice, productName: product.name, currency: product.currency };
}
