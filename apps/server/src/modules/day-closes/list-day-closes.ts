import { type DayCloseList, type listDayClosesQuerySchema, PAGE_SIZE, pageInfo } from '@oja/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { day_closes } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { dayClosesOf } from './day-close-answer';

/**
 * Closes newest first with their lines. A caller who sees the business's (the gate: the entry's `whole`, the CEO)
 * reads every close of the business (the shop's and each member's), or one member's history with user_id; anyone
 * else only their own, whatever user_id they send.
 */
export async function listDayCloses(
  ctx: BusinessContext,
  query: z.output<typeof listDayClosesQuerySchema>,
): Promise<DayCloseList> {
  const userId = ctx.sees === 'business' ? query.user_id : ctx.actor.userId;
  const where = and(
    eq(day_closes.business_id, ctx.businessId),
    userId === undefined ? undefined : eq(day_closes.closed_by, userId),
  );
  const pageSize = PAGE_SIZE.dayCloses;
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(day_closes).where(where),
    ctx.db
      .select()
      .from(day_closes)
      .where(where)
      .orderBy(desc(day_closes.period_end), desc(day_closes.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  return {
    ...pageInfo(total?.value ?? 0, query.page, pageSize),
    results: await dayClosesOf(ctx.db, ctx.businessId, rows),
  };
}
