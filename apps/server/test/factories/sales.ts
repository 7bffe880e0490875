import {
  type CartItemInput,
  type CreateCartBody,
  type CreateSaleBody,
  type Currency,
  ENDPOINTS,
  fromKobo,
  IDEMPOTENCY_HEADER,
  type PaymentStatus,
  toKobo,
} from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { sale_lines, sales, stock_movements } from '../../src/db/schema';
import type { TestApp } from '../app';
import { apiClient } from '../http';
import type { Caller } from './people';

/** Creates a cart through the API and answers it (throws unless 201). */
export async function createCart(
  t: TestApp,
  by: Caller,
  items: CartItemInput[],
  options: Omit<CreateCartBody, 'business_id' | 'items'> = {},
) {
  const answer = await apiClient(t.app).call(
    ENDPOINTS.sales.createCart,
    { business_id: by.businessId, items, ...options },
    { token: by.token },
  );
  if (answer.status !== 201) throw new Error(`Cart was not created: ${JSON.stringify(answer.body)}`);
  return answer.data.cart;
}

/** Confirms a cart into a sale, paid in full unless the body says otherwise (the answer as is). */
export function confirm(
  t: TestApp,
  by: Caller,
  cartId: number,
  body: Partial<CreateSaleBody> = {},
  options: { key?: string } = {},
) {
  return apiClient(t.app).call(
    ENDPOINTS.sales.confirmSale,
    { cart_id: cartId, business_id: by.businessId, payment_status: 'paid', ...body },
    { token: by.token, headers: options.key ? { [IDEMPOTENCY_HEADER]: options.key } : undefined },
  );
}

export async function saleCount(t: TestApp, businessId: number): Promise<number> {
  const [row] = await t.db
    .select({ value: sql<number>`count(*)::int` })
    .from(sales)
    .where(eq(sales.business_id, businessId));
  return row?.value ?? 0;
}

/** The stock movements that sales of the business made. */
export async function saleMovements(t: TestApp, businessId: number) {
  return t.db
    .select()
    .from(stock_movements)
    .where(and(eq(stock_movements.business_id, businessId), eq(stock_movements.reason, 'sale')));
}

export type SaleLineInput = { product: { id: number; product_name: string }; quantity: number; unitPrice: string };

/**
 * A sale written straight to the tables, as a confirmed sale would leave them, at any moment
 * (the API only sells now), so that the figures over days can be checked.
 */
export async function insertSale(
  t: TestApp,
  businessId: number,
  options: {
    lines: SaleLineInput[];
    customerName?: string;
    customerId?: number | null;
    soldBy?: { id: number; name: string } | null;
    createdAt?: Date;
    currency?: Currency;
    paymentStatus?: PaymentStatus;
  },
): Promise<{ id: number; total: string }> {
  const lineTotals = options.lines.map((line) => toKobo(line.unitPrice) * BigInt(line.quantity));
  const total = fromKobo(lineTotals.reduce((sum, kobo) => sum + kobo, 0n));
  const paymentStatus = options.paymentStatus ?? 'paid';
  const [sale] = await t.db
    .insert(sales)
    .values({
      business_id: businessId,
      payment_status: paymentStatus,
      currency: options.currency ?? 'NGN',
      total_cart_amount: total,
      amount_paid: paymentStatus === 'paid' ? total : '0',
      customer_name: options.customerName ?? 'Walk-in',
      customer_id: options.customerId ?? null,
      created_by: options.soldBy?.id ?? null,
      created_by_name: options.soldBy?.name ?? 'Someone',
      created_at: options.createdAt ?? new Date(),
    })
    .returning({ id: sales.id });
  if (!sale) throw new Error('Sale was not created.');
  await t.db.insert(sale_lines).values(
    options.lines.map((line, index) => ({
      business_id: businessId,
      sale_id: sale.id,
      product_id: line.product.id,
      product_name: line.product.product_name,
      sku: 'SKU',
      quantity: line.quantity,
      unit_price: line.unitPrice,
      line_total: fromKobo(lineTotals[index]!),
    })),
  );
  return { id: sale.id, total };
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
