import { type changePasswordBodySchema, DEMO_MESSAGES, MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { ActorContext } from '../../platform/context';
import { fieldError, forbidden } from '../../platform/errors';
import { checkCurrentPassword } from './current-password';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/** Changes the password and ends the user's other sessions; this device stays logged in. */
export async function changePassword(
  ctx: ActorContext,
  input: z.output<typeof changePasswordBodySchema>,
): Promise<void> {
  // Everyone knows a demo account's password: changing it would lock the next visitor out.
  if (ctx.actor.user.is_demo) throw forbidden(DEMO_MESSAGES.accountLocked);
  if (!(await checkCurrentPassword(ctx, input.previous_password))) {
    throw fieldError('previous_password', MESSAGES.auth.previousPasswordWrong);
  }
  const passwordHash = await hashPassword(input.new_password);
  await transaction(ctx.db, async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(eq(users.id, ctx.actor.userId));
    await revokeUserSessions(tx, ctx.actor.userId, 'password changed', ctx.actor.sessionId);
  });
}
