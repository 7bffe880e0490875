import {
  formatMoney,
  MESSAGES,
  type recordPaymentBodySchema,
  SALES_MESSAGES,
  type SaleDetail,
  toKobo,
} from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { payments, sales } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { balanceOf, loadSaleDetail } from './sale-answer';

/**
 * Records a later payment against a sale not yet paid in full. The sale row is
 * locked first, so two payments racing for the same balance cannot both pass
 * the check: the second sees the first's amount. When the payments reach the
 * total the sale becomes paid; more than the balance is refused. With an
 * Idempotency-Key, a retry answers the sale as the first attempt left it
 * instead of taking the money twice (platform/idempotency.ts).
 */
export async function recordPayment(
  ctx: BusinessContext,
  input: z.output<typeof recordPaymentBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ sale: SaleDetail; isReplay: boolean }> {
  const { isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const where = and(eq(sales.business_id, ctx.businessId), eq(sales.id, input.sale_id));
      const [sale] = await tx
        .select({
          total_cart_amount: sales.total_cart_amount,
          amount_paid: sales.amount_paid,
          currency: sales.currency,
          status: sales.status,
        })
        .from(sales)
        .where(where)
        .for('update');
      if (!sale) throw notFound(MESSAGES.sale.notFound);
      // Cancelled under this same lock by a cancel that went first: nothing is owed any more.
      if (sale.status === 'cancelled') throw conflict(SALES_MESSAGES.cannotPayCancelled);
      const balance = balanceOf(sale);
      if (toKobo(balance) === 0n) throw conflict(SALES_MESSAGES.alreadyPaid);
      if (toKobo(input.amount) > toKobo(balance)) {
        throw fieldError('amount', SALES_MESSAGES.overpayment(formatMoney(balance, sale.currency)));
      }
      // The sale is written before its payment, as confirm-sale does: the report-totals triggers
      // (migration 0009) then lock their rows in one order, sale rows before payment rows. The
      // other order deadlocked against concurrent confirmations in the soak (bench/README.md).
      const paidNow = sql`${sales.amount_paid} + ${input.amount}::numeric`;
      await tx
        .update(sales)
        .set({
          amount_paid: paidNow,
          payment_status: sql`case when ${paidNow} = ${sales.total_cart_amount} then 'paid' else 'partial' end`,
        })
        .where(where);
      await tx.insert(payments).values({
        business_id: ctx.businessId,
        sale_id: input.sale_id,
        amount: input.amount,
        method: input.method,
        recorded_by: ctx.actor.userId,
      });
      return input.sale_id;
    },
  );
  const sale = await loadSaleDetail(ctx.db, ctx.businessId, input.sale_id, { showCost: true });
  if (!sale) throw notFound(MESSAGES.sale.notFound);
  return { sale, isReplay };
}
