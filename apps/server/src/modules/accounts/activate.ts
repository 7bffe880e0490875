import type { AuthResult, activateBodySchema } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { RequestContext } from '../../platform/context';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { consumeCode, invalidCode, issueCode } from './codes';
import { findUserByEmail } from './find-user';
import { sendMail, spendMailBudget, verificationMail } from './mails';
import { openSession, type SessionTokens } from './sessions';
import { loadUser } from './user-answer';

type Input = z.output<typeof activateBodySchema>;

export type ActivateOutcome =
  | { kind: 'resent'; mailSent: boolean }
  | { kind: 'activated'; result: AuthResult; session: SessionTokens };

/** Enters the emailed code (activating the account and logging in), or asks for a new code. */
export async function activateAccount(ctx: RequestContext, input: Input): Promise<ActivateOutcome> {
  return input.resend_code ? resendCode(ctx, input.email) : enterCode(ctx, input.email, input.code ?? '');
}

async function resendCode(ctx: RequestContext, email: string): Promise<ActivateOutcome> {
  await spendMailBudget(ctx, email);
  const user = await findUserByEmail(ctx.db, email);
  // For an unknown email, or an account already active, the answer is the same as for one waiting for its code.
  if (!user || user.is_active) return { kind: 'resent', mailSent: true };
  const code = await issueCode(ctx.db, ctx.tokens, user.id, 'activate');
  return { kind: 'resent', mailSent: await sendMail(ctx, verificationMail(email, user.first_name, code)) };
}

async function enterCode(ctx: RequestContext, email: string, code: string): Promise<ActivateOutcome> {
  const keys = [
    { limit: LIMITS.codePerAccount, id: email },
    { limit: LIMITS.codePerIp, id: ctx.client.ip },
  ];
  await assertWithinLimits(ctx.db, keys);
  const user = await findUserByEmail(ctx.db, email);
  // Unknown, already active, or waiting: a wrong code answers the same and counts the same,
  // so the form tells nobody which addresses have accounts.
  if (!user || user.is_active) {
    await recordFailure(ctx.db, keys);
    throw invalidCode();
  }
  const outcome = await transaction(ctx.db, async (tx) => {
    const check = await consumeCode(tx, ctx.tokens, user.id, 'activate', code);
    if (!check.ok) return { ok: false as const, error: check.error };
    await tx.update(users).set({ is_active: true, updated_at: new Date() }).where(eq(users.id, user.id));
    return { ok: true as const, session: await openSession(tx, ctx.tokens, user.id, ctx.client) };
  });
  if (!outcome.ok) {
    await recordFailure(ctx.db, keys);
    throw outcome.error;
  }
  await clearFailures(ctx.db, [keys[0]!]);
  const session = outcome.session;
  return {
    kind: 'activated',
    session,
    result: {
      user: await loadUser(ctx.db, user.id),
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
    },
  };
}
