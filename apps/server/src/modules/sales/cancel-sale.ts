import {
  type cancelSaleBodySchema,
  DAY_CLOSE_MESSAGES,
  MESSAGES,
  SALES_MESSAGES,
  type SaleDetail,
  toKobo,
} from '@oja/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import {
  payments,
  product_batches,
  products,
  refunds,
  sale_lines,
  sale_return_lines,
  sale_returns,
  sales,
} from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { recordActivity } from '../activity/record';
import { closerOf } from '../day-closes/closed-periods';
import { changeBatch, returnStock } from '../stock/ledger';
import { loadSaleDetail } from './sale-answer';

/** A sale line's units given back, with their value as sold. */
export type ReturnedLine = {
  id: number;
  product_id: number;
  batch_id: number | null;
  quantity: number;
  amount: string;
};

/**
 * Cancels a sale in one transaction: every line's units go back to the batch they came from (a
 * `return` movement each, with who and why), every payment is refunded (amount and method), and
 * the sale becomes cancelled. Lock order (ADR 0006): the sale row FOR UPDATE first, the same lock
 * a payment takes, so a payment and a cancel of one sale queue and the second sees the first's
 * outcome (409); then the lines' products KEY SHARE in id order, then their batches in takeStock's
 * order (expiry, then id), so a cancel never deadlocks with a sale taking the same batches.
 *
 * The return is written as a header with one line per sale line and its quantity, and the refunds
 * reference that header, so a partial return later is the same rows with fewer units.
 *
 * With an Idempotency-Key, a retry after a lost answer answers the cancelled sale rather than
 * "already cancelled" (platform/idempotency.ts).
 */
export async function cancelSale(
  ctx: BusinessContext,
  input: z.output<typeof cancelSaleBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ sale: SaleDetail; isReplay: boolean }> {
  const { businessId } = ctx;
  const userId = ctx.actor.userId;
  const { isReplay } = await writeOnce(ctx.db, { businessId, userId: ctx.actor.userId }, requestKey, async (tx) => {
    const where = and(eq(sales.business_id, businessId), eq(sales.id, input.id));
    const [sale] = await tx
      .select({
        status: sales.status,
        amount_paid: sales.amount_paid,
        created_at: sales.created_at,
        created_by: sales.created_by,
        receipt_number: sales.receipt_number,
        total: sales.total_cart_amount,
        currency: sales.currency,
      })
      .from(sales)
      .where(where)
      .for('update');
    if (!sale) throw notFound(MESSAGES.sale.notFound);
    if (sale.status === 'cancelled') throw conflict(SALES_MESSAGES.alreadyCancelled);
    // A cancel undoes the sale on its own day; after a partial return (counted on its day) it would count that
    // return twice, so the rest goes back as a return (ADR 0027).
    const [returned] = await tx
      .select({ id: sale_returns.id })
      .from(sale_returns)
      .where(and(eq(sale_returns.business_id, businessId), eq(sale_returns.sale_id, input.id)))
      .limit(1);
    if (returned) throw conflict(SALES_MESSAGES.cannotCancelReturned);
    const closedBy = await closerOf(tx, businessId, { moment: sale.created_at, memberId: sale.created_by });
    if (closedBy !== null) throw conflict(DAY_CLOSE_MESSAGES.saleInClosedDay(closedBy));
    if (input.refund_amount !== undefined && toKobo(input.refund_amount) !== toKobo(sale.amount_paid)) {
      throw conflict(SALES_MESSAGES.paidMeanwhile);
    }

    const lines: ReturnedLine[] = await tx
      .select({
        id: sale_lines.id,
        product_id: sale_lines.product_id,
        batch_id: sale_lines.batch_id,
        quantity: sale_lines.quantity,
        amount: sale_lines.line_total,
      })
      .from(sale_lines)
      .where(and(eq(sale_lines.business_id, businessId), eq(sale_lines.sale_id, input.id)))
      .orderBy(asc(sale_lines.id));

    const [saleReturn] = await tx
      .insert(sale_returns)
      .values({
        business_id: businessId,
        sale_id: input.id,
        reason: input.reason,
        returned_by: userId,
        kind: 'cancel',
        amount: sql`(select coalesce(sum(${sale_lines.line_total}), 0) from ${sale_lines}
          where ${sale_lines.business_id} = ${businessId} and ${sale_lines.sale_id} = ${input.id})`,
        cost: sql`(select coalesce(sum(round(${sale_lines.quantity} * ${sale_lines.cost_price}, 2)), 0) from ${sale_lines}
          where ${sale_lines.business_id} = ${businessId} and ${sale_lines.sale_id} = ${input.id})`,
      })
      .returning({ id: sale_returns.id });
    if (!saleReturn) throw new Error('The return was not recorded.');

    await returnLines(tx, ctx, {
      saleId: input.id,
      returnId: saleReturn.id,
      reason: input.reason,
      lines,
      isWrittenOff: false,
    });
    await refundPayments(tx, ctx, { saleId: input.id, returnId: saleReturn.id });

    await tx
      .update(sales)
      .set({ status: 'cancelled', cancelled_at: new Date(), cancelled_by: userId, cancel_reason: input.reason })
      .where(where);
    await recordActivity(tx, ctx, {
      kind: 'sale.cancel',
      subject: { type: 'sale', id: input.id, label: sale.receipt_number ?? `#${input.id}` },
      facts: {
        total: sale.total,
        refunded: sale.amount_paid,
        currency: sale.currency,
        ...(input.reason ? { note: input.reason } : {}),
      },
    });
    return input.id;
  });
  const sale = await loadSaleDetail(ctx.db, businessId, input.id, { showCost: true });
  if (!sale) throw notFound(MESSAGES.sale.notFound);
  return { sale, isReplay };
}

