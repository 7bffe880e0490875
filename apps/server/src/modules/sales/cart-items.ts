import { type Cart, type CartItem, priceLine, sumMoney } from '@oja/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cart_items, carts, product_batches, products, users } from '../../db/schema';
import { isSellable } from '../stock/ledger';

/** What can be sold of a product now: the sum of its unexpired batches. */
export const sellableStock = sql<number>`coalesce(${
  // Nested on purpose: drizzle writes the top-level columns of a single-table select unqualified,
  // which inside this subquery would silently compare product_batches with itself.
  sql`(
    select sum(${product_batches.quantity}) from ${product_batches}
    where ${product_batches.business_id} = ${products.business_id}
      and ${product_batches.product_id} = ${products.id}
      and ${isSellable}
  )`
}, 0)::int`;

/** A cart line with its product as it is now, priced by the contract's one pricing rule. */
export type PricedCartItem = CartItem & { cart_id: number; cost_price: string };

/**
 * The items of these carts with their products, prices and stock. Lines come
 * in ascending product id (then line id) order: the order in which a
 * confirmation must take stock so that two confirmations never deadlock.
 */
export async function loadCartItems(db: Queryable, businessId: number, cartIds: number[]): Promise<PricedCartItem[]> {
  if (cartIds.length === 0) return [];
  const rows = await db
    .select({
      id: cart_items.id,
      cart_id: cart_items.cart_id,
      product_id: cart_items.product_id,
      product_batch_id: cart_items.product_batch_id,
      quantity: cart_items.quantity,
      pricing_strategy: cart_items.pricing_strategy,
      apply_discount: cart_items.apply_discount,
      product_name: products.product_name,
      sku: products.sku,
      currency: products.currency,
      cost_price: products.cost_price,
      selling_price: products.selling_price,
      selling_price_discount_percentage: products.selling_price_discount_percentage,
      wholesale_price: products.wholesale_price,
      wholesale_price_discount_percentage: products.wholesale_price_discount_percentage,
      archived_at: products.archived_at,
      quantity_in_stock: sellableStock,
    })
    .from(cart_items)
    .innerJoin(products, and(eq(products.business_id, cart_items.business_id), eq(products.id, cart_items.product_id)))
    .where(and(eq(cart_items.business_id, businessId), inArray(cart_items.cart_id, cartIds)))
    .orderBy(asc(cart_items.product_id), asc(cart_items.id));

  return rows.map((row) => {
    const pricingStrategy = row.pricing_strategy;
    const price = priceLine(row, {
      quantity: row.quantity,
      pricing_strategy: pricingStrategy,
      apply_discount: row.apply_discount,
    });
    return {
      id: row.id,
      cart_id: row.cart_id,
      product_id: row.product_id,
      product_batch_id: row.product_batch_id,
      quantity: row.quantity,
      pricing_strategy: pricingStrategy,
      apply_discount: row.apply_discount,
      product_name: row.product_name,
      sku: row.sku,
      currency: row.currency,
      ...price,
      quantity_in_stock: row.quantity_in_stock,
      is_archived: row.archived_at !== null,
      cost_price: row.cost_price,
    };
  });
}

/** The sum of the lines' totals, exact (kobo). */
export function cartTotal(items: readonly { line_total: string }[]): string {
  return sumMoney(items.map((item) => item.line_total));
}

/** These carts as the API answers them, in the order of `cartIds`. */
export async function loadCarts(db: Queryable, businessId: number, cartIds: number[]): Promise<Cart[]> {
  if (cartIds.length === 0) return [];
  const [rows, items] = await Promise.all([
    db
      .select({
        cart: carts,
        created_by_name: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}`,
      })
      .from(carts)
      .leftJoin(users, eq(users.id, carts.created_by))
      .where(and(eq(carts.business_id, businessId), inArray(carts.id, cartIds))),
    loadCartItems(db, businessId, cartIds),
  ]);
  const byId = new Map(rows.map((row) => [row.cart.id, row]));
  return cartIds.flatMap((cartId) => {
    const row = byId.get(cartId);
    if (!row) return [];
    const cartItems = items
      .filter((item) => item.cart_id === cartId)
      .sort((a, b) => a.id - b.id)
      .map(({ cart_id: _cart, cost_price: _cost, ...item }) => item);
    return [
      {
        id: row.cart.id,
        business_id: row.cart.business_id,
        title: row.cart.title,
        customer_name: row.cart.customer_name,
        customer_id: row.cart.customer_id,
        created_by: row.cart.created_by,
        created_by_name: row.created_by_name,
        currency: cartItems[0]?.currency ?? null,
        items: cartItems,
        total_cart_amount: cartTotal(cartItems),
        created_at: row.cart.created_at.toISOString(),
        updated_at: row.cart.updated_at.toISOString(),
      },
    ];
  });
}
