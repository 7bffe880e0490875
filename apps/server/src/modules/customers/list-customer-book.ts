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
import { customer_merges, memberships, sales, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { BusinessContext } from '../../platform/tenancy';
import { ANONYMOUS_NAME_KEYS, type BalanceRow, balanceColumns, balanceOf, balanceOutput, s } from './customer-key';

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
 * The sales are grouped on each request: docs/adr/0025-customers-book.md says why and what would replace it.
 */
export async function listCustomerBook(
  ctx: BusinessContext,
  query: z.output<typeof listCustomerBookQuerySchema>,
): Promise<CustomerBook> {
  const { businessId } = ctx;
  const pageSize = PAGE_SIZE.customers;
  const today = lagosToday();
  const search = query.search ? containsPattern(query.search) : null;
  const anonymous = sql.join(
    ANONYMOUS_NAME_KEYS.map((name) => sql`${name}`),
    sql`, `,
  );
  const { rows } = await ctx.db.execute<BookRow>(sql`
    with grouped as (
      select coalesce(${s.customer_id}, 0) as customer_id,
        (case when ${s.customer_id} is null then lower(trim(${s.customer_name})) else '' end) as name_key,
        ${s.currency} as currency, ${balanceColumns(today)},
        (array_agg(trim(${s.customer_name}) order by ${s.created_at} desc, ${s.id} desc))[1] as latest_name,
        (array_agg(${s.customer_phone} order by ${s.created_at} desc, ${s.id} desc)
          filter (where ${s.customer_phone} is not null))[1] as latest_phone
      from ${sales} ${s}
      where ${s.business_id} = ${businessId}
        and (${s.customer_id} is not null or lower(trim(${s.customer_name})) not in (${anonymous}))
      group by 1, 2, 3),
    book as (
      select g.*, coalesce(trim(${users.first_name} || ' ' || ${users.last_name}), g.latest_name) as name,
        coalesce(${users.phone_number}, g.latest_phone) as phone
      from grouped g left join ${users} on ${users.id} = nullif(g.customer_id, 0)
      union all
      select ${memberships.user_id}, '', ${DEFAULT_CURRENCY}, 0, null, 0, null, null, null, null, null, null, null,
        trim(${users.first_name} || ' ' || ${users.last_name}), ${users.phone_number}
      from ${memberships} join ${users} on ${users.id} = ${memberships.user_id}
      where ${memberships.business_id} = ${businessId} and ${memberships.role} = 'customer'
        and ${memberships.is_active}
        and not exists (select 1 from grouped g where g.customer_id = ${memberships.user_id})
        and not exists (select 1 from ${customer_merges} where ${customer_merges.business_id} = ${businessId}
          and ${customer_merges.merged_customer_id} = ${memberships.user_id})),
    matched as (
      select * from book
      ${search ? sql`where name ilike ${search} or phone ilike ${search}` : sql``})
    select c.total, nullif(p.customer_id, 0) as customer_id, p.name as customer_name, p.phone, p.currency,
      ${balanceOutput(sql`p`)}
    from (select count(*)::int as total from matched) c
      left join (select * from matched order by owed desc, lower(name), customer_id, name_key, currency
        limit ${pageSize} offset ${(query.page - 1) * pageSize}) p on true
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
