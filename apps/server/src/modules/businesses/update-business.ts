import type { Business, updateBusinessBodySchema } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { businesses } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { presentBusiness } from './business-answer';
import { refuseInDemoShop } from './demo-shop-lock';

type Input = z.output<typeof updateBusinessBodySchema>;

/**
 * Renames a business, changes its description or its shop profile; a field not sent stays as it was. The slug
 * stays as it was: invite links already shared keep working.
 */
export async function updateBusiness(context: BusinessContext, input: Input): Promise<Business> {
  refuseInDemoShop(context);
  const { id: _id, ...changes } = input;
  if (Object.values(changes).every((value) => value === undefined)) return presentBusiness(context.business);
  const [business] = await context.db
    .update(businesses)
    .set({ ...changes, updated_at: sql`now()` })
    .where(eq(businesses.id, context.businessId))
    .returning();
  if (!business) throw new Error('Business vanished during its update.');
  return presentBusiness(business);
}
