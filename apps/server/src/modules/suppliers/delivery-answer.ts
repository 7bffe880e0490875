import { type Delivery, fromKobo, lineTotalKobo, type SupplierPayment, toKobo } from '@oja/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { deliveries, delivery_lines, supplier_payments, suppliers } from '../../db/schema';

/**
 * Deliveries of a business as the API answers them, newest first: of one supplier (its page) or the one named by
 * id (a delivery just received), each with its lines and what the payments naming it paid.
 */
export async function deliveryAnswers(
  db: Queryable,
  businessId: number,
  of: { supplierId?: number; id?: number; limit: number },
): Promise<Delivery[]> {
  const heads = await db
    .select({
      id: deliveries.id,
      supplier_id: deliveries.supplier_id,
      supplier_name: suppliers.name,
      invoice_number: deliveries.invoice_number,
      received_at: deliveries.received_at,
      received_by_name: deliveries.received_by_name,
      total_cost: deliveries.total_cost,
      paid: sql<string>`(select coalesce(sum(${supplier_payments.amount}), 0)::numeric(14, 2)::text
        from ${supplier_payments} where ${supplier_payments.business_id} = ${deliveries.business_id}
        and ${supplier_payments.delivery_id} = ${deliveries.id})`,
    })
    .from(deliveries)
    .innerJoin(
      suppliers,
      and(eq(suppliers.business_id, deliveries.business_id), eq(suppliers.id, deliveries.supplier_id)),
    )
    .where(
      and(
        eq(deliveries.business_id, businessId),
        of.supplierId === undefined ? undefined : eq(deliveries.supplier_id, of.supplierId),
        of.id === undefined ? undefined : eq(deliveries.id, of.id),
      ),
    )
    .orderBy(desc(deliveries.received_at), desc(deliveries.id))
    .limit(of.limit);
  if (heads.length === 0) return [];
  const lines = await db
    .select()
    .from(delivery_lines)
    .where(
      and(
        eq(delivery_lines.business_id, businessId),
        inArray(
          delivery_lines.delivery_id,
          heads.map((head) => head.id),
        ),
      ),
    )
    .orderBy(delivery_lines.id);
  return heads.map((head) => ({
    ...head,
    received_at: head.received_at.toISOString(),
    lines: lines
      .filter((line) => line.delivery_id === head.id)
      .map((line) => ({
        product_id: line.product_id,
        product_name: line.product_name,
        batch_id: line.batch_id,
        batch_number: line.batch_number,
        expiration_date: line.expiration_date,
        quantity: line.quantity,
        unit_cost: line.unit_cost,
        line_total: fromKobo(lineTotalKobo(toKobo(line.unit_cost), line.quantity)),
      })),
  }));
}

/** Payments to a business's suppliers as the API answers them, newest first. */
export async function paymentAnswers(
  db: Queryable,
  businessId: number,
  of: { supplierId?: number; id?: number; limit: number },
): Promise<SupplierPayment[]> {
  const rows = await db
    .select()
    .from(supplier_payments)
    .where(
      and(
        eq(supplier_payments.business_id, businessId),
        of.supplierId === undefined ? undefined : eq(supplier_payments.supplier_id, of.supplierId),
        of.id === undefined ? undefined : eq(supplier_payments.id, of.id),
      ),
    )
    .orderBy(desc(supplier_payments.created_at), desc(supplier_payments.id))
    .limit(of.limit);
  return rows.map((row) => ({
    id: row.id,
    supplier_id: row.supplier_id,
    delivery_id: row.delivery_id,
    amount: row.amount,
    method: row.method,
    note: row.note,
    paid_by: row.paid_by,
    paid_by_name: row.paid_by_name,
    created_at: row.created_at.toISOString(),
  }));
}
