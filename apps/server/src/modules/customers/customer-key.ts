import { BUSINESS_TIME_ZONE, CUSTOMER_MESSAGES, type CustomerIdentity, DEFAULT_CUSTOMER_NAME } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { memberships, sales, users } from '../../db/schema';
import { notFound } from '../../platform/errors';

/** The sales of the customers book's statements: `s`. */
export const s = alias(sales, 's');

/**
 * Who a customer is, as the debts list and report_debtors group them: a registered customer by their id, or a
 * walk-in by the name typed on their sales in any letter case, outer spaces aside. The name's key is made by
 * PostgreSQL (`lower(trim(...))`), exactly as the triggers and the sales' index make it.
 */
export type CustomerKey = { customerId: number; name: null } | { customerId: null; name: string };

export function keyOf(ref: { customer_id?: number; customer_name?: string }): CustomerKey {
  if (ref.customer_id !== undefined) return { customerId: ref.customer_id, name: null };
  return { customerId: null, name: ref.customer_name ?? '' };
}

/** Whether two keys name one customer (names compared as PostgreSQL's key would, for the usual letters). */
export function isSameCustomer(a: CustomerKey, b: CustomerKey): boolean {
  if (a.customerId !== null || b.customerId !== null) return a.customerId === b.customerId;
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}

/** A walk-in's key, as SQL: the name lowered with its outer spaces trimmed. */
export const nameKeyOf = (name: string): SQL => sql`lower(trim(${name}))`;

/** The sales `s` of a customer of the business: off sales_customer_idx or sales_walk_in_customer_idx. */
export function salesOf(businessId: number, key: CustomerKey): SQL {
  return key.customerId !== null
    ? sql`${s.business_id} = ${businessId} and ${s.customer_id} = ${key.customerId}`
    : sql`${s.business_id} = ${businessId} and ${s.customer_id} is null
        and lower(trim(${s.customer_name})) = ${nameKeyOf(key.name)}`;
}

/**
 * Names typed on sales that name nobody: a blank one (a quick counter sale) and the carts' default. Their sales
 * are not one person's, so the book leaves them out (the debts list still shows what they owe).
 */
export const ANONYMOUS_NAME_KEYS = ['', DEFAULT_CUSTOMER_NAME.toLowerCase()];

/** A sale's Lagos calendar day. */
export const saleDay = sql`(${s.created_at} at time zone ${BUSINESS_TIME_ZONE})::date`;

/** A timestamptz as the API answers it (list-debts.ts writes it the same way). */
export const isoText = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Money as the wire's text with two decimals. */
export const moneyText = (value: SQL) => sql`coalesce(${value}, 0)::numeric(14, 2)::text`;

/**
 * What one customer bought and owes, grouped over the sales `s` (the caller's GROUP BY): cancelled sales count
 * for nothing; what is owed is each open sale's balance, aged by the Lagos days from the sale to `today`.
 */
export function balanceColumns(today: string): SQL {
  const isCounted = sql`${s.status} = 'active'`;
  const isOpen = sql`${s.status} = 'active' and ${s.payment_status} <> 'paid'`;
  const balance = sql`${s.total_cart_amount} - ${s.amount_paid}`;
  return sql`count(*) filter (where ${isCounted})::int as sales_count,
    sum(${s.total_cart_amount}) filter (where ${isCounted}) as total_bought,
    coalesce(sum(${balance}) filter (where ${isOpen}), 0) as owed,
    ${agingColumns(today, isOpen)},
    max(${s.created_at}) as last_sale_at`;
}

/**
 * Since when and how long the open sales among `s` have owed: the oldest open sale, and each open sale's balance
 * by the Lagos days from the sale to `today` (0-30, 31-60, over 60). `isOpen` picks the open sales, or is true
 * when the caller reads only open sales (the book, off sales_open_debtor_idx).
 */
export function agingColumns(today: string, isOpen: SQL = sql`true`): SQL {
  const balance = sql`${s.total_cart_amount} - ${s.amount_paid}`;
  const age = sql`(${today}::date - ${saleDay})`;
  return sql`min(${s.created_at}) filter (where ${isOpen}) as owing_since,
    sum(${balance}) filter (where ${isOpen} and ${age} <= 30) as days_0_30,
    sum(${balance}) filter (where ${isOpen} and ${age} between 31 and 60) as days_31_60,
    sum(${balance}) filter (where ${isOpen} and ${age} > 60) as over_60`;
}

/** The balance columns of a grouped row `g`, as the answer writes them. */
export function balanceOutput(g: SQL): SQL {
  return sql`${g}.sales_count, ${moneyText(sql`${g}.total_bought`)} as total_bought,
    ${moneyText(sql`${g}.owed`)} as owed_text, ${isoText(sql`${g}.owing_since`)} as owing_since,
    ${moneyText(sql`${g}.days_0_30`)} as days_0_30, ${moneyText(sql`${g}.days_31_60`)} as days_31_60,
    ${moneyText(sql`${g}.over_60`)} as over_60, ${isoText(sql`${g}.last_sale_at`)} as last_sale_at`;
}

export type BalanceRow = {
  currency: string;
  sales_count: number;
  total_bought: string;
  owed_text: string;
  owing_since: string | null;
  days_0_30: string;
  days_31_60: string;
  over_60: string;
  last_sale_at: string | null;
};

export function balanceOf(row: BalanceRow) {
  return {
    currency: row.currency as 'NGN',
    sales_count: row.sales_count,
    total_bought: row.total_bought,
    owed: row.owed_text,
    owing_since: row.owing_since,
    aging: { days_0_30: row.days_0_30, days_31_60: row.days_31_60, over_60: row.over_60 },
    last_sale_at: row.last_sale_at,
  };
}

/**
 * The customer as the book shows them, or 404: a registered customer of this business (a customer member, or
 * named on one of its sales), or a name typed on one of its sales. Another business's customer answers the same
 * 404 as one that does not exist.
 */
export async function requireCustomerOf(
  db: Queryable,
  businessId: number,
  key: CustomerKey,
): Promise<CustomerIdentity> {
  const latestPhone = sql`(select ${s.customer_phone} from ${sales} ${s}
    where ${salesOf(businessId, key)} and ${s.customer_phone} is not null
    order by ${s.created_at} desc, ${s.id} desc limit 1)`;
  if (key.customerId !== null) {
    const { rows } = await db.execute<{ name: string; phone: string | null }>(sql`
      select trim(${users.first_name} || ' ' || ${users.last_name}) as name,
        coalesce(${users.phone_number}, ${latestPhone}) as phone
      from ${users}
      where ${users.id} = ${key.customerId}
        and (exists (select 1 from ${memberships} where ${memberships.business_id} = ${businessId}
            and ${memberships.user_id} = ${users.id} and ${memberships.role} = 'customer')
          or exists (select 1 from ${sales} ${s} where ${salesOf(businessId, key)}))`);
    const [row] = rows;
    if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
    return { customer_id: key.customerId, customer_name: row.name, phone: row.phone };
  }
  const { rows } = await db.execute<{ name: string; phone: string | null }>(sql`
    select ${s.customer_name} as name, ${latestPhone} as phone from ${sales} ${s}
    where ${salesOf(businessId, key)} order by ${s.created_at} desc, ${s.id} desc limit 1`);
  const [row] = rows;
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return { customer_id: null, customer_name: row.name.trim(), phone: row.phone };
}
