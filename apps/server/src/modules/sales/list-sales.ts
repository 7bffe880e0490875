import { type listSalesQuerySchema, PAGE_SIZE, type Paginated, pageInfo, type Sale } from '@oja/contract';
import { type AnyColumn, and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as z from 'zod';
import { builtOnceSqlPer, type OrPlaceholder } from '../../db/built-once';
import type { Queryable } from '../../db/client';
import { columnsAt, countedPage, countedRows } from '../../db/counted-page';
import { eachRun, type Limit, limitOf, plannedOnce } from '../../db/limit';
import { dateOrNull, numberOrNull } from '../../db/raw-row';
import { report_sale_days, sale_lines, sale_search, sales } from '../../db/schema';
import { containsPattern } from '../../db/search';
import {
  type BusinessReader,
  type GateRow,
  type GateValues,
  gateSql,
  gateValues,
  isGateToPass,
  passedGate,
} from '../../platform/gate';
import type { BusinessContext } from '../../platform/tenancy';
import { allTimeRows, saleAlias, saleDays } from '../reports/sale-figures';
import { type SaleRow, toSale } from './sale-answer';

/** A sale's lines, and the search's rows (alias t), named through the schema. */
const line = alias(sale_lines, 'l');
const hit = alias(sale_search, 't');

/**
 * Which sales the caller may see, as the gate found for their role (the entry's `whole`): the business's, or only
 * their own (a customer's, whatever user_id they send).
 */
function visibleSales(ctx: BusinessContext): SQL | undefined {
  return ctx.sees === 'own' ? eq(sales.customer_id, ctx.actor.userId) : undefined;
}

export async function listSales(
  reader: BusinessReader,
  query: z.output<typeof listSalesQuerySchema>,
): Promise<Paginated<Sale>> {
  const pageSize = PAGE_SIZE.sales;
  const offset = (query.page - 1) * pageSize;
  // The whole business's list, or one narrowed by what the maintained totals are kept per (a payment status, a
  // seller), is counted from those totals (countedFromTotals); a search finds its matches first (searchedStatement),
  // and a customer's sales count their rows.
  const byTotals = !query.search && !query.user_id;
  const shape = { status: Boolean(query.payment_status), seller: Boolean(query.created_by) };
  const values: TotalsValues = {
    businessId: reader.businessId,
    offset,
    paymentStatus: query.payment_status,
    seller: query.created_by,
  };
  if (byTotals && isGateToPass(reader)) {
    // With the gate folded in, for the roles that see the whole business's sales: the statement is theirs. Any
    // other caller (a customer, whose list is their own) goes through the gate below.
    const rows = await countedFromTotals(
      reader.db,
      { ...shape, gated: true },
      { ...values, ...gateValues(reader, 'business') },
    );
    if (rows[0]?.gate_role) {
      const { total, results } = pageFrom(rows);
      return { ...pageInfo(total, query.page, pageSize), results };
    }
  }
  const ctx = await passedGate(reader);
  const visible = visibleSales(ctx);
  // What narrows the business's sales: who may see them, then the query's filters.
  const narrowing = [
    visible,
    query.user_id ? eq(sales.customer_id, query.user_id) : undefined,
    query.created_by ? eq(sales.created_by, query.created_by) : undefined,
    query.payment_status ? eq(sales.payment_status, query.payment_status) : undefined,
  ];
  const rows = query.search
    ? await searchedStatement(ctx.db, ctx.businessId, query.search, narrowing, offset)
    : byTotals && visible === undefined
      ? await countedFromTotals(ctx.db, { ...shape, gated: false }, values)
      : await filteredStatement(ctx.db, and(eq(sales.business_id, ctx.businessId), ...narrowing) as SQL, offset);
  const { total, results } = pageFrom(rows);
  return { ...pageInfo(total, query.page, pageSize), results };
}

const businessId = sql.placeholder('businessId');

/** The columns of sales, in the order drizzle's row has them. */
const saleNames = Object.keys(getTableColumns(sales));

/** The columns that node-postgres hands over as text in a raw statement, and drizzle's row has as numbers or dates. */
type SaleIds = 'id' | 'cart_id' | 'business_id' | 'customer_id' | 'created_by' | 'cancelled_by';
type SaleDates = 'created_at' | 'cancelled_at';

/** A row of salesPage's statement: the count (on every row), then one sale of the page with its items. */
type PageRow = Omit<SaleRow, SaleIds | SaleDates> & { [K in SaleIds | SaleDates]: string | null } & {
  total: string | number;
  /** [product id, product name, units] per product sold, in the order each was first sold; null for none. */
  items: [number, string, number][] | null;
} & Partial<GateRow>;

/**
 * A page of sales and `total` (a scalar of the caller's) in one statement (db/counted-page.ts): the 10 sales
 * that `where` selects, newest first, from `offset`, and each sale's items summed per product in the order
 * each was first sold. The page's size is written in the text and its offset as `offset ($n)`, so that the
 * statement is named and planned once per connection (db/statement-names.ts); the whole business's page
 * is then the walk down sales_business_created_idx. The items are a correlated subquery, run for the page's
 * sales only, each sale's lines off sale_lines_sale_idx.
 *
 * Why one statement: a page was four after the gate (the count and the page's ids side by side, then the
 * sales and their items side by side), each a pool connection, a round trip and rows parsed, and for
 * PostgreSQL a bind and an execution.
 */
function salesPage(
  where: SQL,
  total: SQL,
  offset: OrPlaceholder<number>,
  { gated = false, limit = plannedOnce(PAGE_SIZE.sales) }: { gated?: boolean; limit?: Limit } = {},
): SQL {
  return pageOfSales({
    gated,
    total,
    offset,
    page: sql`select ${columnsAt('sales', saleNames)} from ${sales} where ${where}
      order by ${sales.created_at} desc, ${sales.id} desc
      limit ${limitOf(limit)} offset (${offset})`,
  });
}

/**
 * countedPage of sales: the page's rows (sales' columns) with each sale's items, and the count, the page read
 * only when the count reaches past its offset (a search that matches nothing, a page past the end).
 */
function pageOfSales(parts: {
  total: SQL;
  page: SQL;
  offset: OrPlaceholder<number>;
  ctes?: SQL;
  gated?: boolean;
}): SQL {
  return countedPage({
    ctes: parts.ctes,
    gate: parts.gated ? gateSql(businessId) : undefined,
    total: parts.total,
    offset: parts.offset,
    columns: sql`${columnsAt('p', saleNames)},
      (select json_agg(json_build_array(i.product_id, i.product_name, i.quantity) order by i.first_line)
        from (select ${line.product_id} as product_id, ${line.product_name} as product_name,
            sum(${line.quantity}) as quantity, min(${line.id}) as first_line
          from ${sale_lines} ${line} where ${line.business_id} = p.business_id and ${line.sale_id} = p.id
          group by ${line.product_id}, ${line.product_name}) i) as items`,
    page: parts.page,
    order: sql`p.created_at desc, p.id desc`,
  });
}

/** What a page counted from the maintained totals is narrowed by, and whether the gate is folded in. */
type TotalsShape = { status: boolean; seller: boolean; gated: boolean };

/** The values of countedFromTotals' placeholders (those a shape has no placeholder for go unused). */
type TotalsValues = {
  businessId: number;
  offset: number;
  paymentStatus?: string;
  seller?: number;
} & Partial<GateValues>;

/**
 * The whole business's page, or one of a payment status, a seller or both, built once per shape (db/built-once.ts).
 * Its count is exact without reading every sale: the active sales as the maintained totals count them (kept by
 * triggers in every writer's transaction, docs/adr/0009-report-totals.md), plus the others off
 * sales_business_inactive_idx, in the statement's one snapshot. The totals are kept per Lagos day, seller and
 * payment status (report_sale_days; a payment that changes a sale's status moves it between rows), and all time
 * per seller (report_sale_past, the day rows before its anchor): so the whole list and a seller's read
 * report_sale_past and the day rows from its anchor on, as the overview does, and a payment status every day row
 * of that status.
 *
 * So the count reads a few totals rows where count(*) scanned an index entry per sale. Summing every day row
 * needed an index of the sums, which made each sale's update of its day row a non-HOT one (migration 0023 drops
 * it). A payment status and a seller counted their own rows before: the unpaid sales, a third of a history, read
 * a third of its sales a page. A status's count sums every day row of that status, where the whole list's reads
 * report_sale_past and the day rows from its anchor on.
 */
const countedFromTotals = builtOnceSqlPer<TotalsShape, TotalsValues, PageRow>(
  8,
  (shape) => `${shape.status}:${shape.seller}:${shape.gated}`,
  ({ status, seller, gated }) => {
    const [t, s] = [saleDays, saleAlias];
    const paymentStatus = sql.placeholder('paymentStatus');
    const sellerId = sql.placeholder('seller');
    const narrowing = (of: { status: SQL | AnyColumn; seller: SQL | AnyColumn }) =>
      sql`${status ? sql` and ${of.status} = ${paymentStatus}` : sql``}${seller ? sql` and ${of.seller} = ${sellerId}` : sql``}`;
    const active = status
      ? sql`(select coalesce(sum(${t.sales}), 0) from ${report_sale_days} ${t}
          where ${t.business_id} = ${businessId}${narrowing({ status: t.payment_status, seller: t.sold_by })})`
      : sql`(select coalesce(sum(${t.sales}), 0) from (${allTimeRows({ businessId, soldBy: seller ? sellerId : undefined })}) ${t})`;
    const others = sql`(select count(*) from ${sales} ${s} where ${s.business_id} = ${businessId} and ${s.status} <> 'active'${narrowing(
      { status: s.payment_status, seller: s.created_by },
    )})`;
    return salesPage(
      sql`${sales.business_id} = ${businessId}${narrowing({ status: sales.payment_status, seller: sales.created_by })}`,
      sql`${active} + ${others}`,
      sql.placeholder('offset'),
      { gated },
    );
  },
);

/**
 * A customer's sales, or those of one registered customer (`where` already scopes the business), counted from
 * their own rows off sales_customer_idx, built per request.
 */
async function filteredStatement(db: Queryable, where: SQL, offset: number): Promise<PageRow[]> {
  const { rows } = await db.execute<PageRow>(
    salesPage(where, sql`(select count(*)::int from ${sales} where ${where})`, offset),
  );
  return rows;
}

/**
 * The business's sales whose customer's name or one of whose products' names contains `search` (ILIKE, taken
 * literally), narrowed further by `narrowing` (conditions on sales), built per request, in one of two ways:
 * a name found first in sale_search, or a letter or two counted apart and paged as the list is.
 *
 * Why found first: written as one condition on each sale (its name, or a line's that exists), the count checked
 * every sale of the business and the page walked them newest first until it had ten, so the time was the
 * history's, not the matches'. Found first, it is the matches': most of it the lines' trigram matches rechecked
 * and joined to their sales. The matches are read once, for the count and the page: the trigram index's scan is
 * most of a name's time, and reading them twice doubled it.
 *
 * Why sale_search (migration 0029): a letter or two typed, which the web app searches as the typing pauses,
 * matches most of a long history, and the union of the sales' and the lines' matches read them all (for 'a',
 * most lines of most sales). One row per sale holding all its
 * names, lowered, is read once per match instead. `lower(names) like lower(pattern)` is ILIKE's own rule
 * (test/stock/search-lower-like.test.ts); the names are stored lowered and the pattern is lowered once, as the
 * product search does (list-products.ts). No pattern can match across two names: the contract refuses a search
 * with a control character (text() in packages/contract/src/ids.ts), so none holds the newline between them.
 *
 * Why a letter or two apart: no trigram index serves it, so its count reads every sale's names whatever the
 * form, and in a long history it matches most of them, which the found-first form then kept and sorted to take
 * ten. Walked newest first instead, the page stops after about ten sales. What it costs: a letter or a pair that
 * few sales hold reads the names twice, for the count and for the page, and the last pages of a letter walk most
 * of the history. The page is read only when the count reaches past its offset (pageOfSales), so a letter or a
 * pair that no sale holds, and a page past the end, read the names once.
 *
 * Planned for its values on every run (the limit a parameter, db/statement-names.ts): a letter or two matches
 * most of a large business's rows, which reads sale_search whole, where a longer name takes the trigram
 * index and a small business its own rows, and a generic plan would choose one of them for all.
 */
async function searchedStatement(
  db: Queryable,
  business: number,
  search: string,
  narrowing: (SQL | undefined)[],
  offset: number,
): Promise<PageRow[]> {
  const narrowed = and(...narrowing);
  const matched = sql`${hit.business_id} = ${business} and ${hit.names} like lower(${containsPattern(search)}::text)`;
  // `select` over the matching sale_search rows (alias t), joined to their sales when the narrowing asks of them.
  const overMatches = (select: SQL) =>
    narrowed
      ? sql`${select} join ${sales} on ${sales.business_id} = ${business} and ${sales.id} = ${hit.sale_id}
          where ${matched} and ${narrowed}`
      : sql`${select} where ${matched}`;
  if ([...search].length <= 2) {
    const { rows } = await db.execute<PageRow>(
      salesPage(
        sql`${sales.business_id} = ${business}
          and exists (select 1 from ${sale_search} ${hit} where ${matched} and ${hit.sale_id} = ${sales.id})${narrowed ? sql` and ${narrowed}` : sql``}`,
        sql`(${overMatches(sql`select count(*)::int from ${sale_search} ${hit}`)})`,
        offset,
        { limit: eachRun(PAGE_SIZE.sales) },
      ),
    );
    return rows;
  }
  const { rows } = await db.execute<PageRow>(
    pageOfSales({
      ctes: sql`hits as materialized (${overMatches(sql`select ${hit.sale_id} as id, ${hit.created_at} as created_at from ${sale_search} ${hit}`)})`,
      total: sql`(select count(*)::int from hits)`,
      offset,
      page: sql`select ${columnsAt('sales', saleNames)}
        from (select id, created_at from hits order by created_at desc, id desc
          limit ${limitOf(eachRun(PAGE_SIZE.sales))} offset (${offset})) h
        join ${sales} on ${sales.business_id} = ${business} and ${sales.id} = h.id`,
    }),
  );
  return rows;
}

/** salesPage's rows as the page's count and its sales, as the API answers them. */
function pageFrom(page: PageRow[]): { total: number; results: Sale[] } {
  const { total, rows } = countedRows(page);
  const results = rows.map(({ total: _total, items, gate_role: _role, gate_slug: _slug, ...row }) =>
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
