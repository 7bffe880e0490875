import { type Cart, type createCartBodySchema, defaultCartTitle } from '@oja/contract';
import type * as z from 'zod';
import type { Queryable } from '../../db/client';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { cartAnswer, personName, pricedItem } from './cart-items';
import { checkItems, customerNameOf, insertCart, loadCart, mergeItems } from './cart-lines';

type CreateCartInput = z.output<typeof createCartBodySchema>;

/**
 * A new cart of the caller's, its prices read from the products when it is shown. No transaction: the reads
 * before the write lock nothing (a stock check here is advice; the confirmation is what takes stock), and the
 * cart and its lines are written by one statement. The answer is made from what was read and written:
 * 3 round trips where there were 8. With an Idempotency-Key it runs in the key's
 * transaction, and a retry answers the cart the first attempt made (platform/idempotency.ts).
 */
export async function createCart(
  ctx: BusinessContext,
  input: CreateCartInput,
  requestKey: RequestKey | null = null,
): Promise<{ cart: Cart; isReplay: boolean }> {
  if (!requestKey) return { cart: await makeCart(ctx.db, ctx, input), isReplay: false };
  let made: Cart | undefined;
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      made = await makeCart(tx, ctx, input);
      return made.id;
    },
  );
  return { cart: made ?? (await loadCart(ctx, subjectId)), isReplay };
}

async function makeCart(db: Queryable, ctx: BusinessContext, input: CreateCartInput): Promise<Cart> {
  const items = mergeItems(input.items);
  const customerName = await customerNameOf(db, ctx.businessId, input.customer_id, input.customer_name);
  const { products, packs } = await checkItems(db, ctx.businessId, items, new Map());
  const { cart, lines } = await insertCart(
    db,
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
      return pricedItem(line, product, line.pack_id === null ? null : (packs.get(line.pack_id) ?? null));
    }),
  );
}
