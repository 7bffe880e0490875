import { type Currency, type EmployeeFigures, toKobo } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { BusinessContext } from '../../platform/tenancy';
import { attentionOf } from './attention';
import { recentSales, saleTotals, topProducts } from './sale-figures';

const SHARE_DAYS = 30;

/** The employee home: what the caller sold in this business. */
export async function getEmployeeFigures(context: BusinessContext): Promise<EmployeeFigures> {
  const scope = { businessId: context.businessId, soldBy: context.actor.userId };
  const [totals, customers, top, share, performance, recent, attention] = await Promise.all([
    saleTotals(context.db, scope),
    customersHandled(context),
    topProducts(context.db, scope, 1),
    revenueShare(context),
    performanceOf(context),
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
    performance,
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

/**
 * Performance: the share of the value they sold (their active sales' totals) that is already collected
 * (the payments on those sales), in the business's main currency, the one it sells most in, since
 * shares of different currencies cannot be added. Null until they sell in that currency.
 */
async function performanceOf(context: BusinessContext): Promise<EmployeeFigures['performance']> {
  const { rows } = await context.db.execute<{ currency: Currency; sold: string; collected: string }>(sql`
    with main as (
      select s.currency from sales s
      where s.business_id = ${context.businessId} and s.status = 'active'
      group by s.currency
      order by sum(s.total_cart_amount) desc, s.currency
      limit 1
    ),
    theirs as (
      select s.id, s.total_cart_amount
      from sales s join main m on m.currency = s.currency
      where s.business_id = ${context.businessId} and s.status = 'active' and s.created_by = ${context.actor.userId}
    )
    select m.currency,
      (select coalesce(sum(t.total_cart_amount), 0) from theirs t)::numeric(14, 2)::text as sold,
      (select coalesce(sum(p.amount), 0) from payments p join theirs t on t.id = p.sale_id
        where p.business_id = ${context.businessId})::numeric(14, 2)::text as collected
    from main m`);
  const row = rows[0];
  if (!row || toKobo(row.sold) === 0n) return null;
  return { ...row, percent: percentOf(toKobo(row.collected), toKobo(row.sold)) };
}

/** part / whole as a percentage with two decimals, rounded half up, in integers (no float on money). */
function percentOf(part: bigint, whole: bigint): string {
  const hundredths = (part * 10_000n * 2n + whole) / (whole * 2n);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}
