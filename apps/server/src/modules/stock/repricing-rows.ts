import {
  isBelowCost,
  marginOf,
  PRICING_MESSAGES,
  REPRICING_MAX_PRODUCTS,
  type Repricing,
  type RepricingChange,
  type RepricingRow,
  repriced,
  type repricingBodySchema,
  SUPPLIER_RULES,
} from '@oja/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import {
  deliveries,
  delivery_lines,
  product_categories,
  product_search,
  products,
  repricings,
  suppliers,
  users,
} from '../../db/schema';
import { containsPattern } from '../../db/search';
import { badRequest, notFound } from '../../platform/errors';

export type RepricingInput = z.output<typeof repricingBodySchema>;

/** A product as a bulk change reads it: its prices, discounts and cost. */
export const pricedColumns = {
  id: products.id,
  product_name: products.product_name,
  sku: products.sku,
  currency: products.currency,
  cost_price: products.cost_price,
  selling_price: products.selling_price,
  selling_price_discount_percentage: products.selling_price_discount_percentage,
  wholesale_price: products.wholesale_price,
  wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
};
type PricedRow = {
  id: number;
  product_name: string;
  sku: string;
  currency: RepricingRow['currency'];
  cost_price: string;
  selling_price: string;
  selling_price_discount_percentage: string;
  wholesale_price: string | null;
  wholesale_price_discount_percentage: string;
};

/**
 * The live products a bulk change is about: of the category when one is named, received on a delivery from the
 * supplier when one is named (docs/adr/0028: what the supplier actually brought, not a default someone set),
 * matching the search (the inventory's rule: part of the name, SKU or barcode, any case) when one is given, else
 * all. By id: the order
 * their rows are locked in when the change is applied, so two changes never wait on each other in a circle.
 */
function selectionOf(businessId: number, input: RepricingInput): SQL {
  const conditions: SQL[] = [eq(products.business_id, businessId), isNull(products.archived_at) as SQL];
  if (input.category_id != null) conditions.push(eq(products.category_id, input.category_id));
  if (input.supplier_id != null)
    conditions.push(sql`exists (select 1 from ${delivery_lines} join ${deliveries}
        on ${deliveries.business_id} = ${delivery_lines.business_id} and ${deliveries.id} = ${delivery_lines.delivery_id}
      where ${delivery_lines.business_id} = ${businessId} and ${delivery_lines.product_id} = ${products.id}
        and ${deliveries.supplier_id} = ${input.supplier_id})`);
  if (input.search) {
    const pattern = sql`lower(${containsPattern(input.search)}::text)`;
    conditions.push(sql`exists (select 1 from ${product_search} where ${product_search.business_id} = ${businessId}
      and ${product_search.product_id} = ${products.id}
      and (${product_search.name_lower} like ${pattern} or ${product_search.sku_lower} like ${pattern}
        or ${product_search.barcode_lower} like ${pattern}))`);
  }
  return and(...conditions) as SQL;
}

/** One product's row of the preview: its new prices by the contract's arithmetic (kobo), and what they earn. */
export function repricingRowOf(
  product: PricedRow,
  prices: { selling: string; wholesale: string | null },
): RepricingRow {
  const newProduct = { ...product, selling_price: prices.selling, wholesale_price: prices.wholesale };
  return {
    product_id: product.id,
    product_name: product.product_name,
    sku: product.sku,
    currency: product.currency,
    cost_price: product.cost_price,
    old_selling_price: product.selling_price,
    new_selling_price: prices.selling,
    old_wholesale_price: product.wholesale_price,
    new_wholesale_price: prices.wholesale,
    margin: marginOf(prices.selling, product.selling_price_discount_percentage, product.cost_price),
    wholesale_margin:
      prices.wholesale === null
        ? null
        : marginOf(prices.wholesale, product.wholesale_price_discount_percentage, product.cost_price),
    is_below_cost: isBelowCost(newProduct),
  };
}

/**
 * Each selected product's row with its new prices, the products whose prices would not move left out (a small
 * cut rounded back up). Refused: no product, more than REPRICING_MAX_PRODUCTS, or a price that would fall to ₦0.
 * A wholesale price of ₦0 or none stays as it is. With `lock`, the rows are read FOR NO KEY UPDATE in id order
 * (the apply's transaction).
 */
