import {
  type AdjustmentReason,
  ERROR_CODES,
  type Product,
  type receiveBatchBodySchema,
  STOCK_MESSAGES,
} from '@oja/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { product_batches, products } from '../../db/schema';
import { AppError, conflict, notFound, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { changeBatch, isSellable, openBatch, takeStock } from './ledger';
import { getProduct, liveProduct, productNotFound } from './product-answer';

/**
 * Locks the live product against deletion (KEY SHARE: stock changes of one
 * product still run side by side; only a delete waits) or answers 404.
 */
async function holdProduct(tx: Tx, businessId: number, productId: number): Promise<{ costPrice: string }> {
  const [product] = await tx
    .select({ costPrice: products.cost_price })
    .from(products)
    .where(liveProduct(businessId, productId))
    .for('key share');
  if (!product) throw productNotFound();
  return product;
}

/**
 * PUT /stock/update/ (spec section 7): a negative quantity is taken from the
 * soonest-expiring sellable batches first (FEFO), all or nothing; a positive
 * one is added to the newest batch that has not expired.
 */
export async function updateStock(ctx: BusinessContext, productId: number, quantity: number): Promise<Product> {
  await ctx.db.transaction(async (tx) => {
    await holdProduct(tx, ctx.businessId, productId);
    if (quantity < 0) {
      await takeStock(tx, {
        businessId: ctx.businessId,
        productId,
        quantity: -quantity,
        reason: 'adjustment',
        userId: ctx.actor.userId,
      });
      return;
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
  });
  return getProduct(ctx, productId);
}

type ReceiveInput = z.output<typeof receiveBatchBodySchema>;

const batchNumberTaken = () =>
  conflict(STOCK_MESSAGES.batchNumberTaken, { batch_number: [STOCK_MESSAGES.batchNumberTaken] });

/** A delivery: a new batch of an existing product, its units recorded as a receipt. */
export async function receiveBatch(ctx: BusinessContext, input: ReceiveInput): Promise<Product> {
  try {
    await ctx.db.transaction(async (tx) => {
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
    });
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'product_batches_number_key')
      throw batchNumberTaken();
    throw error;
  }
  return getProduct(ctx, input.product_id);
}

/**
 * A manager's correction of one batch (a recount, damage, an expired
 * write-off), recorded with its reason. The ledger refuses to go below zero.
 */
export async function adjustBatch(
  ctx: BusinessContext,
  input: { productId: number; batchId: number; delta: number; reason: AdjustmentReason; note?: string | null },
): Promise<Product> {
  await ctx.db.transaction(async (tx) => {
    await holdProduct(tx, ctx.businessId, input.productId);
    const [batch] = await tx
      .select({ id: product_batches.id })
      .from(product_batches)
      .where(
        and(
          eq(product_batches.business_id, ctx.businessId),
          eq(product_batches.product_id, input.productId),
          eq(product_batches.id, input.batchId),
        ),
      );
    if (!batch) throw notFound(STOCK_MESSAGES.batchNotFound);
    await changeBatch(tx, {
      businessId: ctx.businessId,
      productId: input.productId,
      batchId: input.batchId,
      delta: input.delta,
      reason: input.reason,
      userId: ctx.actor.userId,
      note: input.note ?? null,
    });
  });
  return getProduct(ctx, input.productId);
}
