import { addQuantities, type Batch, MESSAGES, type MemberRole, type Pack, type Product } from '@oja/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnceSql, type OrPlaceholder } from '../../db/built-once';
import { businessTodayOnce } from '../../db/business-day';
import type { Queryable } from '../../db/client';
import { columnsAt } from '../../db/counted-page';
import { isoOfTimestamp } from '../../db/raw-row';
import { belowCost, product_batches, product_categories, product_packs, products } from '../../db/schema';
import { notFound } from '../../platform/errors';

type ProductRow = typeof products.$inferSelect;

/** Only live products are seen: an archived one answers 404 like a missing one. */
export const liveProduct = (businessId: number, productId: number) =>
  and(eq(products.business_id, businessId), eq(products.id, productId), isNull(products.archived_at));

export const productNotFound = () => notFound(MESSAGES.product.notFound);

const productColumns = {
  id: products.id,
  product_name: products.product_name,
  sku: products.sku,
  barcode: products.barcode,
  cost_price: products.cost_price,
  selling_price: products.selling_price,
  selling_price_discount_percentage: products.selling_price_discount_percentage,
  wholesale_price: products.wholesale_price,
  wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
  currency: products.currency,
  reorder_level: products.reorder_level,
  category_id: products.category_id,
  base_unit: products.base_unit,
  is_weighed: products.is_weighed,
  created_at: products.created_at,
  updated_at: products.updated_at,
};
type ProductColumns = Pick<ProductRow, keyof typeof productColumns>;

/**
 * The margin guard of a product's row, as its answer's is_below_cost: the database's rule (belowCost, the one
 * products_below_cost_idx and the overview's attention use), read with the row. belowCost is null for a retail
 * price at or above the cost without a wholesale price (null > 0 is null), which is false here.
 */
const isBelowCostOf = (t: Parameters<typeof belowCost>[0]) => sql<boolean>`(${belowCost(t)} is true)`;

/** The product columns as a statement's subquery aliased `p` selects them (listedProductColumns reads them there). */
export const pageColumns = sql.join(Object.values(productColumns), sql`, `);

/** A product's columns as both readers have them alike; the id and dates come converted beside them. */
type AnswerFields = Omit<ProductColumns, 'id' | 'created_at' | 'updated_at' | 'category_id'> & {
  category_id: number | string | null;
  category_name: string | null;
  is_below_cost: boolean;
};

/**
 * The name of the category of the product that `businessId` and `categoryId` name (null: none). The CASE keeps the
 * lookup from being started for a product without a category: a correlated subquery costs its start on each row
 * of a page, whether or not it finds anything.
 */
function categoryName(businessId: SQL | OrPlaceholder<number> | number, categoryId: unknown): SQL {
  return sql`case when ${categoryId} is not null then (select ${product_categories.name} from ${product_categories}
    where ${product_categories.business_id} = ${businessId} and ${product_categories.id} = ${categoryId}) end`;
}

/**
 * The spec's Product from its row and batches. Built field by field, in the order the answer always had:
 * the rest-and-spread copies it replaced (`{ cost_price, ...visible } = row`, `{ product_id, ...batch }` per
 * batch) were the server's costliest JS of the product list in the bench's CPU profile. The object is one
 * literal, so that every product of a page has the same shape from its creation, with no fields added after.
 */
function answer(
  viewer: { role: MemberRole },
  business: { id: number; slug: string },
  row: AnswerFields,
  stamps: { id: number; created_at: string; updated_at: string },
  batches: Batch[],
  packs: Pack[],
): Product {
  let sellable = 0;
  let expired = 0;
  for (const batch of batches) {
    if (batch.is_expired) expired = addQuantities(expired, batch.quantity);
    else sellable = addQuantities(sellable, batch.quantity);
  }
  const category =
    row.category_id === null || row.category_name === null
      ? null
      : { id: Number(row.category_id), name: row.category_name };
  // A customer never sees what the shop paid: the field is left out (undefined is not written), not blanked, and so
  // is the margin guard.
  const isCustomer = viewer.role === 'customer';
  return {
    id: stamps.id,
    product_name: row.product_name,
    sku: row.sku,
    barcode: row.barcode,
    selling_price: row.selling_price,
    selling_price_discount_percentage: row.selling_price_discount_percentage,
    wholesale_price: row.wholesale_price,
    wholesale_price_discount_percentage: row.wholesale_price_discount_percentage,
    currency: row.currency,
    reorder_level: row.reorder_level,
    category,
    created_at: stamps.created_at,
    updated_at: stamps.updated_at,
    cost_price: isCustomer ? undefined : row.cost_price,
    is_below_cost: isCustomer ? undefined : row.is_below_cost,
    quantity_in_stock: sellable,
    expired_quantity: expired,
    business,
    batches,
    base_unit: row.base_unit,
    is_weighed: row.is_weighed,
    packs,
  };
}

/**
 * A page of products as one statement reads them (listedProductColumns): the product's columns as
 * PostgreSQL sends them, untouched by drizzle's mapping, and its batches as a JSON array.
 */
