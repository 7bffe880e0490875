import type { EmployeeAnalytics, EmployeeAnalyticsDays } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { lastDays, revenueByDay, saleTotals, topProducts } from './sale-figures';

const TOP_PRODUCTS = 10;

/**
 * The employee analytics: what the caller sold over the last `days` Lagos days, from the same
 * scoped report queries as the overview and the report (a seller's scope), so the figures agree.
 */
export async function getEmployeeAnalytics(
  context: BusinessContext,
  days: EmployeeAnalyticsDays,
): Promise<EmployeeAnalytics> {
  const scope = { businessId: context.businessId, soldBy: context.actor.userId };
  const period = lastDays(days);
  const [totals, byDay, top] = await Promise.all([
    saleTotals(context.db, scope, period),
    revenueByDay(context.db, scope, period),
    topProducts(context.db, scope, TOP_PRODUCTS, period),
  ]);
  return { days, total_sales: totals.count, revenue: totals.amounts, revenue_by_day: byDay, top_products: top };
}
