import { can, type listSalesQuerySchema, PAGE_SIZE, type Paginated, pageInfo, type Sale } from '@oja/contract';
import { and, count, desc, eq, exists, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { builtOnceSql } from '../../db/built-once';
import type { Queryable } from '../../db/client';
import { limitOf, plannedOnce } from '../../db/limit';
import { dateOrNull, numberOrNull } from '../../db/raw-row';
import { sale_lines, sales } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { forbidden } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { allTimeRows } from '../businesses/sale-figures';
import { loadSales, type SaleRow, toSale } from './sale-answer';

/**
 * Which sales the caller may see: staff see the business's, a customer only
 * their own (whatever user_id they send), anyone else none.
 */
export function visibleSales(ctx: BusinessContext): SQL | undefined {
  if (can(ctx.role, 'sale.view')) return undefined;
  if (can(ctx.role, 'sale.view_own')) return eq(sales.customer_id, ctx.actor.userId);
  throw forbidden();
}

export async function listSales(
  ctx: BusinessContext,
  query: z.output<typeof listSalesQuerySchema>,
): Promise<Paginated<Sale>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  // What narrows the business's sales: who may see them, then the query's filters.
  const narrowing = [
    visibleSales(ctx),
    query.user_id ? eq(sales.customer_id, query.user_id) : undefined,
    query.created_by ? eq(sales.created_by, query.created_by) : undefined,
    query.payment_status ? eq(sales.payment_status, query.payment_status) : undefined,
    pattern
      ? or(
          ilike(sales.customer_name, pattern),
          exists(
            ctx.db
              .select({ id: sale_lines.id })
              .from(sale_lines)
              .where(
                and(
                  eq(sale_lines.business_id, sales.business_id),
                  eq(sale_lines.sale_id, sales.id),
                  ilike(sale_lines.product_name, pattern),
                ),
              ),
          ),
        )
      : undefined,
  ];
  const pageSize = PAGE_SIZE.sales;
  const offset = (query.page - 1) * pageSize;
  // The whole business's list (staff, no filter): one statement. Any other: its count and page, then its sales.
  if (narrowing.every((condition) => condition === undefined)) {
    const { total, results } = await everySalePage(ctx.db, ctx.businessId, offset);
    return { ...pageInfo(total, query.page, pageSize), results };
  }
  const where = and(eq(sales.business_id, ctx.businessId), ...narrowing);
  const [total, pageIds] = await Promise.all([
    ctx.db
      .select({ value: count() })
      .from(sales)
      .where(where)
      .then(([row]) => row?.value ?? 0),
    ctx.db
      .select({ id: sales.id })
      .from(sales)
      .where(where)
      .orderBy(desc(sales.created_at), desc(sales.id))
      .limit(pageSize)
      .offset(offset)
      .then((rows) => rows.map((row) => row.id)),
  ]);
  const results = await loadSales(ctx.db, ctx.businessId, pageIds);
  return { ...pageInfo(total, query.page, pageSize), results };
}

const businessId = sql.placeholder('businessId');

/** The columns of sales, in the order drizzle's row has them: selected as `alias.column`. */
const saleNames = Object.keys(getTableColumns(sales)) as (keyof SaleRow)[];
const saleColumns = (alias: string) => sql.raw(saleNames.map((name) => `${alias}.${name}`).join(', '));

/** The columns that node-postgres hands over as text in a raw statement, and drizzle's row has as numbers or dates. */
type SaleIds = 'id' | 'cart_id' | 'business_id' | 'customer_id' | 'created_by' | 'cancelled_by';
type SaleDates = 'created_at' | 'cancelled_at';

/** A row of everySaleStatement: the count (on every row), then one sale of the page with its items. */
type EverySaleRow = Omit<SaleRow, SaleIds | SaleDates> & { [K in SaleIds]: string | null } & {
  [K in SaleDates]: string | null;
} & {
  total: string;
  /** [product id, product name, units] per product sold, in the order each was first sold; null for none. */
  items: [number, string, number][] | null;
};