export async function repricedRows(
  db: Queryable,
  businessId: number,
  input: RepricingInput,
  options: { lock?: boolean } = {},
): Promise<RepricingRow[]> {
  if (input.category_id != null) await assertCategory(db, businessId, input.category_id);
  if (input.supplier_id != null) await assertSupplier(db, businessId, input.supplier_id);
  const query = db
    .select(pricedColumns)
    .from(products)
    .where(selectionOf(businessId, input))
    .orderBy(asc(products.id))
    .limit(REPRICING_MAX_PRODUCTS + 1);
  const found = options.lock ? await query.for('no key update') : await query;
  if (found.length === 0) throw badRequest(PRICING_MESSAGES.noProducts);
  if (found.length > REPRICING_MAX_PRODUCTS) throw badRequest(PRICING_MESSAGES.tooMany(REPRICING_MAX_PRODUCTS));
  const change: RepricingChange = input;
  const rows: RepricingRow[] = [];
  for (const product of found) {
    const selling = repriced(product.selling_price, change);
    if (selling === null) throw badRequest(PRICING_MESSAGES.wouldBeFree(product.product_name));
    const hasWholesale = product.wholesale_price !== null && product.wholesale_price !== '0.00';
    const wholesale = hasWholesale ? repriced(product.wholesale_price as string, change) : product.wholesale_price;
    if (wholesale === null && hasWholesale) throw badRequest(PRICING_MESSAGES.wouldBeFree(product.product_name));
    if (selling === product.selling_price && wholesale === product.wholesale_price) continue;
    rows.push(repricingRowOf(product, { selling, wholesale }));
  }
  if (rows.length === 0) throw badRequest(PRICING_MESSAGES.noProducts);
  // The preview reads in the name's order; the lock's order is the ids'.
  return rows.sort((a, b) => a.product_name.localeCompare(b.product_name) || a.product_id - b.product_id);
}

/** A category of another business answers 404 like a missing one. */
async function assertCategory(db: Queryable, businessId: number, categoryId: number): Promise<void> {
  const [found] = await db
    .select({ id: product_categories.id })
    .from(product_categories)
    .where(and(eq(product_categories.business_id, businessId), eq(product_categories.id, categoryId)));
  if (!found) throw notFound(PRICING_MESSAGES.categoryNotFound);
}

/** A supplier of another business answers 404 like a missing one. */
async function assertSupplier(db: Queryable, businessId: number, supplierId: number): Promise<void> {
  const [found] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.business_id, businessId), eq(suppliers.id, supplierId)));
  if (!found) throw notFound(SUPPLIER_RULES.notFound);
}

/** The business's bulk change, or 404 (another business's answers as a missing one). */
export async function repricingOf(db: Queryable, businessId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(repricings)
    .where(and(eq(repricings.business_id, businessId), eq(repricings.id, id)));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw notFound(PRICING_MESSAGES.notFound);
  return found;
}

/** The id of the business's newest bulk change, or null. */
export async function lastRepricingId(db: Queryable | Tx, businessId: number): Promise<number | null> {
  const [last] = await db
    .select({ id: repricings.id })
    .from(repricings)
    .where(eq(repricings.business_id, businessId))
    .orderBy(sql`${repricings.id} desc`)
    .limit(1);
  return last?.id ?? null;
}

/** The business's latest bulk changes (at most `limit`, newest first, or only `id`), as the API answers them. */
export async function repricingAnswers(
  db: Queryable,
  businessId: number,
  options: { id?: number; limit: number },
): Promise<Repricing[]> {
  const rows = await db
    .select({
      change: repricings,
      category_name: product_categories.name,
      supplier_name: suppliers.name,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(repricings)
    .leftJoin(
      product_categories,
      and(
        eq(product_categories.business_id, repricings.business_id),
        eq(product_categories.id, repricings.category_id),
      ),
    )
    .leftJoin(
      suppliers,
      and(eq(suppliers.business_id, repricings.business_id), eq(suppliers.id, repricings.supplier_id)),
    )
    .leftJoin(users, eq(users.id, repricings.user_id))
    .where(
      and(eq(repricings.business_id, businessId), options.id === undefined ? undefined : eq(repricings.id, options.id)),
    )
    .orderBy(sql`${repricings.id} desc`)
    .limit(options.limit);
  const last = await lastRepricingId(db, businessId);
  return rows.map(({ change, category_name, supplier_name, first_name, last_name }) => ({
    id: change.id,
    method: change.method,
    direction: change.direction,
    value: change.value,
    round_to: change.round_to,
    search: change.search,
    category:
      change.category_id === null || category_name === null ? null : { id: change.category_id, name: category_name },
    supplier:
      change.supplier_id === null || supplier_name === null ? null : { id: change.supplier_id, name: supplier_name },
    product_count: change.product_count,
    user:
      change.user_id === null || first_name === null || last_name === null
        ? null
        : { id: change.user_id, first_name, last_name },
    created_at: change.created_at.toISOString(),
    undone_at: change.undone_at?.toISOString() ?? null,
    is_last: change.id === last && change.undone_at === null,
  }));
}
