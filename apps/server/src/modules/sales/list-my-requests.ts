import type { Cart, myRequestsQuerySchema, Paginated } from '@oja/contract';
import type * as z from 'zod';
import type { BusinessContext } from '../../platform/tenancy';
import { pageOfCarts } from './list-carts';

/**
 * The calling customer's requests that the shop has not confirmed (a confirmed one is a sale, a
 * deleted one is gone), newest first. Scoped by the caller, whatever else is sent.
 */
export async function listMyRequests(
  ctx: BusinessContext,
  query: z.output<typeof myRequestsQuerySchema>,
): Promise<Paginated<Cart>> {
  return pageOfCarts(ctx, { requestsOf: ctx.actor.userId }, query.page);
}
