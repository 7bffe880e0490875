import {
  DAY_CLOSE_MESSAGES,
  type deleteSupplierPaymentBodySchema,
  formatMoney,
  fromKobo,
  SUPPLIER_RULES,
  type Supplier,
  type SupplierPayment,
  toKobo,
  type updateSupplierPaymentBodySchema,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { supplier_payments } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { changesOf, recordActivity } from '../activity/record';
import { closerOf } from '../day-closes/closed-periods';
import { paymentAnswers } from './delivery-answer';
import { lockSupplier, supplierOf } from './supplier-answer';

type PaymentRow = typeof supplier_payments.$inferSelect;

/**
 * The payment to correct or delete, with its supplier locked first (lockSupplier: the lock every delivery and
 * payment of theirs takes, so the balance checked below is one nobody else is changing), then the payment itself.
 * Another business's payment answers 404, as a missing one. A payment inside a closed period stays as counted
 * (ADR 0022): the close's expected cash was worked out with it.
 */
async function paymentToChange(tx: Tx, ctx: BusinessContext, id: number): Promise<PaymentRow & { supplier: string }> {
  const where = and(eq(supplier_payments.business_id, ctx.businessId), eq(supplier_payments.id, id));
  const [found] = await tx.select({ supplier_id: supplier_payments.supplier_id }).from(supplier_payments).where(where);
  if (!found) throw notFound(SUPPLIER_RULES.paymentNotFound);
  const supplier = await lockSupplier(tx, ctx.businessId, found.supplier_id);
  // Read again under the lock: a payment's supplier never changes, but the payment may be gone meanwhile.
  const [payment] = await tx.select().from(supplier_payments).where(where).for('update');
  if (!payment) throw notFound(SUPPLIER_RULES.paymentNotFound);
  const closedBy = await closerOf(tx, ctx.businessId, { moment: payment.created_at, memberId: payment.paid_by });
  if (closedBy !== null) throw conflict(DAY_CLOSE_MESSAGES.supplierPaymentInClosedDay(closedBy));
  return { ...payment, supplier: supplier.name };
}

/** How the log names a payment: "payment #12 to Dangote Depot". */
const paymentLabel = (payment: { id: number; supplier: string }) => `payment #${payment.id} to ${payment.supplier}`;

/**
 * The owner corrects a payment to a supplier: its amount, method and note become what is sent, in one transaction
 * with the activity log's entry (old → new, only what changed). The supplier's balance and the day's expected
 * amounts follow, as both read the payments themselves.
 *
 * Invariant: what is owed to the supplier never goes below zero, so a raised amount is at most the payment as it was
 * plus what is owed now. The same correction sent again changes nothing and logs nothing; with an Idempotency-Key
 * a retry answers the first.
 */
export async function updateSupplierPayment(
  ctx: BusinessContext,
  input: z.output<typeof updateSupplierPaymentBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ payment: SupplierPayment; supplier: Supplier; isReplay: boolean }> {
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const payment = await paymentToChange(tx, ctx, input.id);
      const { owed } = await supplierOf(tx, ctx.businessId, payment.supplier_id);
      const mostKobo = toKobo(owed) + toKobo(payment.amount);
      if (toKobo(input.amount) > mostKobo)
        throw fieldError('amount', SUPPLIER_RULES.correctMoreThanOwed(formatMoney(fromKobo(mostKobo))));
      const after = { amount: fromKobo(toKobo(input.amount)), method: input.method, note: input.note };
      const changes = changesOf({ amount: payment.amount, method: payment.method, note: payment.note }, after, [
        'amount',
        'method',
        'note',
      ] as const);
      if (changes.length === 0) return payment.id;
      await tx
        .update(supplier_payments)
        .set(after)
        .where(and(eq(supplier_payments.business_id, ctx.businessId), eq(supplier_payments.id, payment.id)));
      await recordActivity(tx, ctx, {
        kind: 'supplier.payment_update',
        subject: { type: 'supplier_payment', id: payment.id, label: paymentLabel(payment) },
        changes,
        facts: { supplier_id: String(payment.supplier_id), paid_at: payment.created_at.toISOString() },
      });
      return payment.id;
    },
  );
  const [payment] = await paymentAnswers(ctx.db, ctx.businessId, { id: subjectId, limit: 1 });
  // Deleted after a correction whose answer is replayed: the payment is gone, as a missing one.
  if (!payment) throw notFound(SUPPLIER_RULES.paymentNotFound);
  return { payment, supplier: await supplierOf(ctx.db, ctx.businessId, payment.supplier_id), isReplay };
}

/**
 * The owner deletes a payment to a supplier made by mistake, with a reason: the row goes, and the activity log keeps
 * what it was (amount, method, note, when, who paid) and why, in the same transaction. What is owed to the supplier
 * grows back by it and the day's expected amounts no longer count it. A retry with the same Idempotency-Key answers
 * the supplier as it is; without one, the payment is gone (404).
 */
export async function deleteSupplierPayment(
  ctx: BusinessContext,
  input: z.output<typeof deleteSupplierPaymentBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ supplier: Supplier; isReplay: boolean }> {
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const payment = await paymentToChange(tx, ctx, input.id);
      await tx
        .delete(supplier_payments)
        .where(and(eq(supplier_payments.business_id, ctx.businessId), eq(supplier_payments.id, payment.id)));
      await recordActivity(tx, ctx, {
        kind: 'supplier.payment_delete',
        subject: { type: 'supplier_payment', id: payment.id, label: paymentLabel(payment) },
        facts: {
          supplier_id: String(payment.supplier_id),
          amount: payment.amount,
          method: payment.method,
          paid_at: payment.created_at.toISOString(),
          paid_by: payment.paid_by_name,
          reason: input.reason,
          ...(payment.note ? { note: payment.note } : {}),
          ...(payment.delivery_id === null ? {} : { delivery_id: String(payment.delivery_id) }),
        },
      });
      return payment.supplier_id;
    },
  );
  return { supplier: await supplierOf(ctx.db, ctx.businessId, subjectId), isReplay };
}
