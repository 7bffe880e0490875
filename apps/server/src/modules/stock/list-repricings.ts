import { REPRICING_LIST_SIZE, type RepricingList } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { repricingAnswers } from './repricing-rows';

/** The business's latest bulk price changes, newest first: the last one, not undone, can be undone. */
export async function listRepricings(ctx: BusinessContext): Promise<RepricingList> {
  return { results: await repricingAnswers(ctx.db, ctx.businessId, { limit: REPRICING_LIST_SIZE }) };
}
