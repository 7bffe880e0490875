import type { Currency, Debtor, EmployeeSales, PaymentStatus, PaymentStatusSales } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type Period, type SaleScope, scopeOf } from './sale-figures';

/** The report's tables over counted sales (never cancelled ones); money summed per currency in SQL. */

/** Sales and revenue per seller, most revenue first; a seller is named as in their latest sale. */
export async function salesByEmployee(db: Queryable, scope: SaleScope, period: Period): Promise<EmployeeSales[]> {
  const { rows } = await db.execute<EmployeeSales & { user_id: string | null }>(sql`
    select s.created_by as user_id, (array_agg(s.created_by_name order by s.id desc))[1] as name, s.currency,
      count(*)::int as sales, round(sum(s.total_cart_amount), 2)::text as revenue
    from sales s
    where ${scopeOf(scope, period)}
    group by s.created_by, s.currency
    order by sum(s.total_cart_amount) desc, count(*) desc, name`);
  return rows.map((row) => ({ ...row, user_id: row.user_id === null ? null : Number(row.user_id) }));
}

/** Sales, revenue and what is still owed per payment status. */
export async function salesByPaymentStatus(
  db: Queryable,
  scope: SaleScope,
  period: Period,
): Promise<PaymentStatusSales[]> {
  const { rows } = await db.execute<{
    payment_status: PaymentStatus;
    currency: Currency;
    sales: number;
    revenue: string;
    outstanding: string;
  }>(sql`
    select s.payment_status, s.currency, count(*)::int as sales,
      round(sum(s.total_cart_amount), 2)::text as revenue,
      round(sum(s.total_cart_amount - s.amount_paid), 2)::text as outstanding
    from sales s
    where ${scopeOf(scope, period)}
    group by s.payment_status, s.currency
    order by s.currency, array_position(array['paid', 'partial', 'not_paid'], s.payment_status)`);
  return rows;
}

/**
 * The customers who owe the most now (whatever the period), as the debts list groups them:
 * registered customers by id, walk-ins by name in any letter case, per currency.
 */
export async function topDebtors(db: Queryable, businessId: number, limit: number): Promise<Debtor[]> {
  const { rows } = await db.execute<Debtor & { customer_id: string | null }>(sql`
    select s.customer_id, (array_agg(s.customer_name order by s.id desc))[1] as customer_name, s.currency,
      round(sum(s.total_cart_amount - s.amount_paid), 2)::text as total_owed, count(*)::int as open_sales
    from sales s
    where ${scopeOf({ businessId })} and s.payment_status <> 'paid'
    group by s.customer_id, case when s.customer_id is null then lower(trim(s.customer_name)) end, s.currency
    having sum(s.total_cart_amount - s.amount_paid) > 0
    order by sum(s.total_cart_amount - s.amount_paid) desc, customer_name
    limit ${limit}`);
  return rows.map((row) => ({ ...row, customer_id: row.customer_id === null ? null : Number(row.customer_id) }));
}
