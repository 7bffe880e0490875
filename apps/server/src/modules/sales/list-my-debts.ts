import type { Debt } from '@oja/contract';
import type { BusinessContext } from '../../platform/tenancy';
import { debtsOf } from './debt-answer';

/** What the calling customer owes this business. */
export async function listMyDebts(ctx: BusinessContext): Promise<Debt[]> {
  return debtsOf(ctx.db, ctx.businessId, { customerId: ctx.actor.userId, limit: 100, offset: 0 });
}
