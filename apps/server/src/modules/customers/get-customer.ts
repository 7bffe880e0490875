import {
  type Currency,
  type CustomerStatement,
  lagosToday,
  type PaymentMethod,
  STATEMENT_MAX_LINES,
  type StatementLineKind,
} from '@oja/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { payments, refunds, sale_returns, sales } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import {
  type BalanceRow,
  balanceColumns,
  balanceOf,
  balanceOutput,
  type CustomerKey,
  isoText,
  moneyText,
  requireCustomerOf,
  s,
  salesOf,
} from './customer-key';

const p = alias(payments, 'p');
const r = alias(refunds, 'r');
const sr = alias(sale_returns, 'sr');

type LineRow = {
  kind: StatementLineKind;
  at: string;
  sale_id: string;
  receipt_number: string | null;
  currency: Currency;
  method: PaymentMethod | null;
  debit: string;
  credit: string;
  balance: string;
};

/**
 * A customer's statement: who they are, what they bought and owe per currency (aged on Lagos days), and every
 * line that moved what they owe, oldest first, with the balance after each: a sale adds its total, a payment (the
 * deposit too) takes its amount off, a cancellation takes the sale's total off and the refund of each of its
 * payments adds that back, so a cancelled sale nets to nothing. Only the newest STATEMENT_MAX_LINES lines are
 * listed; the balance before them is brought forward.
 */
export async function getCustomer(ctx: BusinessContext, key: CustomerKey): Promise<CustomerStatement> {
  const customer = await requireCustomerOf(ctx.db, ctx.businessId, key);
  const [balances, lines, openSales] = await Promise.all([
    balancesOf(ctx.db, ctx.businessId, key),
    linesOf(ctx.db, ctx.businessId, key),
    openSalesOf(ctx.db, ctx.businessId, key),
  ]);
  return { customer, balances, ...lines, open_sales: openSales };
}

async function balancesOf(db: Queryable, businessId: number, key: CustomerKey) {
  const { rows } = await db.execute<BalanceRow>(sql`
    select g.currency, ${balanceOutput(sql`g`)}
    from (select ${s.currency} as currency, ${balanceColumns(lagosToday())}
      from ${sales} ${s} where ${salesOf(businessId, key)} group by ${s.currency}) g
    order by g.currency`);
  return rows.map(balanceOf);
}

async function linesOf(db: Queryable, businessId: number, key: CustomerKey) {
  const { rows } = await db.execute<LineRow & { from_end: string }>(sql`
    with cs as (
      -- As sold: the partial returns took their value off the total, and are lines of their own below.
      select ${s.id} as id, ${s.currency} as currency, ${s.total_cart_amount} + coalesce((select sum(${sr.amount})
          from ${sale_returns} ${sr} where ${sr.business_id} = ${businessId} and ${sr.sale_id} = ${s.id}
            and ${sr.kind} = 'return'), 0) as total, ${s.status} as status,
        ${s.created_at} as created_at, ${s.cancelled_at} as cancelled_at, ${s.receipt_number} as receipt_number
      from ${sales} ${s} where ${salesOf(businessId, key)}),
    lines as (
      select 'sale' as kind, 1 as ord, cs.created_at as at, cs.id as sale_id, cs.id as line_id, cs.receipt_number,
        cs.currency, null::text as method, cs.total as debit, 0::numeric as credit
      from cs
      union all
      select 'payment', 2, ${p.created_at}, cs.id, ${p.id}, cs.receipt_number, cs.currency, ${p.method}, 0,
        ${p.amount}
      from cs join ${payments} ${p} on ${p.business_id} = ${businessId} and ${p.sale_id} = cs.id
      union all
      select 'refund', 3, ${r.created_at}, cs.id, ${r.id}, cs.receipt_number, cs.currency, ${r.method}, ${r.amount}, 0
      from cs join ${payments} ${p} on ${p.business_id} = ${businessId} and ${p.sale_id} = cs.id
        join ${refunds} ${r} on ${r.business_id} = ${businessId} and ${r.payment_id} = ${p.id}
      union all
      select 'return', 3, ${sr.created_at}, cs.id, ${sr.id}, cs.receipt_number, cs.currency, null, 0, ${sr.amount}
      from cs join ${sale_returns} ${sr} on ${sr.business_id} = ${businessId} and ${sr.sale_id} = cs.id
      where ${sr.kind} = 'return'
      union all
      select 'cancellation', 4, cs.cancelled_at, cs.id, cs.id, cs.receipt_number, cs.currency, null, 0, cs.total
      from cs where cs.status = 'cancelled'),
    numbered as (
      select l.*, sum(l.debit - l.credit) over (partition by l.currency
          order by l.at, l.ord, l.sale_id, l.line_id rows unbounded preceding) as balance,
        row_number() over (order by l.at desc, l.ord desc, l.sale_id desc, l.line_id desc) as from_end
      from lines l)
    select kind, ${isoText(sql`at`)} as at, sale_id, receipt_number, currency, method,
      ${moneyText(sql`debit`)} as debit, ${moneyText(sql`credit`)} as credit, ${moneyText(sql`balance`)} as balance,
      from_end
    from numbered
    where from_end <= ${STATEMENT_MAX_LINES} or from_end in (
      select min(n.from_end) from numbered n where n.from_end > ${STATEMENT_MAX_LINES} group by n.currency)
    order by at, ord, sale_id, line_id`);
  // The newest lines are listed; the latest line before them in each currency gives what is brought forward.
  const shown = rows.filter((row) => Number(row.from_end) <= STATEMENT_MAX_LINES);
  const before = rows.filter((row) => Number(row.from_end) > STATEMENT_MAX_LINES);
  return {
    brought_forward: before.map((row) => ({ currency: row.currency, balance: row.balance })),
    lines: shown.map(({ from_end: _, sale_id, ...line }) => ({ ...line, sale_id: Number(sale_id) })),
  };
}

async function openSalesOf(db: Queryable, businessId: number, key: CustomerKey) {
  const { rows } = await db.execute<{
    id: string;
    receipt_number: string | null;
    currency: Currency;
    total_cart_amount: string;
    balance: string;
    created_at: string;
  }>(sql`
    select ${s.id} as id, ${s.receipt_number} as receipt_number, ${s.currency} as currency,
      ${s.total_cart_amount}::text as total_cart_amount,
      ${moneyText(sql`${s.total_cart_amount} - ${s.amount_paid}`)} as balance,
      ${isoText(sql`${s.created_at}`)} as created_at
    from ${sales} ${s}
    where ${salesOf(businessId, key)} and ${s.status} = 'active' and ${s.payment_status} <> 'paid'
    order by ${s.created_at}, ${s.id}`);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
