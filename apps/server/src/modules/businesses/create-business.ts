import { BUSINESS_MESSAGES, type Business, type createBusinessBodySchema, DEMO_MESSAGES } from '@oja/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod';
import { users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { ActorContext } from '../../platform/context';
import { forbidden, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { canCreateBusiness } from '../accounts/user-answer';
import { presentBusiness } from './business-answer';
import { openBusiness } from './open-business';

type Input = z.output<typeof createBusinessBodySchema>;

/**
 * A business owner (an account that signed up as CEO; spec section 6: the CEO creates businesses)
 * opens another business. Members, even one made CEO of someone else's business, and superusers
 * are refused with words of their own. The rest: the business with a unique slug and its own
 * free trial, and their active CEO membership, in one transaction. It becomes
 * their current business only if they had none left.
 */
export async function createBusiness(ctx: ActorContext, input: Input): Promise<Business> {
  // The demo CEO's login is public: a business opened with it would be everyone's.
  if (ctx.actor.user.is_demo) throw forbidden(DEMO_MESSAGES.demoBusinessOnly);
  if (!canCreateBusiness(ctx.actor.user)) throw forbidden(BUSINESS_MESSAGES.onlyCeoCreates);
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(ctx.db, async (tx) => {
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
