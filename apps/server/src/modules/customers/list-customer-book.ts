import {
  type CustomerBook,
  DEFAULT_CURRENCY,
  lagosToday,
  type listCustomerBookQuerySchema,
  PAGE_SIZE,
  pageInfo,
} from '@oja/contract';
import { sql } from 'drizzle-orm';
import type * as z from 'zod';
import { numberOrNull } from '../../db/raw-row';
import { customer_merges, customer_totals, memberships, sales, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { agingColumns, type BalanceRow, balanceOf, balanceOutput, s } from './customer-key';

type BookRow = BalanceRow & {
  total: number;
  customer_id: string | null;
  customer_name: string | null;
  phone: string | null;
};

/**
 * The customers book: every customer of the business in each currency they bought in, most owed first. A customer
 * is a registered customer (by id: their account's name and phone) or a name typed on sales (any letter case, as
 * the debts list groups them; the name and phone of their latest sale). Registered customers who bought nothing
 * are listed too, unless the owner merged them into another customer (customer_merges) and nothing was sold to
 * them since. The search is over the name and the phone.
 *
 * The figures are each customer's row of customer_totals, kept by the sales' triggers
 * (docs/adr/0035-customer-totals.md): a page sorts the business's customers, not its sales. Only what depends on
 * today, the open sales' age, is read from the sales, for the page's customers only (sales_open_debtor_idx).
 */
export async function listCustomerBook(
  ctx: BusinessContext,
  query: z.output<typeof listCustomerBookQuerySchema>,
): Promise<CustomerBook> {
  const { businessId } = ctx;
  const pageSize = PAGE_SIZE.customers;
  const today = lagosToday();
  const search = query.search ? containsPattern(query.search) : null;
  const k = customer_totals;
  const { rows } = await ctx.db.execute<BookRow>(sql`
    with book as (
      select ${k.customer_id} as customer_id, ${k.name_key} as name_key, ${k.currency} as currency,
        ${k.sales_count} as sales_count, ${k.total_bought} as total_bought, ${k.owed} as owed,
        ${k.last_sale_at} as last_sale_at,
        coalesce(trim(${users.first_name} || ' ' || ${users.last_name}), ${k.latest_name}) as name,
        coalesce(${users.phone_number}, ${k.phone}) as phone
      from ${k} left join ${users} on ${users.id} = nullif(${k.customer_id}, 0)
      where ${k.business_id} = ${businessId} and ${k.sales} > 0
      union all
      select ${memberships.user_id}, '', ${DEFAULT_CURRENCY}, 0, null, 0, null,
        trim(${users.first_name} || ' ' || ${users.last_name}), ${users.phone_number}
      from ${memberships} join ${users} on ${users.id} = ${memberships.user_id}
      where ${memberships.business_id} = ${businessId} and ${memberships.role} = 'customer'
        and ${memberships.is_active}
        and not exists (select 1 from ${k} where ${k.business_id} = ${businessId}
          and ${k.customer_id} = ${memberships.user_id} and ${k.sales} > 0)
        and not exists (select 1 from ${customer_merges} where ${customer_merges.business_id} = ${businessId}
          and ${customer_merges.merged_customer_id} = ${memberships.user_id})),
    matched as (
      select * from book
      ${search ? sql`where name ilike ${search} or phone ilike ${search}` : sql``}),
    page as (
      select * from matched order by owed desc, lower(name), customer_id, name_key, currency
      limit ${pageSize} offset ${(query.page - 1) * pageSize})
    select c.total, nullif(p.customer_id, 0) as customer_id, p.name as customer_name, p.phone, p.currency,
      ${balanceOutput(sql`p`)}
    from (select count(*)::int as total from matched) c
      left join (
        select page.*, aged.* from page
        left join lateral (
          select ${agingColumns(today)} from ${sales} ${s}
          where ${s.business_id} = ${businessId} and coalesce(${s.customer_id}, 0) = page.customer_id
            and (case when ${s.customer_id} is null then lower(trim(${s.customer_name})) else '' end) = page.name_key
            and ${s.currency} = page.currency and ${s.payment_status} <> 'paid' and ${s.status} = 'active'
        ) aged on true) p on true
    order by p.owed desc, lower(p.name), p.customer_id, p.name_key, p.currency`);
  const [first] = rows;
  return {
    ...pageInfo(first?.total ?? 0, query.page, pageSize),
    results: rows
      .filter((row) => row.customer_name !== null)
      .map((row) => ({
        customer_id: numberOrNull(row.customer_id),
        customer_name: row.customer_name as string,
        phone: row.phone,
        ...balanceOf(row),
      })),
  };
}
