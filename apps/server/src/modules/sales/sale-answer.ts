import { fromKobo, type Sale, type SaleDetail, toKobo } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { payments, refunds, sale_lines, sales, users } from '../../db/schema';

const u = alias(users, 'u');

export type SaleRow = typeof sales.$inferSelect;

/** What is still owed, exact. */
export function balanceOf(sale: { total_cart_amount: string; amount_paid: string }): string {
  return fromKobo(toKobo(sale.total_cart_amount) - toKobo(sale.amount_paid));
}

export function toSale(row: SaleRow, items: Sale['items']): Sale {
  return {
    id: row.id,
    cart_id: row.cart_id,
    business_id: row.business_id,
    payment_status: row.payment_status,
    deposit_amount: row.deposit_amount,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    customer_name: row.customer_name,
    customer_id: row.customer_id,
    currency: row.currency,
    total_cart_amount: row.total_cart_amount,
    amount_paid: row.amount_paid,
    balance: balanceOf(row),
    items,
    created_at: row.created_at.toISOString(),
    status: row.status,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    cancel_reason: row.cancel_reason,
  };
}

type SaleLineRow = typeof sale_lines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** What a sale's detail is made of: its row, its lines, its payments, and two names read with it. */
export type SaleDetailRows = {
  sale: SaleRow;
  lines: SaleLineRow[];
  payments: { payment: PaymentRow; recorded_by_name: string | null; is_refunded: boolean }[];
  cancelled_by_name: string | null;
  customer_phone: string | null;
};

/**
 * A sale's items: its lines (one per batch) summed per product, in the order each product was first sold.
 * The lines come in id order, so a product's first line is the first met. The lists sum the same way in
 * SQL (list-sales.ts, salesPage); this is the detail's, from lines already read.
 */
function itemsOf(linesById: readonly SaleLineRow[]): Sale['items'] {
  const byProduct = new Map<string, Sale['items'][number]>();
  for (const line of linesById) {
    const key = `${line.product_id}:${line.product_name}`;
    const item = byProduct.get(key);
    if (item) item.quantity += line.quantity;
    else
      byProduct.set(key, {
        product: { id: line.product_id, product_name: line.product_name },
        quantity: line.quantity,
      });
  }
  return [...byProduct.values()];
}

/**
 * The one shape of a sale's detail, from its rows: what GET answers (loadSaleDetail, read back) and what a
 * confirmation answers (the rows it has just written, without reading them again). Cost prices for staff only.
 */
export function saleDetailOf(rows: SaleDetailRows, options: { showCost: boolean }): SaleDetail {
  const lines = [...rows.lines].sort((a, b) => a.id - b.id);
  return {
    ...toSale(rows.sale, itemsOf(lines)),
    lines: lines.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      product_name: line.product_name,
      sku: line.sku,
      batch_id: line.batch_id,
      batch_number: line.batch_number,
      expiration_date: line.expiration_date,
      quantity: line.quantity,
      pricing_strategy: line.pricing_strategy,
      unit_price: line.unit_price,
      discount_percentage: line.discount_percentage,
      // Exact: a line's total is its net unit price times its quantity.
      net_unit_price: fromKobo(toKobo(line.line_total) / BigInt(line.quantity)),
      cost_price: options.showCost ? line.cost_price : null,
      line_total: line.line_total,
      pack_id: line.pack_id ?? null,
      pack_name: line.pack_name ?? null,
      pack_units: line.pack_units ?? null,
    })),
    cancelled_by_name: rows.cancelled_by_name,
    customer_phone: rows.customer_phone,
    payments: rows.payments.map(({ payment, recorded_by_name, is_refunded }) => ({
      id: payment.id,
      amount: payment.amount,
      method: payment.method,
      recorded_by: payment.recorded_by,
      recorded_by_name,
      is_refunded,
      created_at: payment.created_at.toISOString(),
    })),
  };
}

/** One sale with its lines (one per batch taken from) and its payments, read back; cost prices for staff only. */
export async function loadSaleDetail(
  db: Queryable,
  businessId: number,
  saleId: number,
  options: { showCost: boolean },
): Promise<SaleDetail | null> {
  const [[row], lines, paid] = await Promise.all([
    db
      .select({
        sale: sales,
        cancelled_by_name: sql<
          string | null
        >`(select ${u.first_name} || ' ' || ${u.last_name} from ${users} ${u} where ${u.id} = ${sales.cancelled_by})`,
        // A registered customer's phone, or the one a walk-in gave at the counter.
        customer_phone: sql<
          string | null
        >`coalesce((select ${u.phone_number} from ${users} ${u} where ${u.id} = ${sales.customer_id}), ${sales.customer_phone})`,
      })
      .from(sales)
      .where(and(eq(sales.business_id, businessId), eq(sales.id, saleId))),
    db
      .select()
      .from(sale_lines)
      .where(and(eq(sale_lines.business_id, businessId), eq(sale_lines.sale_id, saleId)))
      .orderBy(asc(sale_lines.id)),
    db
      .select({
        payment: payments,
        recorded_by_name: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}`,
        is_refunded: sql<boolean>`exists (select 1 from ${refunds} r where r.business_id = ${payments.business_id} and r.payment_id = ${payments.id})`,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.recorded_by))
      .where(and(eq(payments.business_id, businessId), eq(payments.sale_id, saleId)))
      .orderBy(asc(payments.created_at), asc(payments.id)),
  ]);
  if (!row) return null;
  return saleDetailOf({ ...row, lines, payments: paid }, options);
}
