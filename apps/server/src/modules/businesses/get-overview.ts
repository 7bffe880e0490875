import { type BusinessOverview, type Currency, type CurrencyAmount, type MemberRole, TREND_DAYS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { BusinessContext } from '../../platform/tenancy';
import { attentionOf } from './attention';
import { lastDays, recentSales, revenueByDay, topProducts, totalsOf } from './sale-figures';

/** The CEO's overview of one business: a few aggregate queries, run side by side. */
export async function getBusinessOverview(context: BusinessContext): Promise<BusinessOverview> {
  const scope = { businessId: context.businessId };
  const [{ totals, count, collected }, best, roles, recent, trend, attention] = await Promise.all([
    countedTotals(context.db, context.businessId),
    topProducts(context.db, scope, 1),
    activeMembersByRole(context.db, context.businessId),
    recentSales(context.db, scope),
    revenueByDay(context.db, scope, lastDays(TREND_DAYS)),
    attentionOf(context.db, context.businessId, { withCost: true }),
  ]);
  return {
    total_revenue: totals,
    collected,
    total_sales: count,
    best_seller: best[0] ?? null,
    active_users: roles.reduce((total, row) => total + row.count, 0),
    role_summary: roles,
    recent_sales: recent,
    revenue_by_day: trend,
    attention,
  };
}

/**
 * The revenue of every counted sale (any date, never cancelled) per currency, largest first, their
 * number, and what they have been paid so far, so that the overview can say how much of its total is
 * money in hand: one pass over the business's report_sale_days rows (2,200 on the load data, 1.7 ms)
 * where there were two (saleTotals, then the paid amounts). Rows are summed per currency whatever
 * their key (a day, seller and status may have several rows); a currency whose count is back at 0 is
 * left out of both lists, as saleTotals does.
 */
async function countedTotals(
  db: Queryable,
  businessId: number,
): Promise<{ totals: CurrencyAmount[]; count: number; collected: CurrencyAmount[] }> {
  const { rows } = await db.execute<{ currency: Currency; amount: string; paid: string; count: number }>(sql`
    select t.currency, round(sum(t.revenue), 2)::text as amount, round(sum(t.paid), 2)::text as paid,
      sum(t.sales)::int as count
    from report_sale_days t
    where ${totalsOf({ businessId })}
    group by t.currency
    having sum(t.sales) > 0
    order by sum(t.revenue) desc, t.currency`);
  return {
    totals: rows.map(({ currency, amount }) => ({ currency, amount })),
    count: rows.reduce((total, row) => total + row.count, 0),
    collected: rows.map(({ currency, paid }) => ({ currency, amount: paid })),
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
