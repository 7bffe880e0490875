import { addQuantities, fromKobo, type Sale, type SaleDetail, type SaleReturn, toKobo, toMilli } from '@oja/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import {
  payments,
  products,
  refunds,
  sale_lines,
  sale_return_lines,
  sale_returns,
  sales,
  users,
} from '../../db/schema';

const u = alias(users, 'u');
const r = alias(refunds, 'r');

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
  /** With the product's base unit when read back (a confirmation's answer goes without it). */
  lines: (SaleLineRow & { base_unit?: string | null; is_weighed?: boolean | null })[];
  payments: { payment: PaymentRow; recorded_by_name: string | null; refunded_amount: string }[];
  cancelled_by_name: string | null;
  customer_phone: string | null;
  /** Its returns, oldest first (none for a sale just confirmed). */
  returns?: SaleReturn[];
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
    if (item) item.quantity = addQuantities(item.quantity, line.quantity);
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
  const returns = rows.returns ?? [];
  const returnedUnits = new Map<number, number>();
  for (const saleReturn of returns) {
    for (const line of saleReturn.lines) {
      returnedUnits.set(line.sale_line_id, addQuantities(returnedUnits.get(line.sale_line_id) ?? 0, line.quantity));
    }
  }
  const partial = returns.filter((saleReturn) => saleReturn.kind === 'return');
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
      // Exact for whole units (a line's total is its net unit price times them); a weighed line's and a pack
      // line's is its total over its quantity, truncated to the kobo (ADR 0031).
      net_unit_price: fromKobo((toKobo(line.line_total) * 1000n) / BigInt(toMilli(line.quantity))),
      cost_price: options.showCost ? line.cost_price : null,
      line_total: line.line_total,
      returned_quantity: returnedUnits.get(line.id) ?? 0,
      pack_id: line.pack_id ?? null,
      pack_name: line.pack_name ?? null,
      pack_units: line.pack_units ?? null,
      ...(line.base_unit === undefined ? {} : { base_unit: line.base_unit }),
      // Said only of a weighed product's line, as the carts say it: the spec's answers keep their shape.
      ...(line.is_weighed ? { is_weighed: true } : {}),
    })),
    returns,
    returned_amount: fromKobo(partial.reduce((sum, saleReturn) => sum + toKobo(saleReturn.amount), 0n)),
    cancelled_by_name: rows.cancelled_by_name,
    customer_phone: rows.customer_phone,
    payments: rows.payments.map(({ payment, recorded_by_name, refunded_amount }) => ({
      id: payment.id,
      amount: payment.amount,
      method: payment.method,
      recorded_by: payment.recorded_by,
      recorded_by_name,
      is_refunded: toKobo(refunded_amount) >= toKobo(payment.amount),
      refunded_amount: fromKobo(toKobo(refunded_amount)),
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
  const [[row], lines, paid, returns] = await Promise.all([
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
      .select({
        ...getTableColumns(sale_lines),
        // The sale page says a pack line's units in the product's unit ("1 carton + 5 packs").
        base_unit: sql<
          string | null
        >`(select ${products.base_unit} from ${products} where ${products.business_id} = ${sale_lines.business_id} and ${products.id} = ${sale_lines.product_id})`,
        // Its receipt says a weighed line's unit ("0.75 kg").
        is_weighed: sql<
          boolean | null
        >`(select ${products.is_weighed} from ${products} where ${products.business_id} = ${sale_lines.business_id} and ${products.id} = ${sale_lines.product_id})`,
      })
      .from(sale_lines)
      .where(and(eq(sale_lines.business_id, businessId), eq(sale_lines.sale_id, saleId)))
      .orderBy(asc(sale_lines.id)),
    db
      .select({
        payment: payments,
        recorded_by_name: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}`,
        // A cancel gives it back in full; a partial return's refund leaves the payment standing, less it.
        refunded_amount: sql<string>`coalesce((select sum(${r.amount}) from ${refunds} ${r} where ${r.business_id} = ${payments.business_id} and ${r.payment_id} = ${payments.id}), 0)::text`,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.recorded_by))
      .where(and(eq(payments.business_id, businessId), eq(payments.sale_id, saleId)))
      .orderBy(asc(payments.created_at), asc(payments.id)),
    loadReturns(db, businessId, saleId),
  ]);
  if (!row) return null;
  return saleDetailOf({ ...row, lines, payments: paid, returns }, options);
}

/** A sale's returns with their lines and refunds (by method), oldest first. Few per sale: read whole. */
async function loadReturns(db: Queryable, businessId: number, saleId: number): Promise<SaleReturn[]> {
  const [headers, returnedLines, given] = await Promise.all([
    db
      .select({
        id: sale_returns.id,
        kind: sale_returns.kind,
        reason: sale_returns.reason,
        restock: sale_returns.restock,
        amount: sale_returns.amount,
        returned_by_name: sql<
          string | null
        >`(select ${u.first_name} || ' ' || ${u.last_name} from ${users} ${u} where ${u.id} = ${sale_returns.returned_by})`,
        created_at: sale_returns.created_at,
      })
      .from(sale_returns)
      .where(and(eq(sale_returns.business_id, businessId), eq(sale_returns.sale_id, saleId)))
      .orderBy(asc(sale_returns.id)),
    db
      .select({
        return_id: sale_return_lines.return_id,
        sale_line_id: sale_return_lines.sale_line_id,
        product_name: sale_lines.product_name,
        quantity: sale_return_lines.quantity,
        amount: sale_return_lines.amount,
      })
      .from(sale_return_lines)
      .innerJoin(
        sale_lines,
        and(
          eq(sale_lines.business_id, sale_return_lines.business_id),
          eq(sale_lines.id, sale_return_lines.sale_line_id),
        ),
      )
      .where(and(eq(sale_return_lines.business_id, businessId), eq(sale_lines.sale_id, saleId)))
      .orderBy(asc(sale_return_lines.id)),
    db
      .select({
        return_id: refunds.return_id,
        method: refunds.method,
        amount: sql<string>`sum(${refunds.amount})::text`,
      })
      .from(refunds)
      .innerJoin(
        sale_returns,
        and(eq(sale_returns.business_id, refunds.business_id), eq(sale_returns.id, refunds.return_id)),
      )
      .where(and(eq(refunds.business_id, businessId), eq(sale_returns.sale_id, saleId)))
      .groupBy(refunds.return_id, refunds.method)
      .orderBy(refunds.return_id, refunds.method),
  ]);
  return headers.map((header) => {
    const refundsOf = given.filter((refund) => refund.return_id === header.id);
    return {
      ...header,
      created_at: header.created_at.toISOString(),
      refunded: fromKobo(refundsOf.reduce((sum, refund) => sum + toKobo(refund.amount), 0n)),
      lines: returnedLines.filter((line) => line.return_id === header.id).map(({ return_id: _, ...line }) => line),
      refunds: refundsOf.map((refund) => ({ method: refund.method, amount: fromKobo(toKobo(refund.amount)) })),
    };
  });
}