/**
 * The whole business's page in one statement: its count, its 10 sales newest first, and each sale's items
 * summed per product (what loadSales answers for any other list, from two statements after the page's
 * own two). The count is the maintained totals' (active sales) plus the others off
 * sales_business_inactive_idx, one snapshot for both: on the load data (200,000 sales, 2,200 totals rows,
 * 4,000 cancelled) 1.9 ms in EXPLAIN ANALYZE where count(*) was a parallel index-only scan of 200,000
 * entries (45-90 ms); summing every day row needed an index of the sums, which made each sale's update of
 * its day row a non-HOT one (migration 0023 drops it). The page is the walk down sales_business_created_idx,
 * its page size written in the text and its offset as `offset ($n)`, so that the statement is named and
 * planned once per connection (db/statement-names.ts). The count is joined to the page with a LEFT JOIN, so
 * that a page past the end still answers it (one row of nulls). The items are a correlated subquery, run
 * for the page's 10 sales only, each sale's lines off sale_lines_sale_idx.
 *
 * Why one statement: the page was four after the gate (the count and the page's ids side by side, then
 * the sales and their items side by side), each a pool connection, a round trip and rows parsed, and for
 * PostgreSQL a bind and an execution. Load bench, sales list, 32 connections, three A/B pairs alternated on
 * copies of the same data (2026-11-25 11:15-11:25 UTC): 713-766 → 1,111-1,160 req/s, node CPU 0.89-0.95 →
 * 0.54-0.57 ms and PostgreSQL's 1.19-1.27 → 0.86-0.92 ms per request, p99 70-76 → 48-54 ms.
 */
const everySaleStatement = builtOnceSql<{ businessId: number; offset: number }, EverySaleRow>(
  () => sql`select c.total, ${saleColumns('p')},
      (select json_agg(json_build_array(i.product_id, i.product_name, i.quantity) order by i.first_line)
        from (select l.product_id, l.product_name, sum(l.quantity)::int as quantity, min(l.id) as first_line
          from ${sale_lines} l where l.business_id = ${businessId} and l.sale_id = p.id
          group by l.product_id, l.product_name) i) as items
    from (select (select coalesce(sum(t.sales), 0) from (${allTimeRows({ businessId })}) t)
        + (select count(*) from ${sales} s where s.business_id = ${businessId} and s.status <> 'active') as total) c
    left join (select ${saleColumns('s')} from ${sales} s where s.business_id = ${businessId}
      order by s.created_at desc, s.id desc
      limit ${limitOf(plannedOnce(PAGE_SIZE.sales))} offset (${sql.placeholder('offset')})) p on true
    order by p.created_at desc, p.id desc`,
);

/** The whole business's sales at `offset`, newest first, and how many it has, cancelled ones included. */
async function everySalePage(db: Queryable, businessId: number, offset: number) {
  const rows = await everySaleStatement(db, { businessId, offset });
  const total = Number(rows[0]?.total ?? 0);
  if (rows[0]?.id == null) return { total, results: [] };
  const results = rows.map(({ total: _total, items, ...row }) =>
    toSale(
      {
        ...row,
        id: Number(row.id),
        cart_id: numberOrNull(row.cart_id),
        business_id: Number(row.business_id),
        customer_id: numberOrNull(row.customer_id),
        created_by: numberOrNull(row.created_by),
        cancelled_by: numberOrNull(row.cancelled_by),
        // As drizzle's timestamp column reads them (new Date of the text), to the millisecond.
        created_at: new Date(row.created_at as string),
        cancelled_at: dateOrNull(row.cancelled_at),
      },
      (items ?? []).map(([id, product_name, quantity]) => ({ product: { id, product_name }, quantity })),
    ),
  );
  return { total, results };
}
