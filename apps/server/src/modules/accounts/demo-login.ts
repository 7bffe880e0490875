import { type AuthResult, DEMO_MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { DEMO_CUSTOMER_USERNAME } from '../../demo/people';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { assertWithinLimits, LIMITS, recordFailure } from '../../platform/rate-limit';
import { openSession, type SessionTokens } from './sessions';
import { loadUser } from './user-answer';

/**
 * Signs the caller in as the demo shop's customer (/test-customer-login), without a password: the
 * account is public by design and can change neither its email nor its password. Every call opens
 * a session, so every call counts against the IP's budget, as a login attempt does.
 */
export async function demoLogin(ctx: RequestContext): Promise<{ result: AuthResult; session: SessionTokens }> {
  const key = { limit: LIMITS.demoLoginPerIp, id: ctx.client.ip };
  await assertWithinLimits(ctx.db, [key]);
  await recordFailure(ctx.db, [key]);
  const [customer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, DEMO_CUSTOMER_USERNAME), eq(users.is_demo, true), eq(users.is_active, true)))
    .limit(1);
  if (!customer) throw notFound(DEMO_MESSAGES.notSetUp);
  const session = await openSession(ctx.db, ctx.tokens, customer.id, ctx.client);
  return {
    session,
    result: {
      user: await loadUser(ctx.db, customer.id),
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
    },
  };
}
