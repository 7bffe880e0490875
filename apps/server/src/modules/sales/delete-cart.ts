import { type deleteCartBodySchema, MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { carts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

/** Deletes a cart of the business; its lines go with it. */
export async function deleteCart(ctx: BusinessContext, input: z.output<typeof deleteCartBodySchema>): Promise<void> {
  const deleted = await ctx.db
    .delete(carts)
    .where(and(eq(carts.business_id, ctx.businessId), eq(carts.id, input.id)))
    .returning({ id: carts.id });
  if (deleted.length === 0) throw notFound(MESSAGES.cart.notFound);
}
