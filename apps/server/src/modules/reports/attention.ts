import type { Attention } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { plannedOnce } from '../../db/limit';
import { counterAttention, NO_COUNTER_ATTENTION } from '../counter/counter-attention';
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
  const [low, expiring, expired, debtors, counter, waiting] = await Promise.all([
    lowStock(db, businessId, ATTENTION_ROWS),
    expiringBatches(db, businessId, ATTENTION_ROWS, options.withCost),
    expiredBatches(db, businessId, ATTENTION_ROWS, options.withCost),
    topDebtors(db, businessId, ATTENTION_ROWS),
    options.withCounter ? counterAttention(db, businessId, ATTENTION_ROWS) : NO_COUNTER_ATTENTION,
    options.withTeam ? waitingMembers(db, businessId, ATTENTION_ROWS) : [],
  ]);
  return { low_stock: low, expiring, expired, top_debtors: debtors, ...counter, waiting_members: waiting };
}

/** The lists of attentionColumns, as PostgreSQL's JSON arrays (null for an empty list). */
export type AttentionJson = {
  low_stock: LowStockTuple[] | null;
  expiring: AlertTuple[] | null;
  expired: AlertTuple[] | null;
  top_debtors: DebtorTuple[] | null;
  waiting_members: WaitingTuple[] | null;
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
    ${waitingMembersJson(businessId, limit)} as waiting_members`;
}

/**
 * The Attention of attentionColumns' row. A batch list whose first 2 × ATTENTION_ROWS candidates hold
 * fewer than ATTENTION_ROWS of live products is read again whole, as expiringBatches and expiredBatches
 * do (archived products first in date order: rare).
 */
export async function attentionFrom(
  db: Queryable,
  businessId: number,
  row: AttentionJson,
  options: { withCost: boolean; withCounter: boolean },
): Promise<Attention> {
  const alerts = (list: BatchList) => batchAlerts(db, businessId, list, ATTENTION_ROWS, options.withCost, row[list]);
  const [expiring, expired, counter] = await Promise.all([
    alerts('expiring'),
    alerts('expired'),
    // Few rows behind partial indexes, read beside the overview's statement rather than inside it.
    options.withCounter ? counterAttention(db, businessId, ATTENTION_ROWS) : NO_COUNTER_ATTENTION,
  ]);
  return {
    low_stock: lowStockFrom(row.low_stock),
    expiring,
    expired,
    top_debtors: debtorsFrom(row.top_debtors),
    ...counter,
    waiting_members: waitingMembersFrom(row.waiting_members),
  };
}
