import { can, type listSalesQuerySchema, PAGE_SIZE, type Paginated, pageInfo, type Sale } from '@oja/contract';
import { and, count, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { builtOnceSql } from '../../db/built-once';
import type { Queryable } from '../../db/client';
import { limitOf, plannedOnce } from '../../db/limit';
import { sale_lines, sales } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { forbidden } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { allTimeRows } from '../businesses/sale-figures';
import { loadSales } from './sale-answer';

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
  const where = and(eq(sales.business_id, ctx.businessId), ...narrowing);
  const pageSize = PAGE_SIZE.sales;
  // The whole business's list (staff, no filter) is counted from the maintained totals; any other from its rows.
  const everySale = narrowing.every((condition) => condition === undefined);
  const offset = (query.page - 1) * pageSize;
  const [total, pageIds] = everySale
    ? await Promise.all([countEverySale(ctx.db, ctx.businessId), everySalePageIds(ctx.db, ctx.businessId, offset)])
    : await Promise.all([
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

/**
 * The whole business's page, newest first, built once (db/built-once.ts) like the product list's: the
 * page size is written in the text and the offset as `offset ($n)`, so that the statement gets a name and
 * is planned once per connection (db/statement-names.ts; a LIMIT parameter left it planned on every run).
 * Its plan is the walk down sales_business_created_idx for any business and page. The filtered lists, less
 * asked for, are still built per request.
 */
const everySalePage = builtOnceSql<{ businessId: number; offset: number }, { id: string }>(
  () => sql`select s.id from ${sales} s where s.business_id = ${businessId}
    order by s.created_at desc, s.id desc
    limit ${limitOf(plannedOnce(PAGE_SIZE.sales))} offset (${sql.placeholder('offset')})`,
);

/** The ids of the whole business's page at `offset`, newest first. */
async function everySalePageIds(db: Queryable, businessId: number, offset: number): Promise<number[]> {
  const rows = await everySalePage(db, { businessId, offset });
  return rows.map((row) => Number(row.id));
}

/** countEverySale's statement, built once: the business's id is its one placeholder. */
const everySaleCount = builtOnceSql<{ businessId: number }, { count: string }>(
  () => sql`
    select (select coalesce(sum(t.sales), 0) from (${allTimeRows({ businessId })}) t)
      + (select count(*) from sales s where s.business_id = ${businessId} and s.status <> 'active') as count`,
);

/**
 * How many sales a business has, cancelled ones included, exactly: its active sales as the maintained
 * totals count them (kept by triggers in every writer's transaction, docs/adr/0009-report-totals.md; the
 * all-time rows, report_sale_past and the day rows from its anchor on, as the overview reads them), plus
 * the others off sales_business_inactive_idx. One statement, so both parts see the same snapshot. On the
 * load data (200,000 sales, 2,200 totals rows, 4,000 cancelled) 1.9 ms in EXPLAIN ANALYZE where count(*)
 * was a parallel index-only scan of 200,000 entries (45-90 ms), while the page itself takes 0.1 ms; the
 * bench's PostgreSQL CPU per list request went from 20.7 to 2.9 ms. Summing every day row needed an index
 * of the sums, which made each sale's update of its day row a non-HOT one (migration 0023 drops it).
 */
async function countEverySale(db: Queryable, businessId: number): Promise<number> {
  const [row] = await everySaleCount(db, { businessId });
  return Number(row?.count ?? 0);
}
