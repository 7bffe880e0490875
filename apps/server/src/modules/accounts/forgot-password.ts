import { DEMO_MESSAGES } from '@oja/contract';
import type { RequestContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { issueCode } from './codes';
import { findUserByEmail } from './find-user';
import { resetMail, sendMail, spendMailBudget } from './mails';

/**
 * Mails a reset code if the email belongs to an account. The answer, and how
 * long it takes, are the same either way: the mail goes out after the answer.
 */
export async function forgotPassword(ctx: RequestContext, email: string): Promise<void> {
  await spendMailBudget(ctx, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  // The demo accounts' addresses are public and their passwords fixed: saying so leaks nothing.
  if (user.is_demo) throw forbidden(DEMO_MESSAGES.accountLocked);
  const code = await issueCode(ctx.db, ctx.tokens, user.id, 'reset');
  void sendMail(ctx, resetMail(email, user.first_name, code));
}
