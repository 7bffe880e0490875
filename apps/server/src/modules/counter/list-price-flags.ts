import type { PriceFlag } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { openPriceFlags, priceFlagsWhere } from './counter-rows';

/** The business's price flags, oldest first: the open ones, or all with `include_settled`. */
export function listPriceFlags(
  ctx: BusinessContext,
  query: { include_settled: 'true' | 'false' },
): Promise<PriceFlag[]> {
  return priceFlagsWhere(ctx.db, ctx.businessId, query.include_settled === 'true' ? undefined : openPriceFlags);
}
