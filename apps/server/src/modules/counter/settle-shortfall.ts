import { COUNTER_MESSAGES, type Shortfall, type settleBodySchema } from '@oja/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { stock_shortfalls } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { shortfallsWhere } from './counter-rows';

export type SettleInput = z.output<typeof settleBodySchema>;

/** Marks an open shortfall settled with how (one statement: of two owners settling at once, one wins). */
export async function settleShortfall(ctx: BusinessContext, input: SettleInput): Promise<Shortfall> {
  const mine = and(eq(stock_shortfalls.business_id, ctx.businessId), eq(stock_shortfalls.id, input.id));
  const [settled] = await ctx.db
    .update(stock_shortfalls)
    .set({ settled_at: sql`now()`, settled_by: ctx.actor.userId, settle_note: input.note })
    .where(and(mine, isNull(stock_shortfalls.settled_at)))
    .returning({ id: stock_shortfalls.id });
  const [shortfall] = await shortfallsWhere(ctx.db, ctx.businessId, eq(stock_shortfalls.id, input.id));
  if (!shortfall) throw notFound(COUNTER_MESSAGES.shortfallNotFound);
  if (!settled) throw conflict(COUNTER_MESSAGES.alreadySettled);
  return shortfall;
}
