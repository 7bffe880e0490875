import { type Cart, MESSAGES, type updateCartBodySchema } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { cart_items, carts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { checkItems, customerNameOf, insertItems, loadCart, mergeItems } from './cart-lines';

/** Replaces the cart's title, customer and whole item list. */
export async function updateCart(ctx: BusinessContext, input: z.output<typeof updateCartBodySchema>): Promise<Cart> {
  const items = mergeItems(input.items);
  await ctx.db.transaction(async (tx) => {
    // Locks the cart first: a confirmation of the same cart (which holds this lock) finishes before or after, never in between.
    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.business_id, ctx.businessId), eq(carts.id, input.id)))
      .for('update');
    if (!cart) throw notFound(MESSAGES.cart.notFound);
    const customerName = await customerNameOf(tx, ctx.businessId, input.customer_id, input.customer_name);
    // Lines already in the cart stay editable even if their product ran out (or was deleted) meanwhile.
    const existing = await tx
      .select({ product_id: cart_items.product_id, quantity: sql<number>`sum(${cart_items.quantity})::int` })
      .from(cart_items)
      .where(and(eq(cart_items.business_id, ctx.businessId), eq(cart_items.cart_id, input.id)))
      .groupBy(cart_items.product_id);
    await checkItems(tx, ctx.businessId, items, new Map(existing.map((row) => [row.product_id, row.quantity])));
    await tx
      .update(carts)
      .set({
        title: input.title,
        customer_name: customerName,
        customer_id: input.customer_id ?? null,
        updated_at: sql`now()`,
      })
      .where(and(eq(carts.business_id, ctx.businessId), eq(carts.id, input.id)));
    await tx
      .delete(cart_items)
      .where(and(eq(cart_items.business_id, ctx.businessId), eq(cart_items.cart_id, input.id)));
    await insertItems(tx, ctx.businessId, input.id, items);
  });
  return loadCart(ctx, input.id);
}
