import {
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  ERROR_CODES,
  fromMilli,
  hasQuantityDecimals,
  MAX_PRODUCT_STOCK,
  MESSAGES,
  STOCK_MESSAGES,
  type StockMovementReason,
  toMilli,
} from '@oja/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BUILT, builtOnce, builtOnceSqlPer } from '../../db/built-once';
import { businessTodayOnce } from '../../db/business-day';
import type { Tx } from '../../db/client';
import { columnNames } from '../../db/column-names';
import { product_batches, stock_movements } from '../../db/schema';
import { AppError, badRequest } from '../../platform/errors';

/**
 * The stock ledger: the only code that changes a batch's quantity.
 *
 * Invariant: for every batch, quantity = sum(stock_movements.delta). Each change
 * is a SQL-side increment guarded by `quantity + delta >= 0` (and the table's
 * CHECK (quantity >= 0)), with its movement appended in the same transaction.
 * Nothing here opens a transaction: the caller's use case owns it.
 *
 * Quantities are numeric(14,3) (ADR 0031): whole units, or up to 3 decimals of a weighed product, which the use
 * cases decide from the product. Here a quantity is refused past 3 decimals, and TypeScript adds and subtracts
 * them in thousandths only, so what reaches SQL is exactly what was asked.
 */

/** A change or a take: a positive (a change: non-zero) quantity of at most 3 decimals. */
const isQuantity = (quantity: number) => hasQuantityDecimals(quantity) && toMilli(quantity) > 0;

/**
 * SQL condition: this batch may be sold (no expiry, or not past it: a batch expiring today still sells today).
 * An OR, which no index takes as its condition, so it is tested on every batch read: today is computed once.
 */
export const isSellable = sql`(${product_batches.expiration_date} is null or ${product_batches.expiration_date} >= ${businessTodayOnce})`;

const insufficientStock = () => new AppError(409, ERROR_CODES.insufficientStock, MESSAGES.product.insufficientStock);

export type BatchChange = {
  businessId: number;
  productId: number;
  batchId: number;
  /** Positive adds, negative removes; never zero; at most 3 decimals. */
  delta: number;
  reason: StockMovementReason;
  userId: number | null;
  saleId?: number | null;
  note?: string | null;
};

/** The placeholders of a change's statement (db/built-once.ts): each run fills them from the BatchChange. */
const change = {
  businessId: sql.placeholder('businessId'),
  productId: sql.placeholder('productId'),
  batchId: sql.placeholder('batchId'),
  delta: sql.placeholder('delta'),
};

/**
 * The product's units in all its batches, in bigint, plus this change, stays within the integer range:
 * a product's stock is summed (and cast) in many queries, which must never overflow.
 */
const total = alias(product_batches, 'pb_total');
const productStaysInRange = sql`(select coalesce(sum(${total.quantity}), 0) from ${product_batches} ${total}
    where ${total.business_id} = ${change.businessId} and ${total.product_id} = ${change.productId}) + ${change.delta}::numeric <= ${MAX_PRODUCT_STOCK}`;

/** A change's values as its statement's placeholders take them: every one given, null where it has none. */
type ChangeValues = Required<BatchChange>;

/**
 * The guarded increment and its movement in one statement (a data-modifying CTE): one round trip instead of
 * two while the batch's row lock is held, which is what a hot product's sales queue on. The movement is written
 * only when the batch row changed. Two shapes: an addition also checks the product's range. Built once per shape,
 * as the sale path's other statements (db/built-once.ts, docs/adr/0018).
 */
