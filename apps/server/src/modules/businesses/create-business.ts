import { BUSINESS_MESSAGES, type Business, type createBusinessBodySchema } from '@oja/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod';
import { users } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { forbidden, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { presentBusiness } from './business-answer';
import { openBusiness } from './open-business';

type Input = z.output<typeof createBusinessBodySchema>;

/**
 * A CEO opens another business: the business with a unique slug and its own
 * free trial, and their active CEO membership, in one transaction. It becomes
 * their current business only if they had none left.
 */
export async function createBusiness(ctx: ActorContext, input: Input): Promise<Business> {
  if (ctx.actor.user.account_role !== 'ceo') throw forbidden(BUSINESS_MESSAGES.onlyCeoCreates);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const business = await openBusiness(tx, ctx.actor, input);
        await tx
          .update(users)
          .set({ current_business_id: business.id })
          .where(and(eq(users.id, ctx.actor.userId), isNull(users.current_business_id)));
        return presentBusiness(business);
      });
    } catch (error) {
      // Two businesses of the same name created at once: the second takes the next free slug.
      const isSlugRace = pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'businesses_slug_key';
      if (!isSlugRace || attempt >= 3) throw error;
    }
  }
}
