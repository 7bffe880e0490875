import {
  formatMoney,
  type paySupplierBodySchema,
  SUPPLIER_RULES,
  type Supplier,
  type SupplierPayment,
  toKobo,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { deliveries, supplier_payments } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { paymentAnswers } from './delivery-answer';
import { lockSupplier, nameOf, supplierOf } from './supplier-answer';

/**
 * Pays a supplier by a method: money out that the day close subtracts from that method's expected amount.
 *
 * Invariant: what is owed to a supplier never goes below zero. The payment is checked against the balance read
 * under the supplier's lock (lockSupplier), which every delivery and payment of theirs takes first, so two phones
 * paying the same debt at once cannot both pay it. With an Idempotency-Key a retry answers the first payment
 * instead of paying twice (the claim comes before the check, so it is not told "nothing is owed").
 */
export async function paySupplier(
  ctx: BusinessContext,
  input: z.output<typeof paySupplierBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ payment: SupplierPayment; supplier: Supplier; isReplay: boolean }> {
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      await lockSupplier(tx, ctx.businessId, input.supplier_id);
      if (input.delivery_id !== undefined) {
        const [delivery] = await tx
          .select({ supplierId: deliveries.supplier_id })
          .from(deliveries)
          .where(and(eq(deliveries.business_id, ctx.businessId), eq(deliveries.id, input.delivery_id)));
        if (!delivery) throw notFound(SUPPLIER_RULES.deliveryNotFound);
        if (delivery.supplierId !== input.supplier_id)
          throw fieldError('delivery_id', SUPPLIER_RULES.deliveryOfAnother);
      }
      const { owed } = await supplierOf(tx, ctx.businessId, input.supplier_id);
      if (toKobo(owed) <= 0n) throw fieldError('amount', SUPPLIER_RULES.nothingOwed);
      if (toKobo(input.amount) > toKobo(owed))
        throw fieldError('amount', SUPPLIER_RULES.payMoreThanOwed(formatMoney(owed)));
      const [payment] = await tx
        .insert(supplier_payments)
        .values({
          business_id: ctx.businessId,
          supplier_id: input.supplier_id,
          delivery_id: input.delivery_id ?? null,
          amount: input.amount,
          method: input.method,
          note: input.note,
          paid_by: ctx.actor.userId,
          paid_by_name: nameOf(ctx.actor.user),
        })
        .returning({ id: supplier_payments.id });
      if (!payment) throw new Error('The payment was not recorded.');
      return payment.id;
    },
  );
  const [payment] = await paymentAnswers(ctx.db, ctx.businessId, { id: subjectId, limit: 1 });
  if (!payment) throw new Error('The payment is gone.');
  return { payment, supplier: await supplierOf(ctx.db, ctx.businessId, payment.supplier_id), isReplay };
}
