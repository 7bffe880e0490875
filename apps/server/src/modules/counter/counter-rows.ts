import type { PriceFlag, Shortfall } from '@oja/contract';
import { and, asc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { price_flags, sales, stock_shortfalls, users } from '../../db/schema';

/** Net unit price, exact: the list price less its discount, rounded half up to the kobo (as counterTotals). */
export function netUnitKobo(unitKobo: bigint, discountBasisPoints: bigint): bigint {
  return (unitKobo * (10_000n - discountBasisPoints) + 5_000n) / 10_000n;
}

const u = alias(users, 'u');

/** The full name of the user `userId` (a column holding a user's id), or null without one. */
export const userName = (userId: SQLWrapper) =>
  sql<string | null>`(select ${u.first_name} || ' ' || ${u.last_name} from ${users} ${u} where ${u.id} = ${userId})`;

/** Shortfalls of a business, oldest first, with the sale's receipt number and who settled them. */
export async function shortfallsWhere(
  db: Queryable,
  businessId: number,
  where: SQL | undefined,
  limit?: number,
): Promise<Shortfall[]> {
  const rows = await db
    .select({
      row: stock_shortfalls,
      receipt_number: sales.receipt_number,
      settled_by_name: userName(stock_shortfalls.settled_by),
    })
    .from(stock_shortfalls)
    .leftJoin(sales, and(eq(sales.business_id, stock_shortfalls.business_id), eq(sales.id, stock_shortfalls.sale_id)))
    .where(and(eq(stock_shortfalls.business_id, businessId), where))
    .orderBy(asc(stock_shortfalls.id))
    .limit(limit ?? Number.MAX_SAFE_INTEGER);
  return rows.map(({ row, receipt_number, settled_by_name }) => ({
    id: row.id,
    sale_id: row.sale_id,
    receipt_number,
    product_id: row.product_id,
    product_name: row.product_name,
    quantity: row.quantity,
    sold_by: row.sold_by,
    sold_by_name: row.sold_by_name,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at?.toISOString() ?? null,
    settled_by_name: row.settled_at ? settled_by_name : null,
    settle_note: row.settle_note,
  }));
}

/** Price flags of a business, oldest first, with the net unit prices charged and listed. */
export async function priceFlagsWhere(
  db: Queryable,
  businessId: number,
  where: SQL | undefined,
  limit?: number,
): Promise<PriceFlag[]> {
  const rows = await db
    .select({ row: price_flags, receipt_number: sales.receipt_number })
    .from(price_flags)
    .leftJoin(sales, and(eq(sales.business_id, price_flags.business_id), eq(sales.id, price_flags.sale_id)))
    .where(and(eq(price_flags.business_id, businessId), where))
    .orderBy(asc(price_flags.id))
    .limit(limit ?? Number.MAX_SAFE_INTEGER);
  return rows.map(({ row, receipt_number }) => ({
    id: row.id,
    sale_id: row.sale_id,
    receipt_number,
    product_id: row.product_id,
    product_name: row.product_name,
    charged_unit_price: row.charged_unit_price,
    product_unit_price: row.product_unit_price,
    charged_discount_percentage: row.charged_discount_percentage,
    product_discount_percentage: row.product_discount_percentage,
    sold_by_name: row.sold_by_name,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at?.toISOString() ?? null,
  }));
}

export const openShortfalls = isNull(stock_shortfalls.settled_at);
export const openPriceFlags = isNull(price_flags.settled_at);