const changeStatement = builtOnceSqlPer<'adds' | 'removes', ChangeValues, { id: number }>(2, String, (shape) => {
  const where = and(
    eq(product_batches.business_id, change.businessId),
    eq(product_batches.product_id, change.productId),
    eq(product_batches.id, change.batchId),
    sql`${product_batches.quantity} + ${change.delta}::numeric >= 0`,
    shape === 'adds' ? productStaysInRange : undefined,
  );
  return sql`
    with changed as (
      update ${product_batches} set ${columnNames(product_batches.quantity)} = ${product_batches.quantity} + ${change.delta}::numeric
      where ${where} returning ${product_batches.id} as id
    )
    insert into ${stock_movements} (${columnNames(
      stock_movements.business_id,
      stock_movements.product_id,
      stock_movements.batch_id,
      stock_movements.delta,
      stock_movements.reason,
      stock_movements.user_id,
      stock_movements.sale_id,
      stock_movements.note,
    )})
    select ${change.businessId}::bigint, ${change.productId}::bigint, changed.id, ${change.delta}::numeric,
           ${sql.placeholder('reason')}::text, ${sql.placeholder('userId')}::bigint, ${sql.placeholder('saleId')}::bigint,
           ${sql.placeholder('note')}::text
    from changed
    returning ${stock_movements.id}`;
});

/**
 * Applies one change to one batch and records it. Refuses (insufficient stock) a change that would go
 * below zero, and an addition that would take the product's total past the integer range.
 */
export async function changeBatch(tx: Tx, batchChange: BatchChange): Promise<void> {
  const { delta } = batchChange;
  if (!isQuantity(Math.abs(delta))) throw new Error('A stock change is non-zero, with at most 3 decimals.');
  const rows = await changeStatement(tx, delta > 0 ? 'adds' : 'removes', {
    ...batchChange,
    saleId: batchChange.saleId ?? null,
    note: batchChange.note ?? null,
  });
  if (rows.length === 0) {
    if (delta > 0) throw badRequest(STOCK_MESSAGES.productStockTooLarge);
    throw isAdjustment(batchChange.reason) ? await batchTooSmall(tx, batchChange) : insufficientStock();
  }
}

const isAdjustment = (reason: StockMovementReason): reason is AdjustmentReason =>
  (ADJUSTMENT_REASONS as readonly StockMovementReason[]).includes(reason);

/**
 * A manager's removal from one batch that it cannot cover: said of that batch, with what it holds, on the
 * field that asked for it. A sale's shortfall keeps the spec's sentence (insufficientStock).
 */
async function batchTooSmall(tx: Tx, batchChange: BatchChange): Promise<AppError> {
  const [batch] = await tx
    .select({ quantity: product_batches.quantity })
    .from(product_batches)
    .where(
      and(
        eq(product_batches.business_id, batchChange.businessId),
        eq(product_batches.product_id, batchChange.productId),
        eq(product_batches.id, batchChange.batchId),
      ),
    );
  if (!batch) return insufficientStock();
  const message = STOCK_MESSAGES.batchHoldsOnly(batch.quantity);
  return new AppError(409, ERROR_CODES.insufficientStock, message, { delta: [message] });
}

/**
 * Opens a new batch of a product at zero and brings its first units in through
 * changeBatch, so that the invariant holds from the batch's first unit. Answers its id.
 */
export async function openBatch(
  tx: Tx,
  input: {
    businessId: number;
    productId: number;
    batchNumber: string;
    quantity: number;
    expirationDate: string | null;
    costPrice: string | null;
    reason: Extract<StockMovementReason, 'initial' | 'receipt'>;
    userId: number | null;
  },
): Promise<number> {
  const [batch] = await tx
    .insert(product_batches)
    .values({
      business_id: input.businessId,
      product_id: input.productId,
      batch_number: input.batchNumber,
      quantity: 0,
      expiration_date: input.expirationDate,
      cost_price: input.costPrice,
    })
    .returning({ id: product_batches.id });
  if (!batch) throw new Error('The batch was not created.');
  if (input.quantity > 0) {
    await changeBatch(tx, {
      businessId: input.businessId,
      productId: input.productId,
      batchId: batch.id,
      delta: input.quantity,
      reason: input.reason,
      userId: input.userId,
    });
  }
  return batch.id;
}

export type TakenFromBatch = {
  batchId: number;
  batchNumber: string;
  expirationDate: string | null;
  costPrice: string | null;
  quantity: number;
};

