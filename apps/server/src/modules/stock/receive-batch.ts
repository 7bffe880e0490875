import {
  fromKobo,
  MAX_BATCH_QUANTITY,
  type Product,
  type receiveBatchBodySchema,
  STOCK_MESSAGES,
  toKobo,
  UNITS_MESSAGES,
} from '@oja/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import { conflict, fieldError, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { getProduct } from './get-product';
import { holdProduct } from './hold-product';
import { openBatch } from './ledger';
import { packsOf } from './packs';
import { liveProduct } from './product-answer';

type ReceiveInput = z.output<typeof receiveBatchBodySchema>;

const batchNumberTaken = () =>
  conflict(STOCK_MESSAGES.batchNumberTaken, { batch_number: [STOCK_MESSAGES.batchNumberTaken] });

/**
 * A delivery counted in base units, or in packs of the product (ADR 0030): 3 cartons of 40 are 120 units, one
 * receipt in the ledger, and a carton's cost is a unit's cost times 40. A pack's cost that does not divide by its
 * units is kept per unit rounded half up to the kobo (the batch's cost is per unit, as every sale's cost reads it).
 */
async function inBaseUnits(
  tx: Tx,
  businessId: number,
  input: ReceiveInput,
): Promise<{ quantity: number; costPrice: string | null | undefined }> {
  if (input.pack_id === undefined || input.pack_id === null)
    return { quantity: input.quantity, costPrice: input.cost_price };
  const pack = (await packsOf(tx, businessId, [input.product_id]))
    .get(input.product_id)
    ?.find((each) => each.id === input.pack_id);
  if (!pack) throw fieldError('pack_id', UNITS_MESSAGES.packOfProduct);
  const quantity = input.quantity * pack.units;
  if (quantity > MAX_BATCH_QUANTITY) throw fieldError('quantity', STOCK_MESSAGES.quantityTooLarge);
  const units = BigInt(pack.units);
  const costPrice = input.cost_price
    ? fromKobo((toKobo(input.cost_price) * 2n + units) / (2n * units))
    : input.cost_price;
  return { quantity, costPrice };
}

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
        const { quantity, costPrice } = await inBaseUnits(tx, ctx.businessId, input);
        await openBatch(tx, {
          businessId: ctx.businessId,
          productId: input.product_id,
          batchNumber: input.batch_number,
          quantity,
          expirationDate: input.expiration_date ?? null,
          costPrice: costPrice ?? product.costPrice,
          reason: 'receipt',
          userId: ctx.actor.userId,
        });
        // The latest delivery's cost is what the stock costs to replace: the product's cost from now on, which the
        // margin guard and the next sales' cost read (ADR 0023).
        if (costPrice && costPrice !== '0.00' && costPrice !== product.costPrice)
          await tx
            .update(products)
            .set({ cost_price: costPrice, updated_at: new Date() })
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
