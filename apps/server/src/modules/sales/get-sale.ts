import { MESSAGES, type SaleDetail } from '@oja/contract';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { loadSaleDetail } from './sale-answer';

/** One sale with its lines and payments; to a caller who sees their own only (a customer), their own without costs. */
export async function getSale(ctx: BusinessContext, saleId: number): Promise<SaleDetail> {
  const ownOnly = ctx.sees === 'own';
  const sale = await loadSaleDetail(ctx.db, ctx.businessId, saleId, { showCost: !ownOnly });
  if (!sale || (ownOnly && sale.customer_id !== ctx.actor.userId)) throw notFound(MESSAGES.sale.notFound);
  return sale;
}
