import { DAY_CLOSE_MESSAGES, type DayCloseExpected, type DayCloseScope } from '@oja/contract';
import { transaction } from '../../db/transaction';
import { forbidden } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { type CloseOf, expectedLines, nextPeriod } from './expected-lines';

/** Who a close of this scope is: the shop's is closed by one who sees the business's records (the gate's `whole`). */
export function closeOf(ctx: BusinessContext, scope: DayCloseScope): CloseOf {
  if (scope === 'shop' && ctx.sees !== 'business') throw forbidden(DAY_CLOSE_MESSAGES.shopOnlyCeo);
  return { businessId: ctx.businessId, scope, userId: ctx.actor.userId };
}

/** The period a close would cover now, and what should be there: shown before counting. */
export async function getDayCloseExpected(
  ctx: BusinessContext,
  query: { scope: DayCloseScope },
): Promise<DayCloseExpected> {
  const of = closeOf(ctx, query.scope);
  // now() is the transaction's start: the sums are read up to the very end the answer names.
  return transaction(ctx.db, async (tx) => {
    const { start, now } = await nextPeriod(tx, of);
    const lines = await expectedLines(tx, of, { start, end: now });
    return { scope: query.scope, period_start: start, period_end: now, lines };
  });
}