/**
 * The given units of each line back to its batch, in the lock order above, and the return's lines. Written off
 * as damaged (`isWrittenOff`), each batch then loses them again by a `damage` movement: the ledger shows them
 * come back and go, and the shelf holds what it held.
 */
export async function returnLines(
  tx: Tx,
  ctx: BusinessContext,
  input: { saleId: number; returnId: number; reason: string; lines: ReturnedLine[]; isWrittenOff: boolean },
): Promise<void> {
  const { businessId } = ctx;
  const productIds = [...new Set(input.lines.map((line) => line.product_id))].sort((a, b) => a - b);
  const batchIds = input.lines.flatMap((line) => (line.batch_id === null ? [] : [line.batch_id]));
  if (productIds.length > 0) {
    // Archived products included: their batches stay, and the units go back all the same.
    await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.business_id, businessId), inArray(products.id, productIds)))
      .orderBy(asc(products.id))
      .for('key share');
  }
  const batches =
    batchIds.length === 0
      ? []
      : await tx
          .select({ id: product_batches.id, product_id: product_batches.product_id })
          .from(product_batches)
          .where(and(eq(product_batches.business_id, businessId), inArray(product_batches.id, batchIds)))
          .orderBy(
            asc(product_batches.product_id),
            sql`${product_batches.expiration_date} asc nulls last`,
            asc(product_batches.id),
          )
          .for('update');

  for (const batch of batches) {
    for (const line of input.lines.filter((candidate) => candidate.batch_id === batch.id)) {
      await returnStock(tx, {
        businessId,
        productId: line.product_id,
        batchId: batch.id,
        quantity: line.quantity,
        reason: 'return',
        userId: ctx.actor.userId,
        saleId: input.saleId,
        note: input.reason,
      });
      if (input.isWrittenOff) {
        await changeBatch(tx, {
          businessId,
          productId: line.product_id,
          batchId: batch.id,
          delta: -line.quantity,
          reason: 'damage',
          userId: ctx.actor.userId,
          saleId: input.saleId,
          note: input.reason,
        });
      }
    }
  }
  if (input.lines.length > 0) {
    await tx.insert(sale_return_lines).values(
      input.lines.map((line) => ({
        business_id: businessId,
        return_id: input.returnId,
        sale_line_id: line.id,
        quantity: line.quantity,
        amount: line.amount,
      })),
    );
  }
}

/** Each payment of the sale refunded in full, with its method and who refunded it. */
async function refundPayments(tx: Tx, ctx: BusinessContext, input: { saleId: number; returnId: number }) {
  const paid = await tx
    .select({ id: payments.id, amount: payments.amount, method: payments.method })
    .from(payments)
    .where(and(eq(payments.business_id, ctx.businessId), eq(payments.sale_id, input.saleId)))
    .orderBy(asc(payments.id));
  if (paid.length === 0) return;
  await tx.insert(refunds).values(
    paid.map((payment) => ({
      business_id: ctx.businessId,
      return_id: input.returnId,
      payment_id: payment.id,
      amount: payment.amount,
      method: payment.method,
      refunded_by: ctx.actor.userId,
    })),
  );
}
