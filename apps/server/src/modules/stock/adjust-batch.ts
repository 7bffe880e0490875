import { type AdjustmentReason, type adjustBatchBodySchema, type Product, STOCK_MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { product_batches } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { type ActivityInput, recordActivity } from '../activity/record';
import { getProduct } from './get-product';
import { holdProduct, refuseFractionOf } from './hold-product';
import { changeBatch } from './ledger';

/**
 * A manager's correction of one batch (a recount, damage, an expired
 * write-off), recorded with its reason. The ledger refuses to go below zero.
 * With an Idempotency-Key, a retry changes nothing (platform/idempotency.ts).
 */
export async function adjustBatch(
  ctx: BusinessContext,
  body: z.output<typeof adjustBatchBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ product: Product; isReplay: boolean }> {
  const input = {
    productId: body.product_id,
    batchId: body.batch_id,
    delta: body.delta,
    reason: body.reason,
    note: body.note,
  };
  const { isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const product = await holdProduct(tx, ctx.businessId, input.productId);
      refuseFractionOf(product, input.delta, 'delta', STOCK_MESSAGES.wholeUnits);
      const [batch] = await tx
        .select({ id: product_batches.id, batch_number: product_batches.batch_number })
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
      await recordActivity(tx, ctx, adjustmentActivity(input.productId, product.name, input, batch.batch_number));
      return input.productId;
    },
  );
  return { product: await getProduct(ctx, input.productId), isReplay };
}

/** Damage and expiry are write-offs (units gone); a recount is an adjustment either way. */
const WRITE_OFFS: readonly string[] = ['damage', 'expired_write_off'] satisfies AdjustmentReason[];

/** The activity log's entry of a stock change: by how much, why, and the note. */
export function adjustmentActivity(
  productId: number,
  productName: string,
  change: { delta: number; reason: string; note?: string | null },
  batchNumber?: string,
): ActivityInput {
  const isWriteOff = WRITE_OFFS.includes(change.reason) && change.delta < 0;
  return {
    kind: isWriteOff ? 'stock.write_off' : 'stock.adjust',
    subject: { type: 'product', id: productId, label: productName },
    facts: {
      ...(isWriteOff
        ? { quantity: String(-change.delta) }
        : { delta: change.delta > 0 ? `+${change.delta}` : String(change.delta) }),
      reason: change.reason,
      ...(change.note ? { note: change.note } : {}),
      ...(batchNumber ? { batch_number: batchNumber } : {}),
    },
  };
}
