import {
  type Cart,
  DEFAULT_CUSTOMER_NAME,
  defaultCartTitle,
  MAX_OPEN_REQUESTS,
  MESSAGES,
  type requestProductsBodySchema,
  SALES_MESSAGES,
} from '@oja/contract';
import { and, count, eq } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { carts, memberships, users } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { checkItems, insertItems, loadCart, mergeItems } from './cart-lines';

/** "Request-20260305-143210": the default cart title's timestamp, said to be a customer's. */
const requestTitle = () => defaultCartTitle().replace(/^Cart-/, 'Request-');

/**
 * A customer asks the shop for products: a cart of the business named to them (customer_id and their
 * full name), marked as their request, with retail prices and the discount; the staff confirm it as any
 * cart, and the batches are taken then, soonest expiry first. The lines are checked exactly as a cart's
 * (in stock, no more than the stock, one currency, a total a sale can record). With an Idempotency-Key,
 * a request sent again from a phone that lost the answer is the same request (platform/idempotency.ts).
 */
export async function requestProducts(
  ctx: BusinessContext,
  input: z.output<typeof requestProductsBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ cart: Cart; isReplay: boolean }> {
  const items = mergeItems(
    input.items.map((item) => ({ ...item, product_batch_id: null, pricing_strategy: 'retail', apply_discount: true })),
  );
  const { subjectId: cartId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const customerName = await lockCustomer(tx, ctx.businessId, ctx.actor.userId);
      const [open] = await tx
        .select({ value: count() })
        .from(carts)
        .where(
          and(
            eq(carts.business_id, ctx.businessId),
            eq(carts.customer_id, ctx.actor.userId),
            eq(carts.is_customer_request, true),
          ),
        );
      if ((open?.value ?? 0) >= MAX_OPEN_REQUESTS)
        throw conflict(SALES_MESSAGES.tooManyOpenRequests(MAX_OPEN_REQUESTS));
      await checkItems(tx, ctx.businessId, items, new Map());
      const [cart] = await tx
        .insert(carts)
        .values({
          business_id: ctx.businessId,
          title: requestTitle(),
          customer_name: customerName,
          customer_id: ctx.actor.userId,
          created_by: ctx.actor.userId,
          is_customer_request: true,
        })
        .returning({ id: carts.id });
      if (!cart) throw new Error('The request was not created.');
      await insertItems(tx, ctx.businessId, cart.id, items);
      return cart.id;
    },
  );
  return { cart: await loadCart(ctx, cartId), isReplay };
}

/**
 * The caller's customer membership, locked until the request is written: one customer's requests
 * are written one at a time, so the open-requests cap holds however many arrive at once.
 */
async function lockCustomer(tx: Tx, businessId: number, userId: number): Promise<string> {
  // The person first (what the cart's foreign key will check), then the membership: the order in which
  // deleting a person takes them, so a request and a removal of the same customer queue, never deadlock.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  const [row] = await tx
    .select({ first_name: users.first_name, last_name: users.last_name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(
      and(
        eq(memberships.business_id, businessId),
        eq(memberships.user_id, userId),
        eq(memberships.role, 'customer'),
        eq(memberships.is_active, true),
      ),
    )
    .for('update', { of: memberships });
  // The access rule admitted a customer; one removed meanwhile finds the business gone, as any outsider.
  if (!row) throw notFound(MESSAGES.business.notFound);
  return `${row.first_name} ${row.last_name}`.trim() || DEFAULT_CUSTOMER_NAME;
}
