import { type BusinessOverview, type CurrencyAmount, type MemberRole, TREND_DAYS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { BusinessContext } from '../../platform/tenancy';
import { attentionOf } from './attention';
import { lastDays, recentSales, revenueByDay, saleTotals, topProducts, totalsOf } from './sale-figures';

/** The CEO's overview of one business: a few aggregate queries, run side by side. */
export async function getBusinessOverview(context: BusinessContext): Promise<BusinessOverview> {
  const scope = { businessId: context.businessId };
  const [totals, collected, best, roles, recent, trend, attention] = await Promise.all([
    saleTotals(context.db, scope),
    collectedTotals(context.db, context.businessId),
    topProducts(context.db, scope, 1),
    activeMembersByRole(context.db, context.businessId),
    recentSales(context.db, scope),
    revenueByDay(context.db, scope, lastDays(TREND_DAYS)),
    attentionOf(context.db, context.businessId, { withCost: true }),
  ]);
  return {
    total_revenue: totals.amounts,
    collected,
    total_sales: totals.count,
    best_seller: best[0] ?? null,
    active_users: roles.reduce((total, row) => total + row.count, 0),
    role_summary: roles,
    recent_sales: recent,
    revenue_by_day: trend,
    attention,
  };
}

/**
 * What the counted sales (the same as the total's: any date, never cancelled) have been paid so far,
 * per currency, so that the overview can say how much of its total is money in hand.
 */
async function collectedTotals(db: Queryable, businessId: number): Promise<CurrencyAmount[]> {
  const { rows } = await db.execute<CurrencyAmount>(sql`
    select t.currency, round(sum(t.paid), 2)::text as amount
    from report_sale_days t
    where ${totalsOf({ businessId })}
    group by t.currency
    having sum(t.sales) > 0
    order by sum(t.revenue) desc, t.currency`);
  return rows;
}

/** Members who can use the business now: an active membership on an active account. */
async function activeMembersByRole(db: Queryable, businessId: number) {
  const { rows } = await db.execute<{ role: MemberRole; count: number }>(sql`
    select m.role, count(*)::int as count
    from memberships m
    join users u on u.id = m.user_id
    where m.business_id = ${businessId} and m.is_active and u.is_active
    group by m.role
    order by count(*) desc, m.role`);
  return rows;
}
