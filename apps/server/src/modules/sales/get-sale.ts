import { MESSAGES, type SaleDetail } from '@oja/contract';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { visibleSales } from './list-sales';
import { loadSaleDetail } from './sale-answer';

/** One sale with its lines and payments; a customer's own only, without cost prices. */
export async function getSale(ctx: BusinessContext, saleId: number): Promise<SaleDetail> {
  const ownOnly = visibleSales(ctx);
  const isStaff = ownOnly === undefined;
  const sale = await loadSaleDetail(ctx.db, ctx.businessId, saleId, { showCost: isStaff });
  if (!sale || (!isStaff && sale.customer_id !== ctx.actor.userId)) throw notFound(MESSAGES.sale.notFound);
  return sale;
}
