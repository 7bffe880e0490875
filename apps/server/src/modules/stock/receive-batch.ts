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
import { holdProduct, refuseFractionOf } from './hold-product';
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
  // A pack comes whole: half a carton of 40 would read as 20 units received, which no one counted.
  if (!Number.isInteger(input.quantity)) throw fieldError('quantity', STOCK_MESSAGES.wholePacks);
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
        const { quantity, costPrice } = await inBaseUnits(tx, ctx.businessId, input);
        await receiveStock(tx, ctx, {
          productId: input.product_id,
          batchNumber: input.batch_number,
          quantity,
          expirationDate: input.expiration_date ?? null,
          costPrice: costPrice ?? null,
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
  /** The field a fraction of a product counted whole is refused on (a delivery's line names its index). */
  quantityField = 'quantity',
): Promise<{ batchId: number; costPrice: string; productName: string; currency: string }> {
  const product = await holdProduct(tx, ctx.businessId, input.productId);
  refuseFractionOf(product, input.quantity, quantityField, STOCK_MESSAGES.wholeQuantity);
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
