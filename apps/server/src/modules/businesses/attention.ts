import type { Attention } from '@oja/contract';
import type { Queryable } from '../../db/client';
import { topDebtors } from './sale-tables';
import { expiredBatches, expiringBatches, lowStock } from './stock-figures';

const ATTENTION_ROWS = 5;

/**
 * The morning check of the overview and the employee home, from the report's own queries: what runs
 * low, what expires soon, what has expired on the shelf, and who owes the most. Costs only for the CEO.
 */
export async function attentionOf(
  db: Queryable,
  businessId: number,
  options: { withCost: boolean },
): Promise<Attention> {
  const [low, expiring, expired, debtors] = await Promise.all([
    lowStock(db, businessId, ATTENTION_ROWS),
    expiringBatches(db, businessId, ATTENTION_ROWS, options.withCost),
    expiredBatches(db, businessId, ATTENTION_ROWS, options.withCost),
    topDebtors(db, businessId, ATTENTION_ROWS),
  ]);
  return { low_stock: low, expiring, expired, top_debtors: debtors };
}
