import type { RepricingPreview } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { type RepricingInput, repricedRows } from './repricing-rows';

/** Every old and new price a bulk change would write, with the margins; nothing is written. */
export async function previewRepricing(ctx: BusinessContext, input: RepricingInput): Promise<RepricingPreview> {
  const rows = await repricedRows(ctx.db, ctx.businessId, input);
  return { count: rows.length, below_cost_count: rows.filter((row) => row.is_below_cost).length, rows };
}
