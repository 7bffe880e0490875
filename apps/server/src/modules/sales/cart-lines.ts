/** What creating and editing a cart share: merging lines, checking them against the stock, writing them. */
import {
  addQuantities,
  type Cart,
  type createCartBodySchema,
  DEFAULT_CUSTOMER_NAME,
  MESSAGES,
  priceLine,
  SALES_MESSAGES,
  toMilli,
  UNITS_MESSAGES,
} from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { BUILT, builtOnce, builtOncePer, placeholdersFor, putValues } from '../../db/built-once';
import type { Queryable, Tx } from '../../db/client';
import { cart_items, carts, product_batches, product_packs, products } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import {
  type CartLineRow,
  type CartPack,
  type CartProduct,
  cartLineColumns,
  cartProductColumns,
  cartsWhere,
  cartTotalKobo,
  MAX_CART_KOBO,
} from './cart-items';
import { requireCustomer } from './customers';

export type ItemInput = z.output<typeof createCartBodySchema>['items'][number];
export type CartItemRow = {
  product_id: number;
  product_batch_id: number | null;
  quantity: number;
  pricing_strategy: ItemInput['pricing_strategy'];
  apply_discount: boolean;
  /** Sold by this pack size (ADR 0033): `quantity` counts packs. */
  pack_id: number | null;
};

export async function loadCart(ctx: BusinessContext, cartId: number): Promise<Cart> {
  const {
    carts: [cart],
  } = await cartsWhere(ctx, { id: cartId }, { limit: 1, offset: 0 });
  // Deleted (or confirmed) by someone else right after this request wrote it.
  if (!cart) throw notFound(MESSAGES.cart.notFound);
  return cart;
}

/** Lines asking for the same product, batch, pricing, discount and pack (or none) become one line. */
export function mergeItems(items: readonly ItemInput[]): CartItemRow[] {
  const merged = new Map<string, CartItemRow>();
  for (const item of items) {
    const row: CartItemRow = {
      ...item,
      product_batch_id: item.product_batch_id ?? null,
      pack_id: item.pack_id ?? null,
    };
    const key = [row.product_id, row.product_batch_id, row.pricing_strategy, row.apply_discount, row.pack_id].join(':');
    const same = merged.get(key);
    if (same) same.quantity = addQuantities(same.quantity, row.quantity);
    else merged.set(key, row);
  }
  return [...merged.values()];
}

export async function customerNameOf(
  tx: Queryable,
  businessId: number,
  customerId: number | null | undefined,
  customerName: string | undefined,
): Promise<string> {
  const registeredName = customerId ? await requireCustomer(tx, businessId, customerId) : null;
  return customerName ?? registeredName ?? DEFAULT_CUSTOMER_NAME;
}

const oneCartProduct = builtOnce((db) =>
  db
    .select({ id: products.id, ...cartProductColumns })
    .from(products)
    .where(and(eq(products.business_id, sql.placeholder('businessId')), eq(products.id, sql.placeholder('productId'))))
    .prepare(BUILT),
);

