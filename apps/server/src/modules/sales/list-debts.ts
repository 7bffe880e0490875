import {
  type Currency,
  type DebtList,
  type listDebtsQuerySchema,
  PAGE_SIZE,
  type PaymentStatus,
  pageInfo,
} from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as z from 'zod';
import { limitOf, plannedOnce } from '../../db/limit';
import { numberOrNull } from '../../db/raw-row';
import { report_debtors, sales, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { balanceOf } from './sale-answer';

/** The statement's aliases: the maintained debtors `d`, their sales `s`, a registered customer `u`. */
const d = alias(report_debtors, 'd');
const s = alias(sales, 's');
const u = alias(users, 'u');

/**
 * A row of listDebts' statement: the count and the totals (on every row), then a debtor of the page with its open
 * sales as [id, payment status, total, paid, created at (text)]; past the end, the one row has only the first two.
 */
type DebtRow = {
  total: number;
  totals: [Currency, string][] | null;
  customer_id: string | null;
  currency: Currency | null;
  customer_name: string | null;
  total_owed: string | null;
  last_sale_at: string | null;
  customer_phone: string | null;
  open_sales: [number, PaymentStatus, string, string, string][] | null;
};

/** A debtor's key as the answers order them: a registered customer's id, or `name:` and the walk-in's name. */
const debtorKey = sql`case when ${d.customer_id} = 0 then 'name:' || ${d.name_key} else ${d.customer_id}::text end`;

/**
 * Whose debt a sale `s` is, as report_debtors and sales_open_debtor_idx key it: the registered customer (0 for a
 * walk-in), the walk-in's name any letter case with its outer spaces trimmed ('' for a registered customer), the
 * currency; and whether it is open (not paid in full, not cancelled), the index's condition.
 */
const debtorOfSale = sql`coalesce(${s.customer_id}, 0),
  (case when ${s.customer_id} is null then lower(trim(${s.customer_name})) else '' end), ${s.currency}`;
const isOpenSale = sql`${s.payment_status} <> 'paid' and ${s.status} = 'active'`;

/**
 * Whether the debtor `d` has an open sale sold under a name that the ILIKE `pattern` (db/search.ts) matches.
 *
 * A walk-in's open sales all have its name, `d.name_key` (lowered, outer spaces trimmed), so its own row answers:
 * `name_key like lower(pattern)`, ILIKE's own rule (as sale_search's names, list-sales.ts). The trim changes
 * nothing: the contract trims a search, so the text between the pattern's `%`s starts and ends with a letter that
 * is not a space, and matches inside a name only where it matches inside the trimmed name. A registered customer
 * may have been sold under several names: their open sales are read, off sales_open_debtor_idx (the debtor's key).
 *
 * Why: the debtors were those of every open sale whose name matched, so a search of a letter or two, which the
 * names' trigram index cannot narrow, read every open sale of the business; now each debtor's own row answers,
 * and a registered customer's open sales only.
 */
function debtorMatches(businessId: number, pattern: string): SQL {
  return sql`(case when ${d.customer_id} = 0 then ${d.name_key} like lower(${pattern})
    else exists (select 1 from ${sales} ${s}
      where ${s.business_id} = ${businessId} and (${debtorOfSale}) = (${d.customer_id}, ${d.name_key}, ${d.currency})
        and ${isOpenSale} and ${s.customer_name} ilike ${pattern}) end)`;
}

/**
 * Every customer of the business who still owes, the largest debt first, with their open sales; search over the
 * names they were sold under. One statement, from the maintained debtors (report_debtors, kept per registered
 * customer or walk-in name and currency by the sales' triggers in every writer's transaction,
 * docs/adr/0009-report-totals.md): they give the count, the order and the totals per currency, and only the
 * page's ten debtors read their open sales, each off sales_open_debtor_idx, whose key is the debtor's.
 *
 * Why: grouped from the open sales on every request (three times: the count, the page, the totals), the list's
 * time was the business's history's; now it is the page's debtors'.
 */
export async function listDebts(ctx: BusinessContext, query: z.output<typeof listDebtsQuerySchema>): Promise<DebtList> {
  const { businessId } = ctx;
  const pageSize = PAGE_SIZE.sales;
  const search: SQL = query.search ? sql`and ${debtorMatches(businessId, containsPattern(query.search))}` : sql``;
  const { rows } = await ctx.db.execute<DebtRow>(sql`
    with debtors as materialized (
      select ${d.customer_id} as customer_id, ${d.name_key} as name_key, ${d.currency} as currency,
        ${d.owed} as owed, ${debtorKey} as key
      from ${report_debtors} ${d}
      where ${d.business_id} = ${businessId} and ${d.open_sales} > 0 ${search})
    select c.total, c.totals, nullif(p.customer_id, 0) as customer_id, p.currency, o.*,
      coalesce((select ${u.phone_number} from ${users} ${u} where ${u.id} = nullif(p.customer_id, 0)), o.walk_in_phone)
        as customer_phone
    from (select (select count(*)::int from debtors) as total,
        (select json_agg(json_build_array(t.currency, t.owed) order by t.currency)
          from (select ${d.currency} as currency, sum(${d.owed})::numeric(14, 2)::text as owed from ${report_debtors} ${d}
            where ${d.business_id} = ${businessId} and ${d.open_sales} > 0 group by ${d.currency}) t) as totals) c
      left join (select * from debtors order by owed desc, key, currency
        limit ${limitOf(plannedOnce(pageSize))} offset (${(query.page - 1) * pageSize})) p on true
      left join lateral (
        select (array_agg(${s.customer_name} order by ${s.created_at} desc, ${s.id} desc))[1] as customer_name,
          -- A walk-in's phone as given at the counter, the latest (a registered customer's is on their account).
          (array_agg(${s.customer_phone} order by ${s.created_at} desc, ${s.id} desc)
            filter (where ${s.customer_phone} is not null))[1] as walk_in_phone,
          sum(${s.total_cart_amount} - ${s.amount_paid})::numeric(14, 2)::text as total_owed,
          to_char(max(${s.created_at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_sale_at,
          json_agg(json_build_array(${s.id}, ${s.payment_status}, ${s.total_cart_amount}::text, ${s.amount_paid}::text,
            ${s.created_at}::text) order by ${s.created_at}, ${s.id}) as open_sales
        from ${sales} ${s}
        where ${s.business_id} = ${businessId} and ${isOpenSale}
          and (${debtorOfSale}) = (p.customer_id, p.name_key, p.currency)) o on p.customer_id is not null
    order by p.owed desc, p.key, p.currency`);
  const [first] = rows;
  // Past the end, the one row is the count's and the totals'.
  const debtors = rows.filter((row) => row.customer_name !== null);
  return {
    ...pageInfo(first?.total ?? 0, query.page, pageSize),
    results: debtors.map((row) => ({
      customer_id: numberOrNull(row.customer_id),
      customer_name: row.customer_name as string,
      currency: row.currency as Currency,
      total_owed: row.total_owed as string,
      last_sale_at: row.last_sale_at as string,
      customer_phone: row.customer_phone,
      open_sales: (row.open_sales ?? []).map(([id, payment_status, total_cart_amount, amount_paid, created_at]) => ({
        id,
        payment_status,
        total_cart_amount,
        amount_paid,
        balance: balanceOf({ total_cart_amount, amount_paid }),
        // As drizzle's timestamp column reads it (new Date of the text), to the millisecond.
        created_at: new Date(created_at).toISOString(),
      })),
    })),
    totals: (first?.totals ?? []).map(([currency, total_owed]) => ({ currency, total_owed })),
  };
}
