import { type changePasswordBodySchema, MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { assertWithinLimits, recordFailure } from '../../platform/rate-limit';
import { loginAccountKey } from './login';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/** Changes the password and ends the user's other sessions; this device stays logged in. */
export async function changePassword(
  ctx: ActorContext,
  input: z.output<typeof changePasswordBodySchema>,
): Promise<void> {
  // A stolen session must not become a way around the login limit to guess the password.
  const keys = [loginAccountKey(ctx.actor.userId, ctx.actor.user.username)];
  await assertWithinLimits(ctx.db, keys);
  if (!(await verifyPassword(ctx.actor.user.password_hash, input.previous_password))) {
    await recordFailure(ctx.db, keys);
    throw fieldError('previous_password', MESSAGES.auth.previousPasswordWrong);
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(eq(users.id, ctx.actor.userId));
    await revokeUserSessions(tx, ctx.actor.userId, 'password changed', ctx.actor.sessionId);
  });
}
