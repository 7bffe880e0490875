import { type BusinessOverview, type MemberRole, TREND_DAYS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { BusinessContext } from '../../platform/tenancy';
import { attentionOf } from './attention';
import { lastDays, recentSales, revenueByDay, saleTotals, topProducts } from './sale-figures';

/** The CEO's overview of one business: a few aggregate queries, run side by side. */
export async function getBusinessOverview(context: BusinessContext): Promise<BusinessOverview> {
  const scope = { businessId: context.businessId };
  // Revenue, number and what is collected of every counted sale (any date), in one pass over the totals.
  const [totals, best, roles, recent, trend, attention] = await Promise.all([
    saleTotals(context.db, scope),
    topProducts(context.db, scope, 1),
    activeMembersByRole(context.db, context.businessId),
    recentSales(context.db, scope),
    revenueByDay(context.db, scope, lastDays(TREND_DAYS)),
    attentionOf(context.db, context.businessId, { withCost: true }),
  ]);
  return {
    total_revenue: totals.amounts,
    collected: totals.collected,
    total_sales: totals.count,
    best_seller: best[0] ?? null,
    active_users: roles.reduce((total, row) => total + row.count, 0),
    role_summary: roles,
    recent_sales: recent,
    revenue_by_day: trend,
    attention,
  };
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
