import type { Currency, EmployeeFigures } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { BusinessContext } from '../../platform/tenancy';
import { attentionOf } from './attention';
import { recentSales, saleTotals, topProducts } from './sale-figures';

const SHARE_DAYS = 30;

/** The employee home: what the caller sold in this business. */
export async function getEmployeeFigures(context: BusinessContext): Promise<EmployeeFigures> {
  const scope = { businessId: context.businessId, soldBy: context.actor.userId };
  const [totals, customers, top, share, recent, attention] = await Promise.all([
    saleTotals(context.db, scope),
    customersHandled(context),
    topProducts(context.db, scope, 1),
    revenueShare(context),
    recentSales(context.db, scope),
    // Employees see what needs attention, not what the stock cost.
    attentionOf(context.db, context.businessId, { withCost: false }),
  ]);
  return {
    total_sales: totals.count,
    revenue: totals.amounts,
    customers_handled: customers,
    top_product: top[0] ?? null,
    revenue_share: share,
    recent_sales: recent,
    attention,
  };
}

/** Distinct customer names on their sales; a blank name counts as one "Anonymous" customer. */
async function customersHandled(context: BusinessContext): Promise<number> {
  const { rows } = await context.db.execute<{ count: number }>(sql`
    select count(distinct coalesce(nullif(lower(trim(s.customer_name)), ''), 'anonymous'))::int as count
    from sales s
    where s.business_id = ${context.businessId} and s.created_by = ${context.actor.userId}`);
  return rows[0]?.count ?? 0;
}

/**
 * The caller's part of the business's revenue over the last 30 days, in the
 * currency the business sells most in (percentages of different currencies
 * cannot be added). Null when the business sold nothing in that time.
 */
async function revenueShare(context: BusinessContext): Promise<EmployeeFigures['revenue_share']> {
  const { rows } = await context.db.execute<{ currency: Currency; percent: string }>(sql`
    select s.currency,
      round(100 * coalesce(sum(s.total_cart_amount) filter (where s.created_by = ${context.actor.userId}), 0)
        / sum(s.total_cart_amount), 2)::text as percent
    from sales s
    where s.business_id = ${context.businessId} and s.status = 'active'
      and s.created_at > now() - make_interval(days => ${SHARE_DAYS})
    group by s.currency
    having sum(s.total_cart_amount) > 0
    order by sum(s.total_cart_amount) desc, s.currency
    limit 1`);
  return rows[0] ?? null;
}
