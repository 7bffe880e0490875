import {
  type createDeliveryBodySchema,
  DEFAULT_CURRENCY,
  type Delivery,
  formatMoney,
  fromKobo,
  lineTotalKobo,
  MAX_MONEY,
  SUPPLIER_RULES,
  type Supplier,
  toKobo,
} from '@oja/contract';
import type * as z from 'zod';
import { deliveries, delivery_lines, supplier_payments } from '../../db/schema';
import { badRequest, conflict, fieldError, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { batchNumberTakenOr, receiveStock } from '../stock/receive-batch';
import { deliveryAnswers } from './delivery-answer';
import { lockSupplier, nameOf, supplierOf } from './supplier-answer';

type DeliveryInput = z.output<typeof createDeliveryBodySchema>;

/**
 * Receives a delivery from a supplier in one transaction: every line a new batch received through the stock's one
 * receiving path (receive-batch.ts: the ledger's `receipt` movement, the batch's cost made the product's), the
 * delivery's total their quantity × unit cost in integer kobo, and what was paid now a supplier payment naming the
 * delivery; the rest is owed to the supplier. The supplier is locked first, then the products in ascending id order
 * (as every multi-product write takes them), so two deliveries cannot wait on each other in a circle. With an
 * Idempotency-Key a retry receives nothing and answers the first delivery.
 */
export async function createDelivery(
  ctx: BusinessContext,
  input: DeliveryInput,
  requestKey: RequestKey | null = null,
): Promise<{ delivery: Delivery; supplier: Supplier; isReplay: boolean }> {
  // Each line rounded once to the kobo (12.5 kg at ₦333.33 is ₦4,166.63), as the delivery's answer shows its lines.
  const total = input.lines.reduce((sum, line) => sum + lineTotalKobo(toKobo(line.unit_cost), line.quantity), 0n);
  if (total > toKobo(MAX_MONEY)) throw badRequest(SUPPLIER_RULES.totalTooLarge);
  const paid = toKobo(input.amount_paid);
  if (paid > total) throw fieldError('amount_paid', SUPPLIER_RULES.paidMoreThanTotal(formatMoney(fromKobo(total))));
  try {
    const { subjectId, isReplay } = await writeOnce(
      ctx.db,
      { businessId: ctx.businessId, userId: ctx.actor.userId },
      requestKey,
      async (tx) => {
        await lockSupplier(tx, ctx.businessId, input.supplier_id);
        const by = nameOf(ctx.actor.user);
        const [delivery] = await tx
          .insert(deliveries)
          .values({
            business_id: ctx.businessId,
            supplier_id: input.supplier_id,
            invoice_number: input.invoice_number ?? null,
            total_cost: fromKobo(total),
            received_by: ctx.actor.userId,
            received_by_name: by,
          })
          .returning({ id: deliveries.id });
        if (!delivery) throw new Error('The delivery was not recorded.');
        const order = input.lines.map((_, index) => index);
        order.sort((a, b) => (input.lines[a]?.product_id ?? 0) - (input.lines[b]?.product_id ?? 0) || a - b);
        const received = new Map<number, { batchId: number; productName: string }>();
        for (const index of order) {
          const line = input.lines[index];
          if (!line) continue;
          const batch = await receiveStock(
            tx,
            ctx,
            {
              productId: line.product_id,
              batchNumber: line.batch_number,
              quantity: line.quantity,
              expirationDate: line.expiration_date ?? null,
              costPrice: line.unit_cost,
            },
            `lines.${index}.quantity`,
          );
          // Supplier accounts are kept in Naira: a line in another currency would add dollars to a Naira debt.
          if (batch.currency !== DEFAULT_CURRENCY) throw badRequest(SUPPLIER_RULES.nairaOnly(batch.productName));
          received.set(index, batch);
        }
        await tx.insert(delivery_lines).values(
          input.lines.map((line, index) => ({
            business_id: ctx.businessId,
            delivery_id: delivery.id,
            product_id: line.product_id,
            batch_id: received.get(index)?.batchId ?? 0,
            product_name: received.get(index)?.productName ?? '',
            batch_number: line.batch_number,
            expiration_date: line.expiration_date ?? null,
            quantity: line.quantity,
            unit_cost: line.unit_cost,
          })),
        );
        if (paid > 0n)
          await tx.insert(supplier_payments).values({
            business_id: ctx.businessId,
            supplier_id: input.supplier_id,
            delivery_id: delivery.id,
            amount: input.amount_paid,
            method: input.payment_method,
            paid_by: ctx.actor.userId,
            paid_by_name: by,
          });
        return delivery.id;
      },
    );
    const [delivery] = await deliveryAnswers(ctx.db, ctx.businessId, { id: subjectId, limit: 1 });
    if (!delivery) throw new Error('The delivery is gone.');
    return { delivery, supplier: await supplierOf(ctx.db, ctx.businessId, delivery.supplier_id), isReplay };
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'deliveries_invoice_key')
      throw conflict(SUPPLIER_RULES.invoiceTaken, { invoice_number: [SUPPLIER_RULES.invoiceTaken] });
    throw batchNumberTakenOr(error);
  }
}
