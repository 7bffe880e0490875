import { type Cart, type createCartBodySchema, defaultCartTitle } from '@oja/contract';
import type * as z from 'zod';
import type { BusinessContext } from '../../platform/tenancy';
import { cartAnswer, personName, pricedItem } from './cart-items';
import { checkItems, customerNameOf, insertCart, mergeItems } from './cart-lines';

/**
 * A new cart of the caller's, its prices read from the products when it is shown. No transaction: the reads
 * before the write lock nothing (a stock check here is advice; the confirmation is what takes stock), and the
 * cart and its lines are written by one statement. The answer is made from what was read and written:
 * 3 round trips where there were 8 (bench/HISTORY.md).
 */
export async function createCart(ctx: BusinessContext, input: z.output<typeof createCartBodySchema>): Promise<Cart> {
  const items = mergeItems(input.items);
  const customerName = await customerNameOf(ctx.db, ctx.businessId, input.customer_id, input.customer_name);
  const products = await checkItems(ctx.db, ctx.businessId, items, new Map());
  const { cart, lines } = await insertCart(
    ctx.db,
    {
      business_id: ctx.businessId,
      title: input.title ?? defaultCartTitle(),
      customer_name: customerName,
      customer_id: input.customer_id ?? null,
      created_by: ctx.actor.userId,
      is_customer_request: false,
    },
    items,
  );
  return cartAnswer(
    cart,
    personName(ctx.actor.user),
    lines.map((line) => {
      const product = products.get(line.product_id);
      // checkItems refused any line whose product it did not find.
      if (!product) throw new Error(`Product ${line.product_id} was checked but not read.`);
      return pricedItem(line, product);
    }),
  );
}
