import { type Attention, type BatchAlert, type Debtor, EXPIRING_SOON_DAYS } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../db/business-day';
import type { Queryable } from '../../db/client';
import { topDebtors } from './sale-tables';
import { expiredBatches, expiringBatches, lowStock } from './stock-figures';

export const ATTENTION_ROWS = 5;

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

/** [product_id, product_name, sku, reorder_level, quantity_in_stock] */
type LowStockTuple = [number, string, string, number, number];
/** [product_id, product_name, batch_id, batch_number, expiration_date, quantity, currency, value_at_cost, live] */
type AlertTuple = [number, string, number, string, string, number, BatchAlert['currency'], string, boolean];
/** [customer_id, customer_name, currency, total_owed, open_sales] */
type DebtorTuple = [number | null, string, Debtor['currency'], string, number];

/** The four lists of attentionColumns, as PostgreSQL's JSON arrays (null for an empty list). */
export type AttentionJson = {
  low_stock: LowStockTuple[] | null;
  expiring: AlertTuple[] | null;
  expired: AlertTuple[] | null;
  top_debtors: DebtorTuple[] | null;
};

const rows = sql.raw(String(ATTENTION_ROWS));
const candidateRows = sql.raw(String(2 * ATTENTION_ROWS));
const unexpired = sql`(b.expiration_date is null or b.expiration_date >= ${businessToday})`;

/** The first 2 × ATTENTION_ROWS stocked batches by date, then id, that `which` picks, each with its product. */
const alertCandidates = (businessId: number, which: SQL) => sql`(
  select json_agg(json_build_array(p.id, p.product_name, b.id, b.batch_number, b.expiration_date::text, b.quantity,
      p.currency, round(b.quantity * coalesce(b.cost_price, p.cost_price), 2)::text, p.archived_at is null)
    order by b.expiration_date, b.id)
  from (select b.business_id, b.id, b.product_id, b.batch_number, b.expiration_date, b.quantity, b.cost_price
    from product_batches b
    where b.business_id = ${businessId} and b.quantity > 0 and b.expiration_date is not null and ${which}
    order by b.expiration_date, b.id
    limit ${candidateRows}) b
  join products p on p.business_id = b.business_id and p.id = b.product_id)`;

/**
 * attentionOf's four lists as four JSON columns (low_stock, expiring, expired, top_debtors) for a
 * statement that reads other figures beside them: the overview's (get-overview.ts). The same queries
 * as lowStock, expiringBatches, expiredBatches and topDebtors, their rows as arrays in their order;
 * test/businesses/overview-same-answers.test.ts holds attentionFrom(these) equal to attentionOf. The
 * limits are written in the text, not passed: a LIMIT parameter leaves a statement unnamed, planned
 * on every run (db/statement-names.ts).
 */
export function attentionColumns(businessId: number): SQL {
  const quantity = sql`coalesce(sum(b.quantity) filter (where ${unexpired}), 0)`;
  return sql`
    (select json_agg(json_build_array(x.product_id, x.product_name, x.sku, x.reorder_level, x.quantity_in_stock)
        order by x.shortfall, x.product_name, x.product_id)
      from (select p.id as product_id, p.product_name, p.sku, p.reorder_level, ${quantity}::int as quantity_in_stock,
          ${quantity} - p.reorder_level as shortfall
        from products p
        left join product_batches b on b.business_id = p.business_id and b.product_id = p.id and b.quantity > 0
        where p.business_id = ${businessId} and p.archived_at is null and p.reorder_level is not null
        group by p.business_id, p.id
        having ${quantity} < p.reorder_level
        order by ${quantity} - p.reorder_level, p.product_name, p.id
        limit ${rows}) x) as low_stock,
    ${alertCandidates(businessId, sql`b.expiration_date >= ${businessToday} and b.expiration_date < ${businessToday} + ${EXPIRING_SOON_DAYS}::int`)} as expiring,
    ${alertCandidates(businessId, sql`b.expiration_date < ${businessToday}`)} as expired,
    (select json_agg(json_build_array(x.customer_id, x.customer_name, x.currency, x.total_owed, x.open_sales)
        order by x.owed desc, x.customer_name)
      from (select nullif(c.customer_id, 0) as customer_id, latest.customer_name, c.currency,
          round(c.owed, 2)::text as total_owed, c.open_sales, c.owed
        from (select d.customer_id, d.name_key, d.currency, d.owed, d.open_sales
          from report_debtors d
          where d.business_id = ${businessId} and d.owed > 0
          order by d.owed desc
          fetch first ${rows} rows with ties) c
        cross join lateral (
          select s.customer_name from sales s
          where s.business_id = ${businessId} and coalesce(s.customer_id, 0) = c.customer_id
            and (case when s.customer_id is null then lower(trim(s.customer_name)) else '' end) = c.name_key
            and s.currency = c.currency and s.payment_status <> 'paid' and s.status = 'active'
          order by s.id desc
          limit 1
        ) latest
        order by c.owed desc, latest.customer_name
        limit ${rows}) x) as top_debtors`;
}

/**
 * The Attention of attentionColumns' row. A batch list whose first 2 × ATTENTION_ROWS candidates hold
 * fewer than ATTENTION_ROWS of live products is read again whole, as batchAlerts does (archived
 * products first in date order: rare).
 */
export async function attentionFrom(
  db: Queryable,
  businessId: number,
  row: AttentionJson,
  options: { withCost: boolean },
): Promise<Attention> {
  const alerts = async (
    candidates: AlertTuple[] | null,
    readAll: (db: Queryable, businessId: number, limit: number, withCost: boolean) => Promise<BatchAlert[]>,
  ): Promise<BatchAlert[]> => {
    const all = candidates ?? [];
    const live = all.filter((batch) => batch[8]).slice(0, ATTENTION_ROWS);
    if (live.length < ATTENTION_ROWS && all.length === 2 * ATTENTION_ROWS)
      return readAll(db, businessId, ATTENTION_ROWS, options.withCost);
    return live.map(
      ([product_id, product_name, batch_id, batch_number, expiration_date, quantity, currency, cost]) => ({
        product_id,
        product_name,
        batch_id,
        batch_number,
        expiration_date,
        quantity,
        currency,
        value_at_cost: options.withCost ? cost : null,
      }),
    );
  };
  const [expiring, expired] = await Promise.all([
    alerts(row.expiring, expiringBatches),
    alerts(row.expired, expiredBatches),
  ]);
  return {
    low_stock: (row.low_stock ?? []).map(([product_id, product_name, sku, reorder_level, quantity_in_stock]) => ({
      product_id,
      product_name,
      sku,
      reorder_level,
      quantity_in_stock,
    })),
    expiring,
    expired,
    top_debtors: (row.top_debtors ?? []).map(([customer_id, customer_name, currency, total_owed, open_sales]) => ({
      customer_id,
      customer_name,
      currency,
      total_owed,
      open_sales,
    })),
  };
}
