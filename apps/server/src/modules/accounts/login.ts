import { type AuthResult, ERROR_CODES, type loginBodySchema, MESSAGES } from '@oja/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { memberships } from '../../db/schema';
import type { RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assertWithinLimits, clearFailures, LIMITS, type LimitKey, recordFailure } from '../../platform/rate-limit';
import { findUserByLogin } from './find-user';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { openSession, type SessionTokens } from './sessions';
import { currentMembership, loadUser, setCurrentBusiness } from './user-answer';

type Input = z.output<typeof loginBodySchema>;

/**
 * Password failures count against the account, whichever of its email or
 * username was typed (else guessing by both would double the budget); against
 * the typed name when no account matches.
 */
export const loginAccountKey = (userId: number | undefined, identifier: string): LimitKey => ({
  limit: LIMITS.loginPerAccount,
  id: userId === undefined ? `name:${identifier}` : `user:${userId}`,
});

const invalidCredentials = () => new AppError(401, ERROR_CODES.invalidCredentials, MESSAGES.auth.invalidCredentials);

/**
 * Logs in with an email or a username. Whether the account exists or the
 * password is wrong, the answer and its timing are the same; only someone who
 * knows the password learns that the account still needs activating.
 */
export async function login(
  ctx: RequestContext,
  input: Input,
): Promise<{ result: AuthResult; session: SessionTokens }> {
  const identifier = input.email_or_username.trim().toLowerCase();
  const user = await findUserByLogin(ctx.db, identifier);
  const keys = [loginAccountKey(user?.id, identifier), { limit: LIMITS.loginPerIp, id: ctx.client.ip }];
  await assertWithinLimits(ctx.db, keys);
  if (!user) {
    await burnPasswordCheck(input.password);
    await recordFailure(ctx.db, keys);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await recordFailure(ctx.db, keys);
    throw invalidCredentials();
  }
  if (!user.is_active) throw new AppError(403, ERROR_CODES.accountNotActivated, MESSAGES.auth.notActivated);

  const membership = await currentMembership(ctx.db, user);
  if (membership && !membership.is_active) {
    // Still fine if another of their businesses has activated them: that one becomes current.
    const [active] = await ctx.db
      .select({ business_id: memberships.business_id })
      .from(memberships)
      .where(and(eq(memberships.user_id, user.id), eq(memberships.is_active, true)))
      .orderBy(asc(memberships.created_at))
      .limit(1);
    if (!active) throw new AppError(403, ERROR_CODES.membershipPending, MESSAGES.auth.membershipPending);
    await setCurrentBusiness(ctx.db, user.id, active.business_id);
  }

  const session = await openSession(ctx.db, ctx.tokens, user.id, ctx.client);
  await clearFailures(ctx.db, [keys[0]!]);
  return {
    session,
    result: {
      user: await loadUser(ctx.db, user.id),
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
    },
  };
}
