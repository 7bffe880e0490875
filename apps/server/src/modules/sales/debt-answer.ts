/** A customer's own debts (the shop's list reads the maintained debtors: list-debts.ts). */
import type { Debt } from '@oja/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { sales, users } from '../../db/schema';
import { balanceOf } from './sale-answer';

const u = alias(users, 'u');

/** Who owes: a registered customer by id, a walk-in customer by name (any letter case, outer spaces ignored). */
const customerKey = sql<string>`coalesce(${sales.customer_id}::text, 'name:' || lower(btrim(${sales.customer_name})))`;
const owed = sql`sum(${sales.total_cart_amount} - ${sales.amount_paid})`;
const isoTime = (value: SQL) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A sale still owed: not paid in full and not cancelled (a cancelled sale's debt is gone with it). */
const isOpen = (businessId: number) =>
  and(eq(sales.business_id, businessId), ne(sales.payment_status, 'paid'), eq(sales.status, 'active'));

/** What a registered customer owes, one row per currency, with their open sales. */
export async function debtsOf(
  db: Queryable,
  businessId: number,
  options: { customerId: number; limit: number; offset: number },
): Promise<Debt[]> {
  const groups = await db
    .select({
      key: customerKey,
      currency: sales.currency,
      customer_id: sql<number | null>`max(${sales.customer_id})`.mapWith(Number),
      customer_name: sql<string>`(array_agg(${sales.customer_name} order by ${sales.created_at} desc))[1]`,
      total_owed: sql<string>`${owed}::numeric(14, 2)::text`,
      last_sale_at: isoTime(sql`max(${sales.created_at})`),
      customer_phone: sql<
        string | null
      >`(select ${u.phone_number} from ${users} ${u} where ${u.id} = max(${sales.customer_id}))`,
    })
    .from(sales)
    .where(and(isOpen(businessId), eq(sales.customer_id, options.customerId)))
    .groupBy(customerKey, sales.currency)
    .orderBy(desc(owed), asc(customerKey), asc(sales.currency))
    .limit(options.limit)
    .offset(options.offset);
  if (groups.length === 0) return [];

  const open = await openSalesOf(
    db,
    businessId,
    groups.map((group) => group.key),
  );
  return groups.map((group) => ({
    customer_id: group.customer_id,
    customer_name: group.customer_name,
    currency: group.currency,
    total_owed: group.total_owed,
    last_sale_at: group.last_sale_at,
    customer_phone: group.customer_phone,
    open_sales: open
      .filter((sale) => sale.key === group.key && sale.currency === group.currency)
      .map((sale) => ({
        id: sale.id,
        payment_status: sale.payment_status,
        total_cart_amount: sale.total_cart_amount,
        amount_paid: sale.amount_paid,
        balance: balanceOf(sale),
        created_at: sale.created_at.toISOString(),
      })),
  }));
}

/** The open sales of these customers (by customerKey), oldest first. */
function openSalesOf(db: Queryable, businessId: number, keys: string[]) {
  return db
    .select({
      key: customerKey,
      id: sales.id,
      currency: sales.currency,
      payment_status: sales.payment_status,
      total_cart_amount: sales.total_cart_amount,
      amount_paid: sales.amount_paid,
      created_at: sales.created_at,
    })
    .from(sales)
    .where(and(isOpen(businessId), inArray(customerKey, keys)))
    .orderBy(asc(sales.created_at), asc(sales.id));
}
