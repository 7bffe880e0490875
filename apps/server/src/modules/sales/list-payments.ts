import {
  type listPaymentsQuerySchema,
  PAGE_SIZE,
  type Paginated,
  type PaymentListItem,
  pageInfo,
  toKobo,
} from '@oja/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as z from 'zod';
import { columnsAt, countedPage, countedRows } from '../../db/counted-page';
import { eachRun, limitOf } from '../../db/limit';
import { isoOfTimestamp, numberOrNull } from '../../db/raw-row';
import { payments, refunds, sales, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';

/**
 * Whose payments the caller may see, as the gate decided (the entry's `whole` and `recorded`): the CEO and managers
 * answer for the whole till, a salesperson for the money they took themselves, a customer for what was paid on
 * their own sales (whoever recorded it). As a condition on the payment, or on its sale.
 */
function visiblePayments(ctx: BusinessContext): { payment?: SQL; sale?: SQL } {
  switch (ctx.sees) {
    case 'business':
      return {};
    case 'recorded':
      return { payment: eq(payments.recorded_by, ctx.actor.userId) };
    case 'own':
      return { sale: eq(sales.customer_id, ctx.actor.userId) };
  }
}

const r = alias(refunds, 'r');

/** A row of the receipts' statement: the page's columns as node-postgres reads them raw, and the count. */
type PaymentRow = {
  total: string | number;
  id: string | null;
  sale_id: string;
  amount: string;
  currency: PaymentListItem['currency'];
  method: PaymentListItem['method'];
  customer_name: PaymentListItem['customer_name'];
  customer_id: string | null;
  recorded_by: string | null;
  recorded_by_name: string | null;
  refunded_amount: string;
  created_at: string;
};

/** The page's columns, as the statement's page names them (every column of PaymentRow but the count). */
const PAGE_COLUMNS: readonly Exclude<keyof PaymentRow, 'total'>[] = [
  'id',
  'sale_id',
  'amount',
  'currency',
  'method',
  'customer_name',
  'customer_id',
  'recorded_by',
  'recorded_by_name',
  'refunded_amount',
  'created_at',
];

/**
 * Payments newest first, each with its sale's customer and currency; search over the customer's name. One statement
 * (db/counted-page.ts): the count and the page, planned for the values of each run (its limit a parameter,
 * db/statement-names.ts).
 *
 * Why planned for its values: a search of a letter or two matches most of a long history or almost none of it, and
 * only the pattern tells which. Planned for it, a letter most names hold walks the payments newest first and stops
 * at the page, and one that few names hold reads the names and sorts its few payments. The count was a statement of
 * its own, which the pool's connections named after its first run and then ran under a generic plan, made for no
 * pattern. The search is ILIKE's own rule written as `lower(name) like lower(pattern)`
 * (test/stock/search-lower-like.test.ts), which sales_business_customer_name_lower_trgm_idx and its statistics
 * serve (migration 0031): a name of three letters or more takes the trigram index, and a letter or two reads the
 * lowered names at about half ILIKE's cost.
 *
 * Both together made every search that some name holds several times cheaper, with the same answers byte for byte.
 *
 * A search that no name holds then read the names a second time, in the page's walk of every payment for one that
 * matched; the page is now read only when the count reaches past its offset (db/counted-page.ts).
 */
export async function listPayments(
  ctx: BusinessContext,
  query: z.output<typeof listPaymentsQuerySchema>,
): Promise<Paginated<PaymentListItem>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const visible = visiblePayments(ctx);
  // What the caller asks of the payments' sales: whose they are (a customer's), and their customer's name.
  const ofSale = [visible.sale, pattern ? sql`lower(${sales.customer_name}) like lower(${pattern})` : undefined].filter(
    (condition) => condition !== undefined,
  );
  const where = and(eq(payments.business_id, ctx.businessId), visible.payment, ...ofSale);
  // The sale is joined on (business_id, id), the composite key payments point at.
  const onSale = sql`${sales.business_id} = ${payments.business_id} and ${sales.id} = ${payments.sale_id}`;
  // Every payment has its sale (the foreign key), so a count that asks nothing of the sale counts the payments
  // alone, off payments_business_created_idx, far cheaper than joined, and the page, which sorted them all, walks
  // that index.
  const counted = ofSale.length > 0 ? sql`${payments} join ${sales} on ${onSale}` : sql`${payments}`;
  const pageSize = PAGE_SIZE.sales;
  // The page's payments are chosen from the same rows as the count, and only then joined to what each answers
  // with: a page that asks nothing of the sale finds its ten off the payments' own index, where the joined walk
  // joined every payment it passed before its offset, which made the deep pages the slowest.
  const offset = (query.page - 1) * pageSize;
  const chosen = sql`select ${payments.id}, ${payments.created_at} from ${counted} where ${where}
    order by ${payments.created_at} desc, ${payments.id} desc
    limit ${limitOf(eachRun(pageSize))} offset (${offset})`;
  const { rows } = await ctx.db.execute<PaymentRow>(
    countedPage({
      total: sql`(select count(*) from ${counted} where ${where})`,
      // The page is walked only when the count reaches past its offset (above).
      offset,
      columns: columnsAt('p', PAGE_COLUMNS),
      page: sql`select ${payments.id}, ${payments.sale_id}, ${payments.amount}, ${sales.currency}, ${payments.method},
          ${sales.customer_name}, ${sales.customer_id}, ${payments.recorded_by},
          ${users.first_name} || ' ' || ${users.last_name} as recorded_by_name,
          (select coalesce(sum(${r.amount}), 0)::numeric(14,2)::text from ${refunds} ${r}
            where ${r.business_id} = ${payments.business_id} and ${r.payment_id} = ${payments.id}) as refunded_amount,
          ${payments.created_at}
        from (${chosen}) k
        join ${payments} on ${payments.business_id} = ${ctx.businessId} and ${payments.id} = k.id
        join ${sales} on ${onSale} left join ${users} on ${users.id} = ${payments.recorded_by}`,
      order: sql`p.created_at desc, p.id desc`,
    }),
  );
  const { total, rows: page } = countedRows(rows);
  return {
    ...pageInfo(total, query.page, pageSize),
    results: page.map((row) => ({
      id: Number(row.id),
      sale_id: Number(row.sale_id),
      amount: row.amount,
      currency: row.currency,
      method: row.method,
      customer_name: row.customer_name,
      customer_id: numberOrNull(row.customer_id),
      recorded_by:
        row.recorded_by !== null && row.recorded_by_name !== null
          ? { id: Number(row.recorded_by), name: row.recorded_by_name }
          : null,
      // A cancel refunds every payment in full; a return refunds some, newest first, perhaps part of one.
      is_refunded: toKobo(row.refunded_amount) >= toKobo(row.amount),
      refunded_amount: row.refunded_amount,
      created_at: isoOfTimestamp(row.created_at),
    })),
  };
}
