import type { resetPasswordBodySchema } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { consumeCode, invalidCode, issueCode } from './codes';
import { findUserByEmail } from './find-user';
import { loginAccountKey } from './login';
import { resetMail, sendMail } from './mails';
import { hashPassword } from './passwords';
import type { ClientInfo } from './sessions';
import { revokeUserSessions } from './sessions';

/**
 * Mails a reset code if the email belongs to an account. The answer, and how
 * long it takes, are the same either way: the mail goes out after the answer.
 */
export async function forgotPassword(deps: Deps, email: string, client: ClientInfo): Promise<void> {
  const keys = [
    { limit: LIMITS.mailPerAccount, id: email },
    { limit: LIMITS.mailPerIp, id: client.ip },
  ];
  await assertWithinLimits(deps.db, keys);
  await recordFailure(deps.db, keys);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const code = await issueCode(deps.db, deps.tokens, user.id, 'reset');
  void sendMail(deps, resetMail(email, user.first_name, code));
}

/** Sets a new password with the emailed code, and signs the person out everywhere. */
export async function resetPassword(
  deps: Deps,
  input: z.output<typeof resetPasswordBodySchema>,
  client: ClientInfo,
): Promise<void> {
  const keys = [
    { limit: LIMITS.codePerAccount, id: input.email },
    { limit: LIMITS.codePerIp, id: client.ip },
  ];
  await assertWithinLimits(deps.db, keys);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) {
    await recordFailure(deps.db, keys);
    throw invalidCode();
  }
  const passwordHash = await hashPassword(input.new_password);
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await consumeCode(tx, deps.tokens, user.id, 'reset', input.code);
    if (!check.ok) return check;
    // The code proves the person reads this inbox, which is what activation checks too.
    await tx
      .update(users)
      .set({ password_hash: passwordHash, is_active: true, updated_at: new Date() })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password reset');
    return check;
  });
  if (!outcome.ok) {
    await recordFailure(deps.db, keys);
    throw outcome.error;
  }
  // The new password is known to its owner: earlier wrong guesses of the old one no longer lock them out.
  await clearFailures(deps.db, [keys[0]!, loginAccountKey(user.id, input.email)]);
}
