import { FREE_TRIAL_DAYS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { businessToday } from '../../db/business-day';
import type { Tx } from '../../db/client';
import { businesses, memberships } from '../../db/schema';
import type { BusinessRow } from '../../platform/context';
import { uniqueSlug } from './slug';

/** The last day of a new business's free trial (Lagos days). */
const trialEnd = () => sql`(${businessToday} + ${FREE_TRIAL_DAYS}::int)`;

/**
 * The one way a business comes to be: the business with a unique slug and its own free trial, and its
 * owner's active CEO membership, inside the caller's transaction.
 */
export async function openBusiness(
  tx: Tx,
  owner: { userId: number },
  details: Pick<
    typeof businesses.$inferInsert,
    'name' | 'about' | 'business_email' | 'address' | 'phone' | 'bank_name' | 'account_number' | 'account_name'
  >,
): Promise<BusinessRow> {
  const [business] = await tx
    .insert(businesses)
    .values({
      ...details,
      slug: await uniqueSlug(tx, details.name),
      about: details.about ?? '',
      business_email: details.business_email ?? null,
      owner_id: owner.userId,
      free_trial: true,
      trial_expiration_date: trialEnd(),
    })
    .returning();
  if (!business) throw new Error('Business was not created.');
  await tx
    .insert(memberships)
    .values({ business_id: business.id, user_id: owner.userId, role: 'ceo', is_active: true });
  return business;
}
