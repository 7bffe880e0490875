import { type Cart, type CartItem, fromKobo, type PricedPack, priceLine, SALES_MESSAGES, toMilli } from '@oja/contract';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { BUILT, builtOnce, builtOnceSqlPer } from '../../db/built-once';
import type { Tx } from '../../db/client';
import { columnsAt, countedPage, countedRows } from '../../db/counted-page';
import { limitOf, plannedOnce } from '../../db/limit';
import { dateOrNull, numberOrNull } from '../../db/raw-row';
import { cart_items, carts, product_batches, product_packs, products, users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { type BusinessReader, type GateRow, gateSql, readThroughGate } from '../../platform/gate';
import { isSellable } from '../stock/ledger';

/**
 * What can be sold of a product now: the sum of its unexpired batches, exact (ADR 0031: kg in decimals). The ledger
 * keeps a product's total within the integer range; the cap is there so no stored row can make a cart fail.
 */
const sellableStock = sql<number>`coalesce(${
  // Nested on purpose: drizzle writes the top-level columns of a single-table select unqualified,
  // which inside this subquery would silently compare product_batches with itself.
  sql`(
    select least(coalesce(sum(${product_batches.quantity}), 0), 2147483647) from ${product_batches}
    where ${product_batches.business_id} = ${products.business_id}
      and ${product_batches.product_id} = ${products.id}
      and ${isSellable}
  )`
}, 0)::float8`;

/** A cart line with its product as it is now, priced by the contract's one pricing rule. */
export type PricedCartItem = CartItem & { cart_id: number; cost_price: string };

/** What a cart line shows of its product, as it is now: read with the lines, or by a check before writing them. */
export const cartProductColumns = {
  product_name: products.product_name,
  sku: products.sku,
  currency: products.currency,
  cost_price: products.cost_price,
  selling_price: products.selling_price,
  selling_price_discount_percentage: products.selling_price_discount_percentage,
  wholesale_price: products.wholesale_price,
  wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
  archived_at: products.archived_at,
  is_weighed: products.is_weighed,
  base_unit: products.base_unit,
  quantity_in_stock: sellableStock,
};
export type CartProduct = Pick<
  typeof products.$inferSelect,
  Exclude<keyof typeof cartProductColumns, 'quantity_in_stock'>
> & { quantity_in_stock: number };

/** A cart line's own columns, as read with its product or returned by its insert. */
export const cartLineColumns = {
  id: cart_items.id,
  cart_id: cart_items.cart_id,
  product_id: cart_items.product_id,
  product_batch_id: cart_items.product_batch_id,
  quantity: cart_items.quantity,
  pricing_strategy: cart_items.pricing_strategy,
  apply_discount: cart_items.apply_discount,
  pack_id: cart_items.pack_id,
};

/** A stored (or just written) cart line. */
export type CartLineRow = Pick<
  PricedCartItem,
  'id' | 'cart_id' | 'product_id' | 'product_batch_id' | 'quantity' | 'pricing_strategy' | 'apply_discount'
> & { pack_id: number | null };

/** The pack size a line is sold by, as it is now (ADR 0033). */
export type CartPack = PricedPack & { name: string; units: number };

/** What a line reads of its pack: joined to the line, and to its product, so a pack of another product is none. */
export const cartPackJoin = and(
  eq(product_packs.business_id, cart_items.business_id),
  eq(product_packs.id, cart_items.pack_id),
  eq(product_packs.product_id, cart_items.product_id),
);

/**
 * A line with its product (and its pack, when sold by one), priced: the one mapping of a cart line, whether read
 * back or just written. A line whose pack was removed since is priced by the unit; its confirmation is refused.
 */
export function pricedItem(line: CartLineRow, product: CartProduct, pack: CartPack | null = null): PricedCartItem {
  const price = priceLine(product, line, pack);
  return {
    id: line.id,
    cart_id: line.cart_id,
    product_id: line.product_id,
    product_batch_id: line.product_batch_id,
    quantity: line.quantity,
    pricing_strategy: line.pricing_strategy,
    apply_discount: line.apply_discount,
    product_name: product.product_name,
    sku: product.sku,
    currency: product.currency,
    ...price,
    quantity_in_stock: product.quantity_in_stock,
    is_archived: product.archived_at !== null,
    cost_price: product.cost_price,
    // Only a weighed product's line says so (the editor's decimal keypad, "0.75 kg"): the spec's answers keep their shape.
    ...(product.is_weighed ? { is_weighed: true, base_unit: product.base_unit } : {}),
    // Only a line sold by a pack says so: a cart of the spec's clients answers as it always has.
    ...(line.pack_id === null
      ? {}
      : { pack_id: line.pack_id, pack_name: pack?.name ?? null, pack_units: pack?.units ?? null }),
  };
}

/** A member's name as the answers show who made a cart or recorded a payment (SQL: first || ' ' || last). */
export const personName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`;

/**
 * A confirmation's second statement: deletes the cart (already locked FOR UPDATE by the caller) and
 * reads its lines with their products, holding the products against deletion (KEY SHARE) in ascending
 * product id: the order in which the confirmation then takes their stock, so that two confirmations
 * never deadlock (takeStock). One statement where there were two: each statement is a round trip while
 * the cart is locked, and a socket write, one of the largest shares of the node process's samples in the
 * sale's profile.
 *
 * Why this is the same as reading then deleting: the statement's lines and the delete share one snapshot
 * (a data-modifying CTE), taken after the cart's lock was granted, so an edit of the cart that committed
 * while this confirmation waited for the lock is seen, as before. The delete's cascade to the lines runs
 * at the end of the statement, after the lines were read and their products locked: the same order as
 * the two statements (cart, products, then the lines' delete), and the cart row itself is already ours.
 * The cart's lock must stay a statement of its own before this one: one statement that waited for it
 * would read the lines of its older snapshot, those from before the edit it waited for.
 */
export async function takeCartItems(
  tx: Tx,
  businessId: number,
  cartId: number,
): Promise<{ deleted: boolean; items: PricedCartItem[]; baseUnits: Map<number, string> }> {
  const rows = await takeCartItemsStatement(tx, { businessId, cartId });
  return {
    deleted: rows[0]?.cart_deleted ?? false,
    items: rows.map((row) => pricedItem(row, row, packOf(row))),
    // The sale's answer says each line's unit, as the sale read back does (sale-answer.ts).
    baseUnits: new Map(rows.map((row) => [row.product_id, row.base_unit])),
  };
}

/** A line's pack as read beside it: none when the line is by the unit or its pack was removed. */
function packOf(row: {
  pack_name: string | null;
  pack_units: number | null;
  pack_selling_price: string | null;
  pack_wholesale_price: string | null;
}): CartPack | null {
  if (row.pack_name === null || row.pack_units === null || row.pack_selling_price === null) return null;
  return {
    name: row.pack_name,
    units: row.pack_units,
    selling_price: row.pack_selling_price,
    wholesale_price: row.pack_wholesale_price,
  };
}

/** takeCartItems' statement, built once (db/built-once.ts). */
const takeCartItemsStatement = builtOnce((db) => {
  const deletedCart = db.$with('deleted_cart').as(
    db
      .delete(carts)
      .where(and(eq(carts.business_id, sql.placeholder('businessId')), eq(carts.id, sql.placeholder('cartId'))))
      .returning({ id: carts.id }),
  );
  return (
    db
      .with(deletedCart)
      .select({
        ...cartLineColumns,
        ...cartProductColumns,
        pack_name: product_packs.name,
        pack_units: product_packs.units,
        pack_selling_price: product_packs.selling_price,
        pack_wholesale_price: product_packs.wholesale_price,
        base_unit: products.base_unit,
        cart_deleted: sql<boolean>`exists (select 1 from ${deletedCart})`,
      })
      .from(cart_items)
      .innerJoin(
        products,
        and(eq(products.business_id, cart_items.business_id), eq(products.id, cart_items.product_id)),
      )
      .leftJoin(product_packs, cartPackJoin)
      .where(
        and(
          eq(cart_items.business_id, sql.placeholder('businessId')),
          eq(cart_items.cart_id, sql.placeholder('cartId')),
        ),
      )
      .orderBy(asc(cart_items.product_id), asc(cart_items.id))
      // KEY SHARE on the products, taken in the rows' order (PostgreSQL locks above the sort): ascending product id.
      .for('key share', { of: products })
      .prepare(BUILT)
  );
});

/** The most a cart (and so a sale) may be worth: numeric(14,2) holds 999,999,999,999.99. */
export const MAX_CART_KOBO = 99_999_999_999_999n;

/** A two-decimal amount in kobo, whatever its size (a line's total may pass the money range). */
const koboOf = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * The sum of the lines' totals, exact (kobo). It is not bounded: a price raised after the cart was
 * written can take a stored cart past the money range, and it must still be shown (its confirmation
 * is what refuses it), never break the list it is in.
 */
export function cartTotalKobo(items: readonly { line_total: string }[]): bigint {
  return items.reduce((total, item) => total + koboOf(item.line_total), 0n);
}

/**
 * The line's money over the batches its units came from, exact to the kobo: each part's share of the line's total
 * by its units, rounded down at each running sum, so the parts add up to the total. A line sold by the unit splits
 * as net × units per part (the running sums are then exact); a carton taken from two batches splits its price.
 * The counter's sales and the carts' both split so (ADR 0030, 0033).
 */
export function splitLineTotal(total: bigint, parts: readonly number[]): bigint[] {
  // In thousandths of the unit: a weighed line's parts (0.3 kg and 0.95 kg) split as whole numbers do.
  const units = parts.reduce((sum, part) => sum + BigInt(toMilli(part)), 0n);
  if (units === 0n) return parts.map(() => 0n);
  let before = 0n;
  let counted = 0n;
  return parts.map((part) => {
    counted += BigInt(toMilli(part));
    const upTo = (total * counted) / units;
    const share = upTo - before;
    before = upTo;
    return share;
  });
}

/**
 * The total a sale of these lines records: refused (400) past the money range, which a price raised
 * after the cart was written can cause; the cart stays, to be split or edited.
 */
export function cartTotal(items: readonly { line_total: string }[]): string {
  const total = cartTotalKobo(items);
  if (total > MAX_CART_KOBO) {
    throw badRequest(SALES_MESSAGES.cartTotalTooLarge, { items: [SALES_MESSAGES.cartTotalTooLarge] });
  }
  return fromKobo(total);
}

type CartRow = typeof carts.$inferSelect;

/** The columns of carts, in the order drizzle's row has them. */
const cartNames = Object.keys(getTableColumns(carts)) as (keyof CartRow)[];

/**
 * A line of a cart with its product as it is now, one JSON array per line: the line's columns, then what
 * cartProductColumns reads of the product. Money and percentages go as text, so that no amount passes
 * through a float on its way to node.
 */
const itemTuple = sql`json_build_array(${cart_items.id}, ${cart_items.product_id}, ${cart_items.product_batch_id},
  ${cart_items.quantity}, ${cart_items.pricing_strategy}, ${cart_items.apply_discount}, ${products.product_name},
  ${products.sku}, ${products.currency}, ${products.cost_price}::text, ${products.selling_price}::text,
  ${products.selling_price_discount_percentage}::text, ${products.wholesale_price}::text,
  ${products.wholesale_price_discount_percentage}::text, ${products.archived_at}, ${sellableStock},
  ${cart_items.pack_id}, ${product_packs.name}, ${product_packs.units}, ${product_packs.selling_price}::text,
  ${product_packs.wholesale_price}::text, ${products.is_weighed}, ${products.base_unit})`;
type ItemTuple = [
  id: number,
  product_id: number,
  product_batch_id: number | null,
  quantity: number,
  pricing_strategy: CartLineRow['pricing_strategy'],
  apply_discount: boolean,
  product_name: string,
  sku: string,
  currency: CartProduct['currency'],
  cost_price: string,
  selling_price: string,
  selling_price_discount_percentage: string,
  wholesale_price: string | null,
  wholesale_price_discount_percentage: string,
  archived_at: string | null,
  quantity_in_stock: number,
  pack_id: number | null,
  pack_name: string | null,
  pack_units: number | null,
  pack_selling_price: string | null,
  pack_wholesale_price: string | null,
  is_weighed: boolean,
  base_unit: string,
];

/** A cart of cartsWhere's statement: its row as node-postgres hands a raw statement's over, its maker, its lines. */
type CartPageRow = { [K in keyof CartRow]: K extends 'is_customer_request' ? boolean : string | null } & {
  total: number;
  created_by_name: string | null;
  items: ItemTuple[] | null;
} & Partial<GateRow>;

/** Which of the business's carts a read asks for: every one, or those that each filter given keeps. */
export type CartsFilter = {
  /** Made by this member (the add-to-cart button's list of the clerk's own). */
  createdBy?: number;
  /** Made by this member, or a customer's request (the employee area's carts of a member who confirms sales). */
  createdByOrRequest?: number;
  /** Customers' requests only (true), or none of them (false). */
  isRequest?: boolean;
  /** This one cart (a cart's answer after a write of it). */
  id?: number;
  /** Whose title or customer name matches this ILIKE pattern (db/search.ts). */
  pattern?: string;
  /** The requests this customer sent that the shop has not confirmed (a confirmed one is a sale). */
  requestsOf?: number;
};

/** The filters a statement is built for, in a fixed order, with the SQL each adds. */
const filterSql: { [K in keyof CartsFilter]-?: SQL } = {
  createdBy: sql`${carts.created_by} = ${sql.placeholder('createdBy')}`,
  createdByOrRequest: sql`(${carts.created_by} = ${sql.placeholder('createdByOrRequest')} or ${carts.is_customer_request})`,
  isRequest: sql`${carts.is_customer_request} = ${sql.placeholder('isRequest')}`,
  id: sql`${carts.id} = ${sql.placeholder('id')}`,
  pattern: sql`(${carts.title} ilike ${sql.placeholder('pattern')} or ${carts.customer_name} ilike ${sql.placeholder('pattern')})`,
  requestsOf: sql`${carts.customer_id} = ${sql.placeholder('requestsOf')} and ${carts.is_customer_request}`,
};
const filterNames = Object.keys(filterSql) as (keyof CartsFilter)[];

/** What a page's statement is made of besides its values: the filters asked for, the page's size, the gate or not. */
type CartsShape = { filters: (keyof CartsFilter)[]; limit: number; gated: boolean };

/** Six filters, each on or off, by two page sizes (a page, one cart), with or without the gate. */
const CARTS_SHAPES = 256;

const cartsBusiness = sql.placeholder('businessId');

/**
 * cartsWhere's statement, built once per shape of its filters (db/built-once.ts), with the gate folded in or not
 * (platform/gate.ts). Drizzle built it on every request, and folded, the gate's part with it, which cost node what
 * the gate's round trip saved; built once, the fold pays.
 * As before, the filters' values are parameters, the page's size is written in the text and its offset as
 * `offset ($n)`, so each shape's text is named and planned once per connection (db/statement-names.ts).
 */
const cartsPage = builtOnceSqlPer<CartsShape, Record<string, unknown>, CartPageRow>(
  CARTS_SHAPES,
  (shape) => `${shape.filters.join(',')}:${shape.limit}:${shape.gated}`,
  ({ filters, limit, gated }) => {
    const where = sql.join(
      [sql`${carts.business_id} = ${cartsBusiness}`, ...filters.map((name) => filterSql[name])],
      sql` and `,
    );
    return countedPage({
      gate: gated ? gateSql(cartsBusiness) : undefined,
      total: sql`(select count(*)::int from ${carts} where ${where})`,
      columns: sql`${columnsAt('p', cartNames)},
        (select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = p.created_by)
          as created_by_name,
        (select json_agg(${itemTuple} order by ${cart_items.product_id}, ${cart_items.id})
          from ${cart_items} join ${products}
            on ${products.business_id} = ${cart_items.business_id} and ${products.id} = ${cart_items.product_id}
          left join ${product_packs} on ${cartPackJoin}
          where ${cart_items.business_id} = ${cartsBusiness} and ${cart_items.cart_id} = p.id) as items`,
      page: sql`select ${columnsAt('carts', cartNames)} from ${carts} where ${where}
        order by ${carts.created_at} desc, ${carts.id} desc
        limit ${limitOf(plannedOnce(limit))} offset (${sql.placeholder('offset')})`,
      order: sql`p.created_at desc, p.id desc`,
    });
  },
);

/**
 * The business's carts that `filter` keeps, newest first, `limit` of them from `offset`, with their lines priced
 * from their products as they are now, and how many there are: one statement (db/counted-page.ts), scoped to the
 * business whatever the filters, with the gate folded in when the reader has one to pass (platform/gate.ts). The
 * lines are a correlated subquery, run for the page's carts only.
 *
 * Why one statement: a page of carts was four after the gate (the count and the page's ids side by side, then
 * the carts with their makers' names and their lines with their products side by side), each a pool
 * connection, a round trip and rows parsed, and the lines' `in (…)` list planned on every run
 * (db/statement-names.ts). The add-to-cart button reads the clerk's own carts on every tap (the web app's
 * fetchOwnCarts), so one statement about doubled the carts a second the server answers.
 * A cart's own answer (loadCart, after each write of it) is the same statement for its one cart.
 */
export async function cartsWhere(
  reader: BusinessReader,
  filter: CartsFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; carts: Cart[] }> {
  const filters = filterNames.filter((name) => filter[name] !== undefined);
  const { rows: read } = await readThroughGate(reader, (gate) =>
    cartsPage(
      reader.db,
      { filters, limit: page.limit, gated: gate !== null },
      { ...filter, ...gate, businessId: reader.businessId, offset: page.offset },
    ),
  );
  const { total, rows } = countedRows(read);
  return {
    total,
    carts: rows.map(({ total: _total, created_by_name, items, gate_role: _role, gate_slug: _slug, ...row }) => {
      const cart: CartRow = {
        ...row,
        id: Number(row.id),
        business_id: Number(row.business_id),
        title: row.title as string,
        customer_name: row.customer_name as string,
        customer_id: numberOrNull(row.customer_id),
        created_by: numberOrNull(row.created_by),
        // As drizzle's timestamp column reads them (new Date of the text), to the millisecond.
        created_at: new Date(row.created_at as string),
        updated_at: new Date(row.updated_at as string),
      };
      const priced = (items ?? []).map(
        ([id, product_id, product_batch_id, quantity, pricing_strategy, apply_discount, ...product]) => {
          const [
            name,
            sku,
            currency,
            cost,
            selling,
            sellingDiscount,
            wholesale,
            wholesaleDiscount,
            archived,
            stock,
            packId,
            packName,
            packUnits,
            packSelling,
            packWholesale,
            isWeighed,
            baseUnit,
          ] = product;
          return pricedItem(
            {
              id,
              cart_id: cart.id,
              product_id,
              product_batch_id,
              quantity,
              pricing_strategy,
              apply_discount,
              pack_id: packId,
            },
            {
              product_name: name,
              sku,
              currency,
              cost_price: cost,
              selling_price: selling,
              selling_price_discount_percentage: sellingDiscount,
              wholesale_price: wholesale,
              wholesale_price_discount_percentage: wholesaleDiscount,
              archived_at: dateOrNull(archived),
              is_weighed: isWeighed,
              base_unit: baseUnit,
              quantity_in_stock: stock,
            },
            packOf({
              pack_name: packName,
              pack_units: packUnits,
              pack_selling_price: packSelling,
              pack_wholesale_price: packWholesale,
            }),
          );
        },
      );
      return cartAnswer(cart, created_by_name, priced);
    }),
  };
}

/** The one shape of a cart as the API answers it, from its row and its priced lines (in any order). */
export function cartAnswer(
  cart: typeof carts.$inferSelect,
  createdByName: string | null,
  items: PricedCartItem[],
): Cart {
  const cartItems = [...items]
    .sort((a, b) => a.id - b.id)
    .map(({ cart_id: _cart, cost_price: _cost, ...item }) => item);
  return {
    id: cart.id,
    business_id: cart.business_id,
    title: cart.title,
    customer_name: cart.customer_name,
    customer_id: cart.customer_id,
    created_by: cart.created_by,
    created_by_name: createdByName,
    currency: cartItems[0]?.currency ?? null,
    items: cartItems,
    // Shown as it is, even past the money range: a list never fails on a stored cart.
    total_cart_amount: fromKobo(cartTotalKobo(cartItems)),
    is_customer_request: cart.is_customer_request,
    created_at: cart.created_at.toISOString(),
    updated_at: cart.updated_at.toISOString(),
  };
}
