import type { Attention, BelowCostItem } from '@oja/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { plannedOnce } from '../../db/limit';
import { belowCost, counter_devices, price_flags, products, stock_shortfalls } from '../../db/schema';
import { counterAttention, NO_COUNTER_ATTENTION, staleDevice } from '../counter/counter-attention';
import type { Id } from './sale-figures';
import { type DebtorTuple, debtorsFrom, topDebtors, topDebtorsJson } from './sale-tables';
import {
  type AlertTuple,
  type BatchList,
  batchAlerts,
  batchAlertsJson,
  expiredBatches,
  expiringBatches,
  type LowStockTuple,
  lowStock,
  lowStockFrom,
  lowStockJson,
} from './stock-figures';
import { type WaitingTuple, waitingMembers, waitingMembersFrom, waitingMembersJson } from './team-figures';

const ATTENTION_ROWS = 5;

/**
 * The morning check of the overview and the employee home, from the report's own queries: what runs
 * low, what expires soon, what has expired on the shelf, and who owes the most. Costs only for the CEO,
 * the counter's shortfalls, price flags and silent phones for those who review them (`withCounter`), and who
 * waits for activation only for those who manage the team (`withTeam`).
 */
export async function attentionOf(
  db: Queryable,
  businessId: number,
  options: { withCost: boolean; withCounter: boolean; withTeam?: boolean },
): Promise<Attention> {
  const [low, expiring, expired, debtors, counter, waiting, belowCost] = await Promise.all([
    lowStock(db, businessId, ATTENTION_ROWS),
    expiringBatches(db, businessId, ATTENTION_ROWS, options.withCost),
    expiredBatches(db, businessId, ATTENTION_ROWS, options.withCost),
    topDebtors(db, businessId, ATTENTION_ROWS),
    options.withCounter ? counterAttention(db, businessId, ATTENTION_ROWS) : NO_COUNTER_ATTENTION,
    options.withTeam ? waitingMembers(db, businessId, ATTENTION_ROWS) : [],
    options.withCost ? belowCostProducts(db, businessId, ATTENTION_ROWS) : [],
  ]);
  return {
    low_stock: low,
    expiring,
    expired,
    top_debtors: debtors,
    ...counter,
    waiting_members: waiting,
    below_cost: belowCost,
  };
}

/** The lists of attentionColumns, as PostgreSQL's JSON arrays (null for an empty list). */
export type AttentionJson = {
  low_stock: LowStockTuple[] | null;
  expiring: AlertTuple[] | null;
  expired: AlertTuple[] | null;
  top_debtors: DebtorTuple[] | null;
  waiting_members: WaitingTuple[] | null;
  /** Whether the counter left anything open (a shortfall, a price flag, a silent phone): its lists are read then. */
  counter_open: boolean;
  /** Whether a live product sells below its cost: its list is read then. */
  below_cost_any: boolean;
};

/**
 * attentionOf's lists as JSON columns (low_stock, expiring, expired, top_debtors, waiting_members) for a
 * statement that reads other figures beside them: the overview's (get-overview.ts). The very subqueries
 * lowStock, expiringBatches, expiredBatches and topDebtors run alone, read by the same parsers;
 * test/businesses/overview-same-answers.test.ts holds attentionFrom(these) equal to attentionOf. The
 * limits are written in the text, not passed: a LIMIT parameter leaves a statement unnamed, planned
 * on every run (db/statement-names.ts).
 */
export function attentionColumns(businessId: Id): SQL {
  const limit = plannedOnce(ATTENTION_ROWS);
  return sql`
    ${lowStockJson(businessId, limit)} as low_stock,
    ${batchAlertsJson(businessId, 'expiring', limit)} as expiring,
    ${batchAlertsJson(businessId, 'expired', limit)} as expired,
    ${topDebtorsJson(businessId, limit)} as top_debtors,
    ${waitingMembersJson(businessId, limit)} as waiting_members,
    (exists (select 1 from ${stock_shortfalls} where ${stock_shortfalls.business_id} = ${businessId}
        and ${stock_shortfalls.settled_at} is null)
      or exists (select 1 from ${price_flags} where ${price_flags.business_id} = ${businessId}
        and ${price_flags.settled_at} is null)
      or exists (select 1 from ${counter_devices} where ${counter_devices.business_id} = ${businessId}
        and ${staleDevice})) as counter_open,
    exists (select 1 from ${products} where ${products.business_id} = ${businessId}
      and ${products.archived_at} is null and ${belowCost(products)}) as below_cost_any`;
}

/**
 * The Attention of attentionColumns' row. A batch list whose first 2 × ATTENTION_ROWS candidates hold
 * fewer than ATTENTION_ROWS of live products is read again whole, as expiringBatches and expiredBatches
 * do (archived products first in date order: rare). The counter's lists and the margin guard's are read by
 * their own functions, and only when the row says they hold something: most businesses have none, and four
 * statements beside the one were most of the overview's time.
 */
export async function attentionFrom(
  db: Queryable,
  businessId: number,
  row: AttentionJson,
  options: { withCost: boolean; withCounter: boolean },
): Promise<Attention> {
  const alerts = (list: BatchList) => batchAlerts(db, businessId, list, ATTENTION_ROWS, options.withCost, row[list]);
  const [expiring, expired, counter, belowCost] = await Promise.all([
    alerts('expiring'),
    alerts('expired'),
    options.withCounter && row.counter_open ? counterAttention(db, businessId, ATTENTION_ROWS) : NO_COUNTER_ATTENTION,
    options.withCost && row.below_cost_any ? belowCostProducts(db, businessId, ATTENTION_ROWS) : [],
  ]);
  return {
    low_stock: lowStockFrom(row.low_stock),
    expiring,
    expired,
    top_debtors: debtorsFrom(row.top_debtors),
    ...counter,
    waiting_members: waitingMembersFrom(row.waiting_members),
    below_cost: belowCost,
  };
}

/**
 * The margin guard's products, by name: live products whose retail or wholesale price after its discount is below
 * the cost price, read off products_below_cost_idx (whose condition is this one), so only those, never the
 * catalogue.
 */
async function belowCostProducts(db: Queryable, businessId: number, rows: number): Promise<BelowCostItem[]> {
  return db
    .select({
      product_id: products.id,
      product_name: products.product_name,
      currency: products.currency,
      cost_price: products.cost_price,
      selling_price: products.selling_price,
      selling_price_discount_percentage: products.selling_price_discount_percentage,
      wholesale_price: products.wholesale_price,
      wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
    })
    .from(products)
    .where(and(eq(products.business_id, businessId), isNull(products.archived_at), belowCost(products)))
    .orderBy(asc(products.product_name), asc(products.id))
    .limit(rows);
}
