import { DEMO_MESSAGES, MESSAGES, type User, type updateProfileBodySchema } from '@oja/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { conflict, fieldError, forbidden } from '../../platform/errors';
import { cancelCodes, issueCode } from './codes';
import { checkCurrentPassword } from './current-password';
import { emailCodeMail, emailInUseMail, sendMail, spendMailBudget } from './mails';
import { loadUser } from './user-answer';

type Input = z.output<typeof updateProfileBodySchema>;

export const emailTaken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });

/** Whether another account already has this address. */
export async function isEmailTaken(db: Queryable, email: string, userId: number): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/**
 * Names change at once. A different email needs the current password: a session alone (a borrowed or stolen
 * phone) must not move the account to another inbox, where forgot/reset would hand the account over. Then a
 * code goes to the new address, and the email changes when it is entered (confirm-email.ts), which also mails
 * the old address a link that undoes it.
 *
 * The mail budget is spent before the address is looked up, and a taken address is answered exactly as a free
 * one (the same status, message and pending_email): a session cannot test which addresses have accounts. The
 * taken address gets no code, only a notice to its owner that someone tried it.
 */
export async function updateProfile(
  ctx: ActorContext,
  input: Input,
): Promise<{ user: User; pendingEmail: string | null }> {
  const oldEmail = ctx.actor.user.email;
  // No email in the request keeps the current one (or none, for a member who joined by link).
  const newEmail = input.email !== undefined && input.email !== oldEmail?.toLowerCase() ? input.email : null;
  if (newEmail) {
    // A demo account's address stays: a new one would let whoever set it take the account by reset.
    if (ctx.actor.user.is_demo) throw forbidden(DEMO_MESSAGES.accountLocked);
    if (!input.current_password) throw fieldError('current_password', MESSAGES.auth.currentPasswordForEmail);
    if (!(await checkCurrentPassword(ctx, input.current_password))) {
      throw fieldError('current_password', MESSAGES.auth.currentPasswordWrong);
    }
    await spendMailBudget(ctx, newEmail);
  }

  await ctx.db
    .update(users)
    .set({ first_name: input.first_name, last_name: input.last_name, updated_at: new Date() })
    .where(eq(users.id, ctx.actor.userId));
  if (newEmail) {
    if (await isEmailTaken(ctx.db, newEmail, ctx.actor.userId)) {
      // As a new code would, this ends the codes sent to an earlier new address.
      await cancelCodes(ctx.db, ctx.actor.userId, 'email');
      void sendMail(ctx, emailInUseMail(newEmail));
    } else {
      const code = await issueCode(ctx.db, ctx.tokens, ctx.actor.userId, 'email', newEmail);
      void sendMail(ctx, emailCodeMail(newEmail, input.first_name, code));
    }
  }
  return { user: await loadUser(ctx.db, ctx.actor.userId), pendingEmail: newEmail };
}
