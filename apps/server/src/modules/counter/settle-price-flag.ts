import { COUNTER_MESSAGES, type PriceFlag } from '@oja/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { price_flags } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { priceFlagsWhere } from './counter-rows';
import type { SettleInput } from './settle-shortfall';

/** Marks an open price flag settled with how (one statement: of two owners settling at once, one wins). */
export async function settlePriceFlag(ctx: BusinessContext, input: SettleInput): Promise<PriceFlag> {
  const mine = and(eq(price_flags.business_id, ctx.businessId), eq(price_flags.id, input.id));
  const [settled] = await ctx.db
    .update(price_flags)
    .set({ settled_at: sql`now()`, settled_by: ctx.actor.userId, settle_note: input.note })
    .where(and(mine, isNull(price_flags.settled_at)))
    .returning({ id: price_flags.id });
  const [flag] = await priceFlagsWhere(ctx.db, ctx.businessId, eq(price_flags.id, input.id));
  if (!flag) throw notFound(COUNTER_MESSAGES.flagNotFound);
  if (!settled) throw conflict(COUNTER_MESSAGES.alreadySettled);
  return flag;
}
