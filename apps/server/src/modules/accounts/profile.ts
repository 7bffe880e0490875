import { type changePasswordBodySchema, MESSAGES, type User, type updateProfileBodySchema } from '@oja/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { conflict, fieldError, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { assertWithinLimits, recordFailure } from '../../platform/rate-limit';
import { loginAccountKey } from './login';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { loadUser } from './user-answer';

export async function updateProfile(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof updateProfileBodySchema>,
): Promise<User> {
  const emailTaken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
  const [other] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, actor.userId)))
    .limit(1);
  if (other) throw emailTaken();
  try {
    await deps.db
      .update(users)
      .set({ first_name: input.first_name, last_name: input.last_name, email: input.email, updated_at: new Date() })
      .where(eq(users.id, actor.userId));
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'users_email_lower_key')
      throw emailTaken();
    throw error;
  }
  return loadUser(deps.db, actor.userId);
}

/** Changes the password and ends the user's other sessions; this device stays logged in. */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof changePasswordBodySchema>,
): Promise<void> {
  // A stolen session must not become a way around the login limit to guess the password.
  const keys = [loginAccountKey(actor.userId, actor.user.username)];
  await assertWithinLimits(deps.db, keys);
  if (!(await verifyPassword(actor.user.password_hash, input.previous_password))) {
    await recordFailure(deps.db, keys);
    throw fieldError('previous_password', MESSAGES.auth.previousPasswordWrong);
  }
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, 'password changed', actor.sessionId);
  });
}