export type ListedProductRow = {
  /** bigint: node-postgres sends it as a string. */
  id: string;
  product_name: string;
  sku: string;
  barcode: string | null;
  cost_price: string;
  selling_price: string;
  selling_price_discount_percentage: string;
  wholesale_price: string | null;
  wholesale_price_discount_percentage: string;
  currency: Product['currency'];
  reorder_level: number | null;
  /** bigint: a string, as the id. */
  category_id: string | null;
  category_name: string | null;
  base_unit: string;
  is_weighed: boolean;
  /** The margin guard (isBelowCostOf), read with the row. */
  is_below_cost: boolean;
  /** timestamptz as PostgreSQL writes it (drizzle's node-postgres session keeps it a string). */
  created_at: string;
  updated_at: string;
  /** [id, batch_number, quantity, expiration_date, is_expired] per batch; null for none (json_agg of no rows). */
  batches: [number, string, number, string | null, boolean][] | null;
  /** [id, name, units, selling_price, wholesale_price, barcode] per pack (prices as text); null for none. */
  packs: [number, string, number, string, string | null, string | null][] | null;
};

const listedNames = Object.keys(productColumns) as (keyof typeof productColumns)[];

/** The listed product (alias `p`, columnsAt's), its batches (`b`) and its packs (`pk`, ADR 0030). */
const listed = alias(products, 'p');
const b = alias(product_batches, 'b');
const pk = alias(product_packs, 'pk');

/**
 * The columns of a page of products aliased `p` (its own LIMIT/OFFSET subquery), and each product's
 * batches as a JSON array in the same statement, soonest expiry first, no expiry last, then by id: the
 * order and fields of the spec's Product. The correlated subquery runs once per row of `p`, so for the page's
 * 20 products only, never for the rows OFFSET skips. Each batch is a JSON array, not an object: json_build_object's
 * keys written for every batch cost PostgreSQL a fifth more CPU for the whole statement, where arrays cost about
 * what the three statements it replaces did. `today` is an InitPlan, computed once per statement rather
 * than for each batch. The packs are read the same way, but only in a business that keeps any: most shops keep
 * none, and whether one does is read once for the statement (uncorrelated, so an InitPlan), where the lookup
 * started for each product of the page costs its start whether or not it finds a pack.
 *
 * Why: the product list was four statements (gate, count, page, then the batches); each statement
 * costs the server a query built by drizzle, a round trip and its rows parsed, and PostgreSQL a parse,
 * plan and execution (list-products.ts has the bench's figures before and after).
 */
export function listedProductColumns(businessId: OrPlaceholder<number>): SQL {
  return sql`${columnsAt('p', listedNames)},
    (select json_agg(json_build_array(${b.id}, ${b.batch_number}, ${b.quantity}, ${b.expiration_date},
        coalesce(${b.expiration_date} < ${businessTodayOnce}, false)) order by ${b.expiration_date} asc nulls last, ${b.id} asc)
      from ${product_batches} ${b} where ${b.business_id} = ${businessId} and ${b.product_id} = ${listed.id}) as batches,
    case when exists (select from ${product_packs} where ${product_packs.business_id} = ${businessId}) then
      (select json_agg(json_build_array(${pk.id}, ${pk.name}, ${pk.units}, ${pk.selling_price}::text,
        ${pk.wholesale_price}::text, ${pk.barcode}) order by ${pk.units} asc, ${pk.id} asc)
      from ${product_packs} ${pk} where ${pk.business_id} = ${businessId} and ${pk.product_id} = ${listed.id}) end
      as packs,
    ${categoryName(businessId, listed.category_id)} as category_name,
    ${isBelowCostOf(listed)} as is_below_cost`;
}

/** The spec's Products of rows read with listedProductColumns, in the rows' order. */
export function listedProducts(
  viewer: { business: { id: number; slug: string }; role: MemberRole },
  rows: ListedProductRow[],
): Product[] {
  const business = { id: viewer.business.id, slug: viewer.business.slug };
  return rows.map((row) =>
    answer(
      viewer,
      business,
      row,
      {
        id: Number(row.id),
        created_at: isoOfTimestamp(row.created_at),
        updated_at: isoOfTimestamp(row.updated_at),
      },
      row.batches === null
        ? []
        : row.batches.map(([id, batch_number, quantity, expiration_date, is_expired]) => ({
            id,
            batch_number,
            quantity,
            expiration_date,
            is_expired,
          })),
      row.packs === null
        ? []
        : row.packs.map(([id, name, units, selling_price, wholesale_price, barcode]) => ({
            id,
            name,
            units,
            selling_price,
            wholesale_price,
            barcode,
          })),
    ),
  );
}

/**
 * One live product of the business as the list reads a page's (listedProductColumns, listedProducts): one
 * statement, built once, for its row, batches, packs, category and margin guard, answered by the same code as
 * the list's. Empty when there is no such product.
 */
const oneProductRead = builtOnceSql<{ businessId: number; productId: number }, ListedProductRow>(() => {
  const businessId = sql.placeholder('businessId');
  return sql`select ${listedProductColumns(businessId)} from (select ${pageColumns} from ${products}
    where ${products.business_id} = ${businessId} and ${products.id} = ${sql.placeholder('productId')}
      and ${products.archived_at} is null) p`;
});

export async function oneProduct(
  db: Queryable,
  viewer: { business: { id: number; slug: string }; role: MemberRole },
  productId: number,
): Promise<Product | undefined> {
  const rows = await oneProductRead(db, { businessId: viewer.business.id, productId });
  return listedProducts(viewer, rows)[0];
}
