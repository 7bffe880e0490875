import type { BusinessReport } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { periodOf, revenueByDay, saleTotals, topProducts } from './sale-figures';

const TOP_PRODUCTS = 10;

/** The reports page: revenue, number of sales and top products over a period of Lagos days. */
export async function getBusinessReport(
  context: BusinessContext,
  input: { from: string; to: string },
): Promise<BusinessReport> {
  const scope = { businessId: context.businessId };
  const period = periodOf(input.from, input.to);
  const [totals, days, products] = await Promise.all([
    saleTotals(context.db, scope, period),
    revenueByDay(context.db, scope, period),
    topProducts(context.db, scope, TOP_PRODUCTS, period),
  ]);
  return {
    from: input.from,
    to: input.to,
    total_revenue: totals.amounts,
    total_sales: totals.count,
    revenue_by_day: days,
    top_products: products,
  };
}
