import { BUSINESS_MESSAGES, type Business, type createBusinessBodySchema } from '@oja/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod';
import type { Db } from '../../db/client';
import { businesses, memberships, users } from '../../db/schema';
import type { Actor } from '../../platform/auth';
import { forbidden, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { trialEnd } from '../accounts/register-ceo';
import { presentBusiness } from './present';
import { uniqueSlug } from './slug';

type Input = z.output<typeof createBusinessBodySchema>;

/**
 * A CEO opens another business: the business with a unique slug and its own
 * free trial, and their active CEO membership, in one transaction. It becomes
 * their current business only if they had none left.
 */
export async function createBusiness(db: Db, actor: Actor, input: Input): Promise<Business> {
  if (actor.user.account_role !== 'ceo') throw forbidden(BUSINESS_MESSAGES.onlyCeoCreates);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [business] = await tx
          .insert(businesses)
          .values({
            name: input.name,
            slug: await uniqueSlug(tx, input.name),
            about: input.about ?? '',
            business_email: input.business_email ?? null,
            owner_id: actor.userId,
            free_trial: true,
            trial_expiration_date: trialEnd(),
          })
          .returning();
        if (!business) throw new Error('Business was not created.');
        await tx
          .insert(memberships)
          .values({ business_id: business.id, user_id: actor.userId, role: 'ceo', is_active: true });
        await tx
          .update(users)
          .set({ current_business_id: business.id })
          .where(and(eq(users.id, actor.userId), isNull(users.current_business_id)));
        return presentBusiness(business);
      });
    } catch (error) {
      // Two businesses of the same name created at once: the second takes the next free slug.
      const isSlugRace = pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'businesses_slug_key';
      if (!isSlugRace || attempt >= 3) throw error;
    }
  }
}
