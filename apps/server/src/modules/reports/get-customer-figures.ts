import type { CustomerFigures } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { recentSales, saleTotals } from './sale-figures';

/** The customer home: the caller's own orders in this business. */
export async function getCustomerFigures(context: BusinessContext): Promise<CustomerFigures> {
  const scope = { businessId: context.businessId, customerId: context.actor.userId };
  const [totals, recent] = await Promise.all([saleTotals(context.db, scope), recentSales(context.db, scope)]);
  return { total_orders: totals.count, amount_spent: totals.amounts, recent_orders: recent };
}
