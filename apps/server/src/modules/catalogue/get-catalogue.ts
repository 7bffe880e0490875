import {
  CATALOGUE_FULL_COPY_LIMIT,
  CATALOGUE_PAGE_SIZE,
  type Catalogue,
  type CatalogueCustomer,
  type CatalogueProduct,
  type catalogueQuerySchema,
} from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { businessToday } from '../../db/business-day';
import {
  catalogue_removals,
  memberships,
  product_batches,
  product_counts,
  product_packs,
  product_stock,
  products,
  report_debtors,
  sale_lines,
  sales,
  users,
} from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';

type Query = z.output<typeof catalogueQuerySchema>;

/** How much one copy holds: a page's products, and the most products a business may have for a whole copy. */
export type CatalogueLimits = { pageSize: number; fullCopy: number };
const LIMITS: CatalogueLimits = { pageSize: CATALOGUE_PAGE_SIZE, fullCopy: CATALOGUE_FULL_COPY_LIMIT };

/** A partial copy holds the products sold within this many days. */
const PARTIAL_COPY_DAYS = 90;

export type ProductRow = {
  id: string;
  version: string;
  product_name: string | null;
  sku: string | null;
  barcode: string | null;
  currency: CatalogueProduct['currency'] | null;
  selling_price: string | null;
  selling_price_discount_percentage: string | null;
  wholesale_price: string | null;
  wholesale_price_discount_percentage: string | null;
  cost_price: string | null;
  stock_quantity: string | null;
  next_expiry: string | null;
  is_removed: boolean;
  base_unit: string | null;
  is_weighed: boolean | null;
  /** [id, name, units, selling_price, wholesale_price, barcode] per pack, money as text; null for none. */
  packs: [number, string, number, string, string | null, string | null][] | null;
};

/** A product's packs as one JSON array per product (money as text, never a JSON number), fewest units first. */
export function packsJson(businessId: number, productId: SQL): SQL {
  return sql`(select json_agg(json_build_array(${product_packs.id}, ${product_packs.name}, ${product_packs.units},
      ${product_packs.selling_price}::text, ${product_packs.wholesale_price}::text, ${product_packs.barcode})
      order by ${product_packs.units}, ${product_packs.id})
    from ${product_packs} where ${product_packs.business_id} = ${businessId} and ${product_packs.product_id} = ${productId})`;
}

/**
 * The device's copy of what selling needs (ADR 0014): the products written after `since` (everything live when
 * absent), in the order of their versions, a page at a time, and on the first page of each copy every registered
 * customer with what they owe.
 *
 * A version is the id of the transaction that wrote the product's row (migration 0039 keeps it). A page holds only
 * versions below its snapshot's xmin: every transaction with such an id has ended, so the set of rows at or below
 * any of them is final, and a later change gets a higher one. A page never splits one version (the rows one
 * transaction wrote go in one page), so its last version is the next page's cursor; the answer's `version` is what
 * the pages so far cover: the cursor while more follow, the snapshot's xmin less one on the last (the page that
 * holds every row left below the xmin, full or not). Whichever page a device stopped at, asking from that version
 * misses nothing.
 */
export async function getCatalogue(
  ctx: BusinessContext,
  query: Query,
  limits: CatalogueLimits = LIMITS,
): Promise<Catalogue> {
  const businessId = ctx.businessId;
  // Batches that expired since the stock was counted are counted out now, which moves those products' versions.
  await ctx.db.execute(sql`select product_stock_refresh(${businessId}, ${businessToday})`);
  const [counted] = (
    await ctx.db.execute<{ live: number; taken_at: string }>(sql`select coalesce((select ${product_counts.live_products}
      from ${product_counts} where ${product_counts.business_id} = ${businessId}), 0) as live,
      to_json(now())#>>'{}' as taken_at`)
  ).rows;
  const isPartial = Number(counted?.live ?? 0) > limits.fullCopy;
  const after = query.cursor ?? query.since ?? 0;
  // A copy from nothing skips what is gone already; once it has pages behind it, a product removed meanwhile is
  // told like any other change.
  const isFresh = query.since === undefined && query.cursor === undefined;
  const { rows } = await ctx.db.execute<ProductRow & { xmin: string; has_more: boolean }>(
    productsPage(businessId, after, { isFresh, isPartial, pageSize: limits.pageSize, follow: query.follow ?? [] }),
  );
  const xmin = Number(rows[0]?.xmin);
  const found = rows.filter((row) => row.id !== null);
  const last = found.at(-1);
  // A page that holds every change left is the last, full or not: no empty page after it to ask for.
  const nextCursor = rows[0]?.has_more && last ? Number(last.version) : null;
  return {
    version: nextCursor ?? Math.max(xmin - 1, 0),
    products: found.map(productOf),
    customers: query.cursor === undefined ? await customersOf(ctx) : [],
    next_cursor: nextCursor,
    is_partial: isPartial,
    taken_at: new Date(counted?.taken_at ?? Date.now()).toISOString(),
  };
}

/**
 * One statement: the snapshot's xmin and whether rows remain past this page, then the product rows and removals
 * written after `after` and below it, the first `pageSize` of them by version and every other row of the last
 * version among those.
 */
/** The page's products `p` and their kept stock `s`. */
const p = alias(products, 'p');
const st = alias(product_stock, 's');

