import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessToday } from '../../db/business-day';
import { product_batches, product_stock } from '../../db/schema';
import { isSellable } from './ledger';

/**
 * Reading product_stock (migration 0035; db/schema/stock.ts says what a row holds) as the alias `s`. While a row's
 * drops_on has not passed, its `sellable` is the product's sellable units; past it the row is stale, and the
 * product's units are counted from its batches (countedUnits) until product_stock_refresh counts the row again.
 * The low stock of the overview and the report (reports/stock-figures.ts) and the inventory's Low Stock filter
 * (list-products.ts) read it so.
 */

/** product_stock as the alias `s` (read `from ${product_stock} ${keptStock}`). */
export const keptStock = alias(product_stock, 's');
const s = keptStock;

/**
 * Row `s` is stale: its drops_on has passed, so a batch it counted may have expired since. Today as written (not
 * once per statement), so that the planner knows the date, and so how few rows are stale (product_stock_drops_idx).
 */
export const isStale = sql`${s.drops_on} < ${businessToday}`;

/** Row `s` is a live product's with a reorder level: a row the low stock reads. */
export const withLevel = sql`${s.live} and ${s.reorder_level} is not null`;

/** The sellable units of row `s`'s product counted from its batches: what a stale row stands for. */
export const countedUnits = sql`(select coalesce(sum(${product_batches.quantity}), 0) from ${product_batches}
  where ${product_batches.business_id} = ${s.business_id} and ${product_batches.product_id} = ${s.product_id}
    and ${product_batches.quantity} > 0 and ${isSellable})`;
