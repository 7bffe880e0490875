import { DEMO_MESSAGES, type joinBusinessBodySchema, roleFromInvite, TEAM_MESSAGES, type User } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type * as z from 'zod';
import { businesses, memberships, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { assertWithinLimits, LIMITS, recordFailure } from '../../platform/rate-limit';
import { hashPassword } from '../accounts/passwords';
import { loadUser } from '../accounts/user-answer';
import { uniqueUsername } from '../accounts/usernames';

type Input = z.output<typeof joinBusinessBodySchema>;

/**
 * Someone follows an invite link and signs up. They get a usable account with a
 * generated username (they have no email) and an INACTIVE membership: login
 * answers "membership pending" until the CEO activates them. The role comes
 * from the link and can never be ceo.
 */
export async function joinBusiness(ctx: RequestContext, input: Input): Promise<User> {
  const keys = [{ limit: LIMITS.joinPerIp, id: ctx.client.ip }];
  await assertWithinLimits(ctx.db, keys);
  await recordFailure(ctx.db, keys);
  const [business] = await ctx.db
    .select({ id: businesses.id, isDemo: users.is_demo })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.owner_id))
    .where(eq(businesses.slug, input.business_slug.toLowerCase()))
    .limit(1);
  if (!business) throw notFound(TEAM_MESSAGES.businessNotFoundForInvite(input.business_slug));
  // The public demo shop's invite links are public too: strangers would fill its team with accounts nobody uses.
  if (business.isDemo) throw forbidden(DEMO_MESSAGES.noJoining);
  const passwordHash = await hashPassword(input.password);

  for (let attempt = 1; ; attempt++) {
    try {
      const userId = await transaction(ctx.db, async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            first_name: input.first_name,
            last_name: input.last_name,
            username: await uniqueUsername(tx, input.first_name, input.last_name),
            password_hash: passwordHash,
            is_active: true,
            account_role: 'member',
            current_business_id: business.id,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('User was not created.');
        await tx.insert(memberships).values({
          business_id: business.id,
          user_id: user.id,
          role: roleFromInvite(input.role),
          is_active: false,
          // Listed in the owner's Needs attention until the CEO activates or deactivates them.
          awaiting_activation: true,
        });
        return user.id;
      });
      return await loadUser(ctx.db, userId);
    } catch (error) {
      // Two people of the same name joining at once: the second gets another free username.
      const isUsernameRace =
        pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'users_username_lower_key';
      if (!isUsernameRace || attempt >= 3) throw error;
    }
  }
}