function productsPage(
  businessId: number,
  after: number,
  shape: { isFresh: boolean; isPartial: boolean; pageSize: number; follow: readonly number[] },
) {
  const soldLately = sql`${product_stock.product_id} in (select ${sale_lines.product_id} from ${sales}
    join ${sale_lines} on ${sale_lines.business_id} = ${sales.business_id} and ${sale_lines.sale_id} = ${sales.id}
    where ${sales.business_id} = ${businessId} and ${sales.created_at} >= now() - make_interval(days => ${PARTIAL_COPY_DAYS}))`;
  // What the phone found by searching and keeps beside its partial copy changes as the copy's own products do.
  // The ids are digits (the contract's pattern), passed as one array literal: one parameter, however many.
  const followed =
    shape.follow.length > 0 ? [sql`${product_stock.product_id} = any(${`{${shape.follow.join(',')}}`}::bigint[])`] : [];
  const kept = sql.join(
    [
      sql`${product_stock.business_id} = ${businessId}`,
      sql`${product_stock.version} > ${after}`,
      sql`${product_stock.version} < (select xmin from w)`,
      ...(shape.isFresh ? [sql`${product_stock.live}`] : []),
      ...(shape.isPartial
        ? [sql`(${sql.join([sql`not ${product_stock.live}`, soldLately, ...followed], sql` or `)})`]
        : []),
    ],
    sql` and `,
  );
  const removed = shape.isFresh
    ? sql``
    : sql`union all select ${catalogue_removals.product_id} as id, ${catalogue_removals.version} as version
        from ${catalogue_removals} where ${catalogue_removals.business_id} = ${businessId}
        and ${catalogue_removals.version} > ${after} and ${catalogue_removals.version} < (select xmin from w)`;
  return sql`with w as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin),
    changed as materialized (
      select ${product_stock.product_id} as id, ${product_stock.version} as version from ${product_stock} where ${kept}
      ${removed}),
    bound as (select version from changed order by version, id offset ${shape.pageSize - 1} limit 1),
    page as (select * from changed where version <= coalesce((select version from bound), version))
    select (select xmin from w)::text as xmin,
      exists (select 1 from changed where version > (select version from bound)) as has_more,
      c.id, c.version, ${p.product_name} as product_name, ${p.sku} as sku,
      ${p.barcode} as barcode, ${p.currency} as currency, ${p.selling_price} as selling_price,
      ${p.selling_price_discount_percentage} as selling_price_discount_percentage,
      ${p.wholesale_price} as wholesale_price,
      ${p.wholesale_price_discount_percentage} as wholesale_price_discount_percentage,
      ${p.cost_price} as cost_price, ${st.sellable} as stock_quantity,
      (select min(${product_batches.expiration_date}) from ${product_batches}
        where ${product_batches.business_id} = ${businessId} and ${product_batches.product_id} = c.id
          and ${product_batches.quantity} > 0 and ${product_batches.expiration_date} >= ${businessToday}) as next_expiry,
      (${p.id} is null or ${p.archived_at} is not null) as is_removed,
      ${p.base_unit} as base_unit, ${p.is_weighed} as is_weighed, ${packsJson(businessId, sql`c.id`)} as packs
    from (select 1) one
    left join page c on true
    left join ${products} ${p} on ${p.business_id} = ${businessId} and ${p.id} = c.id
    left join ${product_stock} ${st} on ${st.business_id} = ${businessId} and ${st.product_id} = c.id
    order by c.version, c.id`;
}

export function productOf(row: ProductRow): CatalogueProduct {
  const isRemoved = row.is_removed || row.product_name === null;
  return {
    id: Number(row.id),
    product_name: row.product_name ?? '',
    sku: row.sku ?? '',
    barcode: row.barcode,
    currency: row.currency ?? 'NGN',
    selling_price: row.selling_price ?? '0.00',
    selling_price_discount_percentage: row.selling_price_discount_percentage ?? '0.00',
    wholesale_price: row.wholesale_price,
    wholesale_price_discount_percentage: row.wholesale_price_discount_percentage ?? '0.00',
    cost_price: row.cost_price,
    stock_quantity: isRemoved ? 0 : Number(row.stock_quantity ?? 0),
    next_expiry: row.next_expiry,
    is_removed: isRemoved,
    version: Number(row.version),
    base_unit: row.base_unit ?? 'piece',
    is_weighed: row.is_weighed ?? false,
    packs: (row.packs ?? []).map(([id, name, units, selling_price, wholesale_price, barcode]) => ({
      id,
      name,
      units,
      selling_price,
      wholesale_price,
      barcode,
    })),
  };
}

/** Every active registered customer of the business with what they owe over their open sales (report_debtors). */
async function customersOf(ctx: BusinessContext): Promise<CatalogueCustomer[]> {
  const { rows } = await ctx.db.execute<{ id: string; name: string; phone_number: string | null; owed: string }>(
    sql`select ${users.id} as id, trim(${users.first_name} || ' ' || ${users.last_name}) as name,
      ${users.phone_number} as phone_number,
      coalesce((select sum(${report_debtors.owed}) from ${report_debtors}
        where ${report_debtors.business_id} = ${ctx.businessId} and ${report_debtors.customer_id} = ${users.id}
          and ${report_debtors.name_key} = ''), 0)::numeric(14, 2)::text as owed
    from ${memberships} join ${users} on ${users.id} = ${memberships.user_id}
    where ${memberships.business_id} = ${ctx.businessId} and ${memberships.role} = 'customer'
      and ${memberships.is_active}
    order by ${users.id}`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, phone_number: row.phone_number, owed: row.owed }));
}
