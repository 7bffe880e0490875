import { DEMO_MESSAGES, type resetPasswordBodySchema } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { RequestContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { consumeCode, invalidCode } from './codes';
import { findUserByEmail } from './find-user';
import { clearLoginFailures } from './login';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/**
 * Sets a new password with the emailed code, and signs the person out everywhere.
 *
 * The code is checked before the new password is hashed: hashing first made a known address with a wrong
 * code answer an argon2 hash slower than an unknown one, which told who has an account. Now a wrong code
 * costs the same few queries either way, and only the right code (whose holder reads the inbox) pays the hash.
 */
export async function resetPassword(
  ctx: RequestContext,
  input: z.output<typeof resetPasswordBodySchema>,
): Promise<void> {
  // Per address and IP: wrong codes sent from elsewhere never block the owner's own reset.
  const keys = [
    { limit: LIMITS.codePerPair, id: `${input.email}@${ctx.client.ip}` },
    { limit: LIMITS.codePerIp, id: ctx.client.ip },
  ];
  await assertWithinLimits(ctx.db, keys);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await recordFailure(ctx.db, keys);
    throw invalidCode();
  }
  if (user.is_demo) throw forbidden(DEMO_MESSAGES.accountLocked);
  const outcome = await transaction(ctx.db, async (tx) => {
    const check = await consumeCode(tx, ctx.tokens, user.id, 'reset', input.code);
    if (!check.ok) return check;
    // Inside the transaction: the code is spent only if the password is set with it.
    const passwordHash = await hashPassword(input.new_password);
    // The code proves the person reads this inbox, which is what activation checks too.
    await tx
      .update(users)
      .set({ password_hash: passwordHash, is_active: true, updated_at: new Date() })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password reset');
    return check;
  });
  if (!outcome.ok) {
    await recordFailure(ctx.db, keys);
    throw outcome.error;
  }
  // The new password is known to its owner: earlier wrong guesses of the old one no longer lock them out.
  await clearFailures(ctx.db, [keys[0]!]);
  await clearLoginFailures(ctx.db, user.id);
}
