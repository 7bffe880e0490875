import { type CounterSaleAnswer, MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { price_flags, sales, stock_shortfalls } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { loadSaleDetail } from '../sales/sale-answer';
import { priceFlagsWhere, shortfallsWhere } from './counter-rows';

/** A counter sale as GET /sales/detail/ gives it, with its receipt number, its device id, its shortfalls and flags. */
export async function counterSaleAnswer(db: Queryable, businessId: number, saleId: number): Promise<CounterSaleAnswer> {
  const [sale, [ids], shortfalls, flags] = await Promise.all([
    loadSaleDetail(db, businessId, saleId, { showCost: true }),
    db
      .select({ receipt_number: sales.receipt_number, client_sale_id: sales.client_sale_id })
      .from(sales)
      .where(and(eq(sales.business_id, businessId), eq(sales.id, saleId))),
    shortfallsWhere(db, businessId, eq(stock_shortfalls.sale_id, saleId)),
    priceFlagsWhere(db, businessId, eq(price_flags.sale_id, saleId)),
  ]);
  if (!sale || !ids?.receipt_number || !ids.client_sale_id) throw notFound(MESSAGES.sale.notFound);
  return {
    sale: { ...sale, receipt_number: ids.receipt_number, client_sale_id: ids.client_sale_id },
    shortfalls,
    price_flags: flags,
  };
}