/** The pack sizes the lines name, by id, each only if it is of the line's product (ADR 0033). */
async function packsOfItems(
  tx: Queryable,
  businessId: number,
  items: readonly CartItemRow[],
): Promise<Map<number, CartPack & { product_id: number }>> {
  const ids = [...new Set(items.flatMap((item) => (item.pack_id === null ? [] : [item.pack_id])))];
  // A cart of the spec's clients names no pack: no statement more on their path.
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: product_packs.id,
      product_id: product_packs.product_id,
      name: product_packs.name,
      units: product_packs.units,
      selling_price: product_packs.selling_price,
      wholesale_price: product_packs.wholesale_price,
    })
    .from(product_packs)
    .where(and(eq(product_packs.business_id, businessId), inArray(product_packs.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Every line names a product of this business (and, if any, one of its batches, or one of its pack sizes);
 * a product newly put in the cart must be in stock; all lines share one currency.
 * A product's lines together ask for no more than its sellable stock (or, for a
 * product already in the cart, than the cart already held), and the cart's total
 * stays inside the money range, so a cart cannot be written that no sale could record.
 * `alreadyInCart` maps a product to the base units the cart held before this write; a line of packs asks for
 * its packs' units. Answers the products and packs as read, by id: what a cart just written shows of them.
 */
export async function checkItems(
  tx: Queryable,
  businessId: number,
  items: CartItemRow[],
  alreadyInCart: Map<number, number>,
): Promise<{ products: Map<number, CartProduct>; packs: Map<number, CartPack> }> {
  if (items.length === 0) return { products: new Map(), packs: new Map() };
  const productIds = [...new Set(items.map((item) => item.product_id))];
  // One product is read by `=`, not `in (…)`: a list of values stays unnamed (statement-names.ts), so it
  // was parsed and planned on every cart, and a one-line cart is the common one (the load bench's); that
  // statement is also built once (db/built-once.ts).
  const [only] = productIds;
  const found =
    productIds.length === 1 && only !== undefined
      ? await oneCartProduct(tx, { businessId, productId: only })
      : await tx
          .select({ id: products.id, ...cartProductColumns })
          .from(products)
          .where(and(eq(products.business_id, businessId), inArray(products.id, productIds)));
  const byId = new Map(found.map((product) => [product.id, product]));
  const itemError = (index: number, field: string, message: string) =>
    badRequest(message, { [`items.${index}.${field}`]: [message] });
  for (const [index, item] of items.entries()) {
    const product = byId.get(item.product_id);
    const isKept = alreadyInCart.has(item.product_id);
    if (!product || (product.archived_at && !isKept)) throw itemError(index, 'product_id', MESSAGES.product.notFound);
    if (product.quantity_in_stock <= 0 && !isKept)
      throw itemError(index, 'product_id', MESSAGES.product.outOfStockForCart);
  }
  if (new Set(found.map((product) => product.currency)).size > 1) {
    throw badRequest(MESSAGES.cart.mixedCurrency, { items: [MESSAGES.cart.mixedCurrency] });
  }
  const packs = await packsOfItems(tx, businessId, items);
  const packOf = (item: CartItemRow) => (item.pack_id === null ? null : (packs.get(item.pack_id) ?? null));
  for (const [index, item] of items.entries()) {
    const pack = packOf(item);
    if (item.pack_id !== null && pack?.product_id !== item.product_id)
      throw itemError(index, 'pack_id', UNITS_MESSAGES.packNotFound);
  }
  await refuseFractions(tx, businessId, items, itemError);
  // Stock is counted in base units: a carton of 40 asks for 40 (ADR 0030); in thousandths, so 0.1 kg and 0.2 kg
  // ask for 0.3 kg, never a float's 0.30000000000000004 (ADR 0031).
  const asked = new Map<number, number>();
  for (const item of items)
    asked.set(item.product_id, (asked.get(item.product_id) ?? 0) + toMilli(item.quantity) * (packOf(item)?.units ?? 1));
  for (const [index, item] of items.entries()) {
    const product = byId.get(item.product_id);
    const allowed = Math.max(product?.quantity_in_stock ?? 0, alreadyInCart.get(item.product_id) ?? 0);
    if ((asked.get(item.product_id) ?? 0) > toMilli(allowed)) {
      throw itemError(index, 'quantity', MESSAGES.product.insufficientStock);
    }
  }
  // After the stock: a line past the stock answers the spec's message, whatever its size.
  for (const [index, item] of items.entries()) {
    if (item.quantity * (packOf(item)?.units ?? 1) > 1_000_000)
      throw itemError(index, 'quantity', SALES_MESSAGES.quantityMax);
  }
  const lines = items.map((item) => priceLine(byId.get(item.product_id)!, item, packOf(item)));
  if (cartTotalKobo(lines) > MAX_CART_KOBO) {
    throw badRequest(SALES_MESSAGES.cartTotalTooLarge, { items: [SALES_MESSAGES.cartTotalTooLarge] });
  }

  const batchIds = items.flatMap((item) => (item.product_batch_id === null ? [] : [item.product_batch_id]));
  if (batchIds.length === 0) return { products: byId, packs };
  const batches = await tx
    .select({ id: product_batches.id, product_id: product_batches.product_id })
    .from(product_batches)
    .where(and(eq(product_batches.business_id, businessId), inArray(product_batches.id, batchIds)));
  const productOfBatch = new Map(batches.map((batch) => [batch.id, batch.product_id]));
  for (const [index, item] of items.entries()) {
    if (item.product_batch_id !== null && productOfBatch.get(item.product_batch_id) !== item.product_id) {
      throw itemError(index, 'product_batch_id', SALES_MESSAGES.batchNotFound);
    }
  }
  return { products: byId, packs };
}

/**
 * A line in a fraction (0.75) must be of a weighed product sold by its unit (ADR 0031): 2.5 pieces is refused with
 * the cart's words, 1.5 cartons with the pack's. Read only when a line has a fraction: a cart of whole lines (every
 * cart of the spec's clients) costs no statement more.
 */
async function refuseFractions(
  tx: Queryable,
  businessId: number,
  items: readonly CartItemRow[],
  itemError: (index: number, field: string, message: string) => Error,
): Promise<void> {
  const fractions = [...items.entries()].filter(([, item]) => !Number.isInteger(item.quantity));
  if (fractions.length === 0) return;
  for (const [index, item] of fractions)
    if (item.pack_id !== null) throw itemError(index, 'quantity', UNITS_MESSAGES.packQuantityWhole);
  const weighed = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.business_id, businessId),
        inArray(
          products.id,
          fractions.map(([, item]) => item.product_id),
        ),
        eq(products.is_weighed, true),
      ),
    );
  const isWeighed = new Set(weighed.map((row) => row.id));
  for (const [index, item] of fractions)
    if (!isWeighed.has(item.product_id)) throw itemError(index, 'quantity', SALES_MESSAGES.quantityWhole);
}