/** A product's sellable batches with units, locked in takeStock's order (built once, as changeStatement). */
const sellableBatches = builtOnce((db) =>
  db
    .select({
      id: product_batches.id,
      batch_number: product_batches.batch_number,
      expiration_date: product_batches.expiration_date,
      cost_price: product_batches.cost_price,
      quantity: product_batches.quantity,
    })
    .from(product_batches)
    .where(
      and(
        eq(product_batches.business_id, change.businessId),
        eq(product_batches.product_id, change.productId),
        gt(product_batches.quantity, 0),
        isSellable,
      ),
    )
    .orderBy(sql`${product_batches.expiration_date} asc nulls last`, asc(product_batches.id))
    .for('update')
    .prepare(BUILT),
);

/** What to take from each locked batch, in their order, each at most what it holds; and what none held. */
function planTake(
  batches: readonly {
    id: number;
    batch_number: string;
    expiration_date: string | null;
    cost_price: string | null;
    quantity: number;
  }[],
  quantity: number,
): { plan: TakenFromBatch[]; remaining: number } {
  const plan: TakenFromBatch[] = [];
  // In thousandths: 1.25 kg from batches of 0.3 and 2 leaves exactly 0.95 to take from the second.
  let remaining = toMilli(quantity);
  for (const batch of batches) {
    if (remaining === 0) break;
    const part = Math.min(toMilli(batch.quantity), remaining);
    plan.push({
      batchId: batch.id,
      batchNumber: batch.batch_number,
      expirationDate: batch.expiration_date,
      costPrice: batch.cost_price,
      quantity: fromMilli(part),
    });
    remaining -= part;
  }
  return { plan, remaining: fromMilli(remaining) };
}

/**
 * Takes `quantity` units of a product from its sellable batches, soonest expiry
 * first and batches without expiry last (FEFO), never from an expired batch.
 * The batches are locked (FOR UPDATE) in that same fixed order, so concurrent
 * removals of one product queue instead of overselling. When there is not
 * enough, it throws insufficient stock before changing anything.
 *
 * A caller taking several products in one transaction must take them in
 * ascending product id order, so that two such transactions cannot deadlock.
 */
export async function takeStock(
  tx: Tx,
  input: {
    businessId: number;
    productId: number;
    quantity: number;
    reason: StockMovementReason;
    userId: number | null;
    saleId?: number | null;
    note?: string | null;
  },
): Promise<TakenFromBatch[]> {
  if (!isQuantity(input.quantity)) throw new Error('Take a positive quantity of at most 3 decimals.');
  const batches = await sellableBatches(tx, { businessId: input.businessId, productId: input.productId });
  const { plan, remaining } = planTake(batches, input.quantity);
  if (remaining > 0) throw insufficientStock();

  for (const part of plan) {
    await changeBatch(tx, {
      businessId: input.businessId,
      productId: input.productId,
      batchId: part.batchId,
      delta: -part.quantity,
      reason: input.reason,
      userId: input.userId,
      saleId: input.saleId,
      note: input.note,
    });
  }
  return plan;
}

/**
 * Takes up to `quantity` units of a product from its sellable batches, in takeStock's order and under
 * takeStock's locks, and answers what it took and how many units no batch held (`missing`). For a sale
 * that already happened (a counter sale sent from a phone's outbox, ADR 0013): the goods left the shop,
 * so the sale is recorded, and what the batches did not hold is the caller's to record as a shortfall.
 *
 * Invariant, the ledger's own: no batch goes below zero (each part is at most what its locked batch holds,
 * and changeBatch's guard and the CHECK refuse anything more); taken + missing = quantity.
 */
export async function takeAvailableStock(
  tx: Tx,
  input: {
    businessId: number;
    productId: number;
    quantity: number;
    reason: StockMovementReason;
    userId: number | null;
    saleId?: number | null;
  },
): Promise<{ taken: TakenFromBatch[]; missing: number }> {
  if (!isQuantity(input.quantity)) throw new Error('Take a positive quantity of at most 3 decimals.');
  const batches = await sellableBatches(tx, { businessId: input.businessId, productId: input.productId });
  const { plan: taken, remaining } = planTake(batches, input.quantity);
  for (const part of taken) {
    await changeBatch(tx, {
      businessId: input.businessId,
      productId: input.productId,
      batchId: part.batchId,
      delta: -part.quantity,
      reason: input.reason,
      userId: input.userId,
      saleId: input.saleId,
    });
  }
  return { taken, missing: remaining };
}

