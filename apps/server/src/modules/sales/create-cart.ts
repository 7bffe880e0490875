import { type Cart, type createCartBodySchema, defaultCartTitle } from '@oja/contract';
import type * as z from 'zod';
import { carts } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { checkItems, customerNameOf, insertItems, loadCart, mergeItems } from './cart-lines';

/** A new cart of the caller's, its prices read from the products when it is shown. */
export async function createCart(ctx: BusinessContext, input: z.output<typeof createCartBodySchema>): Promise<Cart> {
  const items = mergeItems(input.items);
  const cartId = await ctx.db.transaction(async (tx) => {
    const customerName = await customerNameOf(tx, ctx.businessId, input.customer_id, input.customer_name);
    await checkItems(tx, ctx.businessId, items, new Map());
    const [cart] = await tx
      .insert(carts)
      .values({
        business_id: ctx.businessId,
        title: input.title ?? defaultCartTitle(),
        customer_name: customerName,
        customer_id: input.customer_id ?? null,
        created_by: ctx.actor.userId,
      })
      .returning({ id: carts.id });
    if (!cart) throw new Error('The cart was not created.');
    await insertItems(tx, ctx.businessId, cart.id, items);
    return cart.id;
  });
  return loadCart(ctx, cartId);
}