/**
 * Writes a new cart and its lines in one statement (the lines name the cart through the statement's
 * own CTE): atomic without a transaction, one round trip instead of four (BEGIN, two inserts, COMMIT).
 * Answers the cart's row and its lines as written, in the order given.
 */
export async function insertCart(
  db: Queryable,
  cart: Omit<typeof carts.$inferSelect, 'id' | 'created_at' | 'updated_at'>,
  items: CartItemRow[],
): Promise<{ cart: typeof carts.$inferSelect; lines: CartLineRow[] }> {
  if (items.length === 0) {
    const [row] = await db.insert(carts).values(cart).returning();
    if (!row) throw new Error('The cart was not created.');
    return { cart: row, lines: [] };
  }
  const values: Record<string, unknown> = {};
  putValues(values, 'c_', CART_KEYS, cart);
  for (const [index, item] of items.entries()) putValues(values, `i${index}_`, ITEM_KEYS, item);
  const rows = await cartInsert(db, items.length, values);
  const [first] = rows;
  if (!first) throw new Error('The cart was not created.');
  const createdAt = first.cart_created_at;
  return {
    // A new cart was last changed when it was made: both default to the transaction's now().
    cart: { ...cart, id: first.cart_id, created_at: createdAt, updated_at: createdAt },
    lines: rows.map(({ cart_created_at: _created, ...line }) => line),
  };
}

const CART_KEYS = [
  'business_id',
  'title',
  'customer_name',
  'customer_id',
  'created_by',
  'is_customer_request',
] as const satisfies readonly (keyof typeof carts.$inferInsert)[];
const ITEM_KEYS = [
  'product_id',
  'product_batch_id',
  'quantity',
  'pricing_strategy',
  'apply_discount',
  'pack_id',
] as const satisfies readonly (keyof CartItemRow)[];

/** insertCart's statement, built once per count of lines (the first 16 counts; db/built-once.ts). */
const cartInsert = builtOncePer(16, (db, count: number) => {
  const newCart = db
    .$with('new_cart')
    .as(
      db
        .insert(carts)
        .values(placeholdersFor('c_', CART_KEYS))
        .returning({ id: carts.id, created_at: carts.created_at }),
    );
  return db
    .with(newCart)
    .insert(cart_items)
    .values(
      Array.from({ length: count }, (_, index) => ({
        ...placeholdersFor(`i${index}_`, ITEM_KEYS),
        business_id: sql.placeholder('c_business_id'),
        cart_id: sql`(select id from ${newCart})`,
      })),
    )
    .returning({
      ...cartLineColumns,
      cart_created_at: sql`(select created_at from ${newCart})`.mapWith(carts.created_at),
    })
    .prepare(BUILT);
});

export async function insertItems(tx: Tx, businessId: number, cartId: number, items: CartItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(cart_items).values(items.map((item) => ({ ...item, business_id: businessId, cart_id: cartId })));
}
