import { randomBytes } from 'node:crypto';
import { type Currency, fromKobo, type PaymentStatus, toKobo } from '@oja/contract';
import { products, sale_lines, sales } from '../../src/db/schema';
import type { TestApp } from '../app';

/**
 * Sales written straight to the tables, as a confirmed sale would leave them,
 * so that the figures can be checked without going through carts.
 */
export async function insertProduct(
  t: TestApp,
  businessId: number,
  options: { name?: string; currency?: Currency } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `Product ${randomBytes(3).toString('hex')}`;
  const [product] = await t.db
    .insert(products)
    .values({
      business_id: businessId,
      product_name: name,
      sku: `SKU-${randomBytes(4).toString('hex')}`,
      cost_price: '100.00',
      selling_price: '150.00',
      currency: options.currency ?? 'NGN',
    })
    .returning({ id: products.id });
  if (!product) throw new Error('Product was not created.');
  return { id: product.id, name };
}

export type SaleLineInput = { product: { id: number; name: string }; quantity: number; unitPrice: string };

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
      product_name: line.product.name,
      sku: 'SKU',
      quantity: line.quantity,
      unit_price: line.unitPrice,
      line_total: fromKobo(lineTotals[index]!),
    })),
  );
  return { id: sale.id, total };
}

/** YYYY-MM-DD of a moment in Lagos. */
export function lagosDate(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(moment);
}

/** The Lagos calendar day `offset` days from today (negative is the past). */
export function lagosDay(offset: number): string {
  const today = lagosDate(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
