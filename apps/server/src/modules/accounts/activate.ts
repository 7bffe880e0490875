import { type AuthResult, type activateBodySchema, MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { consumeCode, invalidCode, issueCode } from './codes';
import { findUserByEmail } from './find-user';
import { sendMail, verificationMail } from './mails';
import { type ClientInfo, openSession, type SessionTokens } from './sessions';
import { loadUser } from './user-answer';

type Input = z.output<typeof activateBodySchema>;

export type ActivateOutcome =
  | { kind: 'resent'; mailSent: boolean }
  | { kind: 'activated'; result: AuthResult; session: SessionTokens };

/** Enters the emailed code (activating the account and logging in), or asks for a new code. */
export async function activateAccount(deps: Deps, input: Input, client: ClientInfo): Promise<ActivateOutcome> {
  return input.resend_code
    ? resendCode(deps, input.email, client)
    : enterCode(deps, input.email, input.code ?? '', client);
}

async function resendCode(deps: Deps, email: string, client: ClientInfo): Promise<ActivateOutcome> {
  const keys = [
    { limit: LIMITS.mailPerAccount, id: email },
    { limit: LIMITS.mailPerIp, id: client.ip },
  ];
  await assertWithinLimits(deps.db, keys);
  await recordFailure(deps.db, keys);
  const user = await findUserByEmail(deps.db, email);
  if (user?.is_active) throw badRequest(MESSAGES.auth.alreadyActive);
  // For an unknown email the answer is the same as for a known one.
  if (!user) return { kind: 'resent', mailSent: true };
  const code = await issueCode(deps.db, deps.tokens, user.id, 'activate');
  return { kind: 'resent', mailSent: await sendMail(deps, verificationMail(email, user.first_name, code)) };
}

async function enterCode(deps: Deps, email: string, code: string, client: ClientInfo): Promise<ActivateOutcome> {
  const keys = [
    { limit: LIMITS.codePerAccount, id: email },
    { limit: LIMITS.codePerIp, id: client.ip },
  ];
  await assertWithinLimits(deps.db, keys);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await recordFailure(deps.db, keys);
    throw invalidCode();
  }
  if (user.is_active) throw badRequest(MESSAGES.auth.alreadyActive);
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await consumeCode(tx, deps.tokens, user.id, 'activate', code);
    if (!check.ok) return { ok: false as const, error: check.error };
    await tx.update(users).set({ is_active: true, updated_at: new Date() }).where(eq(users.id, user.id));
    return { ok: true as const, session: await openSession(tx, deps.tokens, user.id, client) };
  });
  if (!outcome.ok) {
    await recordFailure(deps.db, keys);
    throw outcome.error;
  }
  await clearFailures(deps.db, [keys[0]!]);
  const session = outcome.session;
  return {
    kind: 'activated',
    session,
    result: {
      user: await loadUser(deps.db, user.id),
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
    },
  };
}
