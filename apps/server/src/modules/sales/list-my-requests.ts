import { type Cart, type myRequestsQuerySchema, PAGE_SIZE, type Paginated, pageInfo } from '@oja/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { carts } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { loadCarts } from './cart-items';

/**
 * The calling customer's requests that the shop has not confirmed (a confirmed one is a sale, a
 * deleted one is gone), newest first. Scoped by the caller, whatever else is sent.
 */
export async function listMyRequests(
  ctx: BusinessContext,
  query: z.output<typeof myRequestsQuerySchema>,
): Promise<Paginated<Cart>> {
  const where = and(
    eq(carts.business_id, ctx.businessId),
    eq(carts.customer_id, ctx.actor.userId),
    eq(carts.is_customer_request, true),
  );
  const pageSize = PAGE_SIZE.carts;
  const [[total], page] = await Promise.all([
    ctx.db.select({ value: count() }).from(carts).where(where),
    ctx.db
      .select({ id: carts.id })
      .from(carts)
      .where(where)
      .orderBy(desc(carts.created_at), desc(carts.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const results = await loadCarts(
    ctx.db,
    ctx.businessId,
    page.map((row) => row.id),
  );
  return { ...pageInfo(total?.value ?? 0, query.page, pageSize), results };
}
