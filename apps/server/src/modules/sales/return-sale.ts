import {
  addQuantities,
  DEFAULT_BASE_UNIT,
  formatMoney,
  fromKobo,
  fromMilli,
  lineTotalKobo,
  MESSAGES,
  returnedValueKobo,
  type returnSaleBodySchema,
  SALES_MESSAGES,
  type SaleDetail,
  toKobo,
  toMilli,
  UNITS_MESSAGES,
} from '@oja/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { payments, products, refunds, sale_lines, sale_return_lines, sale_returns, sales } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { recordActivity } from '../activity/record';
import { type ReturnedLine, returnLines } from './cancel-sale';
import { loadSaleDetail } from './sale-answer';

type Input = z.output<typeof returnSaleBodySchema>;

/**
 * Returns some units of some lines of a sale, in one transaction (ADR 0027): the units go back to the batches
 * they came from (or come back and are written off as damaged), the refunds are recorded by method against the
 * sale's payments, and the sale's total and amount paid shrink by the returned value and the refund, so what it
 * still owes (total − paid, as every debt reads it) falls by the part of the value not refunded.
 *
 * Invariants enforced here, under the sale's row lock (the lock a payment and a cancel take first, so they
 * queue): a line never returns more units than were sold less those already returned; the refund is at most the
 * returned value and at most what was paid; the sale never owes less than nothing (the refund covers whatever
 * of the value was already paid). Then the lock order of cancel-sale.ts: products, then batches.
 *
 * A return is today's event: it is allowed when the sale's own day is closed, and the figures count it today.
 */
