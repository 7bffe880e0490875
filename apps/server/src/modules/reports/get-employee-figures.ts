import { type Currency, can, type EmployeeFigures, toKobo } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { sales } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { attentionOf } from './attention';
import { allTimeRows, recentSales, saleAlias as s, saleTotals, saleDays as t, topProducts } from './sale-figures';

const SHARE_DAYS = 30;

/**
 * The employee home: what the caller sold in this business. Each figure reads what grows with the seller's
 * customers and products, not with their sales (customersHandled, performanceOf, and the best seller's rows in
 * sale-figures.ts).
 */
export async function getEmployeeFigures(context: BusinessContext): Promise<EmployeeFigures> {
  const scope = { businessId: context.businessId, soldBy: context.actor.userId };
  const [totals, customers, top, share, performance, recent, attention] = await Promise.all([
    saleTotals(context.db, scope),
    customersHandled(context),
    topProducts(context.db, scope, 1),
    revenueShare(context),
    performanceOf(context),
    recentSales(context.db, scope),
    // Employees see what needs attention, not what the stock cost; the counter's, those who review it.
    attentionOf(context.db, context.businessId, {
      withCost: false,
      withCounter: can(context.role, 'counter.review'),
    }),
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

/** A customer as the employee home counts them: the name any letter case, outer spaces ignored, a blank one "anonymous". */
const customerOf = sql`coalesce(nullif(lower(trim(${s.customer_name})), ''), 'anonymous')`;

/**
 * Distinct customer names on their sales; a blank name counts as one "Anonymous" customer. Walked name by name down
 * sales_seller_customers_idx (each step the next name after the last, one index descent), so that the cost is the
 * number of customers, not of sales: count(distinct …) read every sale of the seller and sorted their names.
 */
async function customersHandled(context: BusinessContext): Promise<number> {
  const seller = sql`${s.business_id} = ${context.businessId} and ${s.created_by} = ${context.actor.userId}`;
  const { rows } = await context.db.execute<{ count: number }>(sql`
    with recursive names (name) as (
      (select ${customerOf} from ${sales} ${s} where ${seller} order by 1 limit 1)
      union all
      select (select ${customerOf} from ${sales} ${s} where ${seller} and ${customerOf} > n.name order by 1 limit 1)
      from names n where n.name is not null)
    select count(name)::int as count from names`);
  return rows[0]?.count ?? 0;
}

/**
 * The caller's part of the business's revenue over the last 30 days, in the
 * currency the business sells most in (percentages of different currencies
 * cannot be added). Null when the business sold nothing in that time.
 */
async function revenueShare(context: BusinessContext): Promise<EmployeeFigures['revenue_share']> {
  const { rows } = await context.db.execute<{ currency: Currency; percent: string }>(sql`
    select ${s.currency} as currency,
      round(100 * coalesce(sum(${s.total_cart_amount}) filter (where ${s.created_by} = ${context.actor.userId}), 0)
        / sum(${s.total_cart_amount}), 2)::text as percent
    from ${sales} ${s}
    where ${s.business_id} = ${context.businessId} and ${s.status} = 'active'
      and ${s.created_at} > now() - make_interval(days => ${SHARE_DAYS})
    group by ${s.currency}
    having sum(${s.total_cart_amount}) > 0
    order by sum(${s.total_cart_amount}) desc, ${s.currency}
    limit 1`);
  return rows[0] ?? null;
}

/**
 * Performance: the share of the value they sold (their active sales' totals) that is already collected
 * (what was paid on those sales), in the business's main currency, the one it sells most in, since
 * shares of different currencies cannot be added. Null until they sell in that currency.
 *
 * From the maintained totals (docs/adr/0009-report-totals.md): revenue and paid per seller and currency, all time
 * (report_sale_past and the day rows from its anchor on, allTimeRows), where the sums read every active sale of
 * the business and the payments of the seller's. What was paid on an active sale is its amount_paid, which each
 * payment adds to under the sale's
 * lock (record-payment.ts); only a cancellation refunds, and a cancelled sale counts nowhere.
 */
async function performanceOf(context: BusinessContext): Promise<EmployeeFigures['performance']> {
  const business = { businessId: context.businessId };
  const { rows } = await context.db.execute<{ currency: Currency; sold: string; collected: string }>(sql`
    with main as (
      select ${t.currency} as currency from (${allTimeRows(business)}) ${t}
      group by ${t.currency}
      having sum(${t.sales}) > 0
      order by sum(${t.revenue}) desc, ${t.currency}
      limit 1
    )
    select m.currency,
      coalesce(sum(${t.revenue}), 0)::numeric(14, 2)::text as sold,
      coalesce(sum(${t.paid}), 0)::numeric(14, 2)::text as collected
    from main m
      left join (${allTimeRows({ ...business, soldBy: context.actor.userId })}) ${t} on ${t.currency} = m.currency
    group by m.currency`);
  const row = rows[0];
  if (!row || toKobo(row.sold) === 0n) return null;
  return { ...row, percent: percentOf(toKobo(row.collected), toKobo(row.sold)) };
}

/** part / whole as a percentage with two decimals, rounded half up, in integers (no float on money). */
function percentOf(part: bigint, whole: bigint): string {
  const hundredths = (part * 10_000n * 2n + whole) / (whole * 2n);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}
