import { type Cart, MESSAGES, SALES_MESSAGES, type updateCartBodySchema } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { cart_items, carts, product_packs } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { conflict, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { cartPackJoin } from './cart-items';
import { checkItems, customerNameOf, insertItems, loadCart, mergeItems } from './cart-lines';

/**
 * The cart's version as its answers show it: `updated_at` to the millisecond (the ISO text of a JavaScript Date,
 * which drops the microseconds PostgreSQL keeps).
 */
const versionOf = sql`date_trunc('milliseconds', ${carts.updated_at})`;

/**
 * Replaces the cart's title, customer and whole item list. With the `updated_at` the phone read, a cart changed
 * since is refused (409) instead of losing the other phone's lines: two clerks share a customer's cart, and an
 * Add to cart on one phone while the cart is open on another was silently undone by the second's save.
 */
export async function updateCart(ctx: BusinessContext, input: z.output<typeof updateCartBodySchema>): Promise<Cart> {
  const items = mergeItems(input.items);
  await transaction(ctx.db, async (tx) => {
    // Locks the cart first: a confirmation of the same cart (which holds this lock) finishes before or after, never in between.
    // The version is read under that lock, so an update that passes the check is the next one.
    const [cart] = await tx
      .select({
        id: carts.id,
        isAsRead: input.updated_at ? sql<boolean>`${versionOf} = ${input.updated_at}::timestamptz` : sql<boolean>`true`,
      })
      .from(carts)
      .where(and(eq(carts.business_id, ctx.businessId), eq(carts.id, input.id)))
      .for('update');
    if (!cart) throw notFound(MESSAGES.cart.notFound);
    if (!cart.isAsRead) throw conflict(SALES_MESSAGES.cartChanged);
    const customerName = await customerNameOf(tx, ctx.businessId, input.customer_id, input.customer_name);
    // Lines already in the cart stay editable even if their product ran out (or was deleted) meanwhile; a line of
    // packs held its packs' base units.
    const existing = await tx
      .select({
        product_id: cart_items.product_id,
        quantity: sql<number>`sum(${cart_items.quantity} * coalesce(${product_packs.units}, 1))::float8`,
      })
      .from(cart_items)
      .leftJoin(product_packs, cartPackJoin)
      .where(and(eq(cart_items.business_id, ctx.businessId), eq(cart_items.cart_id, input.id)))
      .groupBy(cart_items.product_id);
    await checkItems(tx, ctx.businessId, items, new Map(existing.map((row) => [row.product_id, row.quantity])));
    await tx
      .update(carts)
      .set({
        title: input.title,
        customer_name: customerName,
        customer_id: input.customer_id ?? null,
        // Every update moves the version by at least a millisecond, the answers' precision: two updates within
        // one millisecond would otherwise show one version, and the check above would let a stale save through.
        updated_at: sql`greatest(now(), ${versionOf} + interval '1 millisecond')`,
      })
      .where(and(eq(carts.business_id, ctx.businessId), eq(carts.id, input.id)));
    await tx
      .delete(cart_items)
      .where(and(eq(cart_items.business_id, ctx.businessId), eq(cart_items.cart_id, input.id)));
    await insertItems(tx, ctx.businessId, input.id, items);
  });
  return loadCart(ctx, input.id);
}
