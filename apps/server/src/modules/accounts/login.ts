import { type AuthResult, ERROR_CODES, type loginBodySchema, MESSAGES } from '@oja/contract';
import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { memberships, rate_limits, sessions, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { RequestContext } from '../../platform/context';
import { AppError, tooManyRequests } from '../../platform/errors';
import {
  assertWithinLimits,
  clearFailures,
  LIMITS,
  type LimitKey,
  recordFailure,
  retryAfterOf,
} from '../../platform/rate-limit';
import { recordNewDeviceSignIn } from '../activity/new-device';
import { findUserByLogin } from './find-user';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords';
import { openSession, type SessionTokens } from './sessions';
import { currentMembership, loadUser, setCurrentBusiness } from './user-answer';

type Input = z.output<typeof loginBodySchema>;

/**
 * Password failures count against the account, whichever of its email or
 * username was typed (else guessing by both would double the budget); against
 * the typed name when no account matches.
 */
const accountId = (userId: number | undefined, identifier: string) =>
  userId === undefined ? `name:${identifier}` : `user:${userId}`;

/** The budgets a login attempt spends: the account from this IP (tight), the account anywhere, this IP. */
const loginKeys = (userId: number | undefined, identifier: string, ip: string) => {
  const account = accountId(userId, identifier);
  return {
    pair: { limit: LIMITS.loginPerPair, id: `${account}@${ip}` } satisfies LimitKey,
    wide: [
      { limit: LIMITS.loginPerAccount, id: account },
      { limit: LIMITS.loginPerIp, id: ip },
    ] satisfies LimitKey[],
  };
};

/** Forgets an account's login failures from every IP (its owner proved the inbox). */
export async function clearLoginFailures(db: Queryable, userId: number): Promise<void> {
  await db
    .delete(rate_limits)
    .where(
      or(
        like(rate_limits.key, `${LIMITS.loginPerPair.name}:user:${userId}@%`),
        eq(rate_limits.key, `${LIMITS.loginPerAccount.name}:user:${userId}`),
      ),
    );
}

/** Whether this account has logged in from this IP in the last 30 days: a shop's own device, not a sweep. */
async function isKnownDevice(db: Queryable, userId: number, ip: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.user_id, userId), eq(sessions.ip, ip), sql`${sessions.created_at} > now() - interval '30 days'`),
    )
    .limit(1);
  return seen !== undefined;
}

/**
 * Guessing from one IP stops after the pair's budget. The wide budgets (the account from
 * anywhere, the IP across accounts) stop sweeps, but not an account at an IP where it has
 * logged in before: an attacker elsewhere, or behind the same shop IP, cannot lock the owner out.
 */
async function assertMayTry(ctx: RequestContext, userId: number | undefined, keys: ReturnType<typeof loginKeys>) {
  await assertWithinLimits(ctx.db, [keys.pair]);
  const wait = await retryAfterOf(ctx.db, keys.wide);
  if (wait > 0 && !(userId !== undefined && (await isKnownDevice(ctx.db, userId, ctx.client.ip)))) {
    throw tooManyRequests(wait);
  }
}

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
  const limits = loginKeys(user?.id, identifier, ctx.client.ip);
  await assertMayTry(ctx, user?.id, limits);
  const keys = [limits.pair, ...limits.wide];
  if (!user) {
    await burnPasswordCheck(input.password);
    await recordFailure(ctx.db, keys);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await recordFailure(ctx.db, keys);
    throw invalidCredentials();
  }
  if (needsRehash(user.password_hash)) {
    await ctx.db
      .update(users)
      .set({ password_hash: await hashPassword(input.password) })
      .where(and(eq(users.id, user.id), eq(users.password_hash, user.password_hash)));
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

  const session = await transaction(ctx.db, async (tx) => {
    await recordNewDeviceSignIn(tx, user, ctx.client);
    return openSession(tx, ctx.tokens, user.id, ctx.client);
  });
  await clearFailures(ctx.db, [limits.pair]);
  return {
    session,
    result: {
      user: await loadUser(ctx.db, user.id),
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
    },
  };
}