export async function returnSale(
  ctx: BusinessContext,
  input: Input,
  requestKey: RequestKey | null = null,
): Promise<{ sale: SaleDetail; isReplay: boolean }> {
  const { businessId } = ctx;
  const { isReplay } = await writeOnce(ctx.db, { businessId, userId: ctx.actor.userId }, requestKey, async (tx) => {
    const where = and(eq(sales.business_id, businessId), eq(sales.id, input.id));
    const [sale] = await tx
      .select({
        status: sales.status,
        currency: sales.currency,
        total: sales.total_cart_amount,
        paid: sales.amount_paid,
        receipt_number: sales.receipt_number,
      })
      .from(sales)
      .where(where)
      .for('update');
    if (!sale) throw notFound(MESSAGES.sale.notFound);
    if (sale.status === 'cancelled') throw conflict(SALES_MESSAGES.returnCancelled);

    const lines = await linesToReturn(tx, businessId, input);
    const valueKobo = lines.reduce((sum, line) => sum + toKobo(line.amount), 0n);
    const refundKobo = input.refunds.reduce((sum, refund) => sum + toKobo(refund.amount), 0n);
    const totalKobo = toKobo(sale.total);
    const paidKobo = toKobo(sale.paid);
    const naira = (kobo: bigint) => formatMoney(fromKobo(kobo), sale.currency);
    if (refundKobo > valueKobo) throw conflict(SALES_MESSAGES.refundMoreThanReturned(naira(valueKobo)));
    if (refundKobo > paidKobo) throw conflict(SALES_MESSAGES.refundMoreThanPaid(naira(paidKobo)));
    // What stays owed after the return: (total − value) − (paid − refund), never below zero.
    const owedKobo = totalKobo - valueKobo - (paidKobo - refundKobo);
    if (owedKobo < 0n) throw conflict(SALES_MESSAGES.refundTooSmall(naira(refundKobo - owedKobo)));

    const [saleReturn] = await tx
      .insert(sale_returns)
      .values({
        business_id: businessId,
        sale_id: input.id,
        reason: input.reason,
        returned_by: ctx.actor.userId,
        kind: 'return',
        restock: input.restock,
        amount: fromKobo(valueKobo),
        cost: fromKobo(lines.reduce((sum, line) => sum + line.costKobo, 0n)),
      })
      .returning({ id: sale_returns.id });
    if (!saleReturn) throw new Error('The return was not recorded.');

    await returnLines(tx, ctx, {
      saleId: input.id,
      returnId: saleReturn.id,
      reason: input.reason,
      lines,
      isWrittenOff: !input.restock,
    });
    await refundByMethod(tx, ctx, { saleId: input.id, returnId: saleReturn.id, refunds: input.refunds });

    const newTotal = fromKobo(totalKobo - valueKobo);
    const newPaid = fromKobo(paidKobo - refundKobo);
    await tx
      .update(sales)
      .set({
        total_cart_amount: newTotal,
        amount_paid: newPaid,
        payment_status: owedKobo === 0n ? 'paid' : paidKobo - refundKobo > 0n ? 'partial' : 'not_paid',
      })
      .where(where);
    await recordActivity(tx, ctx, {
      kind: 'sale.return',
      subject: { type: 'sale', id: input.id, label: sale.receipt_number ?? `#${input.id}` },
      facts: {
        value: fromKobo(valueKobo),
        refunded: fromKobo(refundKobo),
        units: String(lines.reduce((sum, line) => addQuantities(sum, line.quantity), 0)),
        currency: sale.currency,
        ...(input.restock ? {} : { damaged: 'true' }),
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
 * The requested lines of this sale with what each may still return (sold − already returned), refused line by
 * line: a line of another sale (or business) is not part of it; more units than are left name the product.
 */
async function linesToReturn(
  tx: Tx,
  businessId: number,
  input: Input,
): Promise<(ReturnedLine & { costKobo: bigint })[]> {
  const ids = input.lines.map((line) => line.sale_line_id);
  const returned = tx
    .select({
      sale_line_id: sale_return_lines.sale_line_id,
      units: sql<string>`sum(${sale_return_lines.quantity})`.as('units'),
    })
    .from(sale_return_lines)
    .where(and(eq(sale_return_lines.business_id, businessId), inArray(sale_return_lines.sale_line_id, ids)))
    .groupBy(sale_return_lines.sale_line_id)
    .as('returned');
  const rows = await tx
    .select({
      id: sale_lines.id,
      product_id: sale_lines.product_id,
      product_name: sale_lines.product_name,
      batch_id: sale_lines.batch_id,
      quantity: sale_lines.quantity,
      line_total: sale_lines.line_total,
      cost_price: sale_lines.cost_price,
      base_unit: products.base_unit,
      is_weighed: products.is_weighed,
      returned: sql<string>`coalesce(${returned.units}, 0)`,
    })
    .from(sale_lines)
    .leftJoin(products, and(eq(products.business_id, sale_lines.business_id), eq(products.id, sale_lines.product_id)))
    .leftJoin(returned, eq(returned.sale_line_id, sale_lines.id))
    .where(and(eq(sale_lines.business_id, businessId), eq(sale_lines.sale_id, input.id), inArray(sale_lines.id, ids)))
    .orderBy(asc(sale_lines.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.lines.map((wanted) => {
    const line = byId.get(wanted.sale_line_id);
    if (!line) throw badRequest(SALES_MESSAGES.returnLineNotInSale);
    // A fraction of a unit comes back only of a weighed product (ADR 0031); the units left, in thousandths.
    if (line.is_weighed !== true && !Number.isInteger(wanted.quantity)) {
      throw badRequest(UNITS_MESSAGES.quantityWholeOf(line.base_unit ?? DEFAULT_BASE_UNIT));
    }
    const left = fromMilli(toMilli(line.quantity) - toMilli(Number(line.returned)));
    if (toMilli(wanted.quantity) > toMilli(left)) throw conflict(SALES_MESSAGES.returnTooMany(line.product_name, left));
    return {
      id: line.id,
      product_id: line.product_id,
      batch_id: line.batch_id,
      quantity: wanted.quantity,
      amount: fromKobo(returnedValueKobo(line, wanted.quantity)),
      costKobo: line.cost_price === null ? 0n : lineTotalKobo(toKobo(line.cost_price), wanted.quantity),
    };
  });
}

/**
 * Each refund by its method, spread over the sale's payments newest first, each up to what is left of it
 * unrefunded (the refunds table names the payment a refund gives back from). The caller has checked that the
 * refund is at most what was paid, which is what is left unrefunded of the payments.
 */
async function refundByMethod(
  tx: Tx,
  ctx: BusinessContext,
  input: { saleId: number; returnId: number; refunds: Input['refunds'] },
): Promise<void> {
  if (input.refunds.length === 0) return;
  const left = await tx
    .select({ id: payments.id, left: sql<string>`${payments.amount} - coalesce(sum(${refunds.amount}), 0)` })
    .from(payments)
    .leftJoin(refunds, and(eq(refunds.business_id, payments.business_id), eq(refunds.payment_id, payments.id)))
    .where(and(eq(payments.business_id, ctx.businessId), eq(payments.sale_id, input.saleId)))
    .groupBy(payments.id, payments.amount)
    .orderBy(desc(payments.id));
  const open = left.map((payment) => ({ id: payment.id, left: toKobo(payment.left) })).filter((p) => p.left > 0n);
  const rows: (typeof refunds.$inferInsert)[] = [];
  for (const refund of input.refunds) {
    let due = toKobo(refund.amount);
    for (const payment of open) {
      if (due === 0n) break;
      const part = payment.left < due ? payment.left : due;
      if (part === 0n) continue;
      payment.left -= part;
      due -= part;
      rows.push({
        business_id: ctx.businessId,
        return_id: input.returnId,
        payment_id: payment.id,
        amount: fromKobo(part),
        method: refund.method,
        refunded_by: ctx.actor.userId,
      });
    }
    if (due > 0n) throw new Error('The refund is more than the payments hold.');
  }
  await tx.insert(refunds).values(rows);
}