/**
 * Gives units back to the exact batch they were taken from (a sale line names it), as one
 * `return`-style movement with who and why, so the batch still equals the sum of its movements.
 * The batch is not checked for expiry: an expired batch takes its units back and keeps them
 * unsellable, because takeStock never takes from it.
 *
 * A caller returning to several batches in one transaction must do so in ascending batch id
 * order (and after any lock that orders it against takeStock, such as the sale's row), so that
 * two such transactions cannot deadlock.
 */
export async function returnStock(
  tx: Tx,
  input: {
    businessId: number;
    productId: number;
    batchId: number;
    quantity: number;
    reason: Extract<StockMovementReason, 'return'>;
    userId: number | null;
    saleId?: number | null;
    note?: string | null;
  },
): Promise<void> {
  if (!isQuantity(input.quantity)) throw new Error('Return a positive quantity of at most 3 decimals.');
  await changeBatch(tx, {
    businessId: input.businessId,
    productId: input.productId,
    batchId: input.batchId,
    delta: input.quantity,
    reason: input.reason,
    userId: input.userId,
    saleId: input.saleId,
    note: input.note,
  });
}

/**
 * The opening batches of many new products at once (a catalogue import), in one statement: each batch inserted with
 * its units and its `initial` movement appended by the same statement (a data-modifying CTE), so the invariant
 * holds when the statement ends, as openBatch's zero-then-change does for one batch. One statement for the whole
 * catalogue instead of three per product, which is what keeps a 3,000-product import within seconds: every write of
 * a batch runs the stock triggers, and opening at zero would run them twice per batch.
 *
 * Each quantity is at most MAX_BATCH_QUANTITY and each product new, so no product's total can leave the integer
 * range. A batch of 0 units gets no movement (a movement's delta is never 0).
 */
export async function openBatches(
  tx: Tx,
  input: {
    businessId: number;
    userId: number | null;
    batches: readonly {
      productId: number;
      batchNumber: string;
      quantity: number;
      expirationDate: string | null;
      costPrice: string | null;
    }[];
  },
): Promise<void> {
  const { batches } = input;
  if (batches.length === 0) return;
  for (const batch of batches) {
    // Whole or not is the product's (weighed or not), which the caller checked; here only the ledger's own rule.
    if (!hasQuantityDecimals(batch.quantity) || batch.quantity < 0)
      throw new Error('Opening stock is 0 or more, with at most 3 decimals.');
  }
  const column = <T>(pick: (batch: (typeof batches)[number]) => T) => sql.param(batches.map(pick));
  const { rows } = await tx.execute<{ id: number }>(sql`
    with given as (
      select * from unnest(${column((b) => b.productId)}::bigint[], ${column((b) => b.batchNumber)}::text[],
        ${column((b) => b.quantity)}::numeric[], ${column((b) => b.expirationDate)}::date[],
        ${column((b) => b.costPrice)}::numeric[]) as g(product_id, batch_number, quantity, expiration_date, cost_price)
    ), opened as (
      insert into ${product_batches} (${columnNames(
        product_batches.business_id,
        product_batches.product_id,
        product_batches.batch_number,
        product_batches.quantity,
        product_batches.expiration_date,
        product_batches.cost_price,
      )})
      select ${input.businessId}::bigint, product_id, batch_number, quantity, expiration_date, cost_price from given
      returning ${product_batches.id} as id, ${product_batches.product_id} as product_id, ${product_batches.quantity} as quantity
    ), moved as (
      insert into ${stock_movements} (${columnNames(
        stock_movements.business_id,
        stock_movements.product_id,
        stock_movements.batch_id,
        stock_movements.delta,
        stock_movements.reason,
        stock_movements.user_id,
      )})
      select ${input.businessId}::bigint, opened.product_id, opened.id, opened.quantity, 'initial', ${input.userId}::bigint
      from opened where opened.quantity > 0
    )
    select id from opened`);
  if (rows.length !== batches.length) throw new Error('Fewer batches were opened than were given.');
}
