import { DEMO_MESSAGES, MESSAGES, type User, type updateProfileBodySchema } from '@oja/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { conflict, fieldError, forbidden, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { issueCode } from './codes';
import { checkCurrentPassword } from './current-password';
import { emailChangedMail, emailCodeMail, sendMail, spendMailBudget } from './mails';
import { loadUser } from './user-answer';

type Input = z.output<typeof updateProfileBodySchema>;

const emailTaken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });

/** Refuses an address that another account already has. */
export async function assertEmailFree(db: Queryable, email: string, userId: number): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)))
    .limit(1);
  if (other) throw emailTaken();
}

/** Sets the account's email (the unique index has the last word on a race) and tells the old address. */
export async function setEmail(ctx: ActorContext, db: Queryable, email: string, oldEmail: string | null) {
  try {
    await db.update(users).set({ email, updated_at: new Date() }).where(eq(users.id, ctx.actor.userId));
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'users_email_lower_key')
      throw emailTaken();
    throw error;
  }
  if (oldEmail) void sendMail(ctx, emailChangedMail(oldEmail, ctx.actor.user.first_name, email));
}

/**
 * Names change at once. A session alone must not be enough to move the account
 * to another inbox (forgot/reset would then hand the account over), so a
 * different email takes effect only with the current password in the same
 * request, or else waits, with a code mailed to the new address, until that
 * code is entered (confirm-email). Until then the old email stays.
 */
export async function updateProfile(
  ctx: ActorContext,
  input: Input,
): Promise<{ user: User; pendingEmail: string | null }> {
  const oldEmail = ctx.actor.user.email;
  // No email in the request keeps the current one (or none, for a member who joined by link).
  const newEmail = input.email !== undefined && input.email !== oldEmail?.toLowerCase() ? input.email : null;
  const changesEmail = newEmail !== null;
  // A demo account's address stays: a new one would let whoever set it take the account by reset.
  if (changesEmail && ctx.actor.user.is_demo) throw forbidden(DEMO_MESSAGES.accountLocked);
  if (newEmail) await assertEmailFree(ctx.db, newEmail, ctx.actor.userId);
  if (changesEmail && input.current_password !== undefined && input.current_password !== '') {
    if (!(await checkCurrentPassword(ctx, input.current_password))) {
      throw fieldError('current_password', MESSAGES.auth.currentPasswordWrong);
    }
  }
  const withPassword = changesEmail && input.current_password !== undefined && input.current_password !== '';
  if (newEmail && !withPassword) await spendMailBudget(ctx, newEmail);

  await ctx.db
    .update(users)
    .set({ first_name: input.first_name, last_name: input.last_name, updated_at: new Date() })
    .where(eq(users.id, ctx.actor.userId));
  let pendingEmail: string | null = null;
  if (newEmail && withPassword) {
    await setEmail(ctx, ctx.db, newEmail, oldEmail);
  } else if (newEmail) {
    const code = await issueCode(ctx.db, ctx.tokens, ctx.actor.userId, 'email', newEmail);
    void sendMail(ctx, emailCodeMail(newEmail, input.first_name, code));
    pendingEmail = newEmail;
  }
  return { user: await loadUser(ctx.db, ctx.actor.userId), pendingEmail };
}
