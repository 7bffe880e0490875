import type { Shortfall } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { openShortfalls, shortfallsWhere } from './counter-rows';

/** The business's shortfalls, oldest first: the open ones, or all with `include_settled`. */
export function listShortfalls(
  ctx: BusinessContext,
  query: { include_settled: 'true' | 'false' },
): Promise<Shortfall[]> {
  return shortfallsWhere(ctx.db, ctx.businessId, query.include_settled === 'true' ? undefined : openShortfalls);
}
