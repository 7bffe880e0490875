import { CODE_TTL_MINUTES } from '@oja/contract';
import type { RequestContext } from '../../platform/context';
import type { Deps } from '../../platform/deps';
import type { Mail } from '../../platform/mail';
import { assertWithinLimits, LIMITS, recordFailure } from '../../platform/rate-limit';

export function verificationMail(to: string, firstName: string, code: string): Mail {
  return {
    to,
    subject: `Your Oja verification code is ${code}`,
    text: `Hello ${firstName},\n\nYour Oja verification code is ${code}.\nIt works once and expires in ${CODE_TTL_MINUTES} minutes.\n\nIf you did not sign up for Oja, ignore this email.`,
  };
}

export function resetMail(to: string, firstName: string, code: string): Mail {
  return {
    to,
    subject: `Your Oja password reset code is ${code}`,
    text: `Hello ${firstName},\n\nUse the code ${code} to reset your Oja password.\nIt works once and expires in ${CODE_TTL_MINUTES} minutes.\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
  };
}

/** Sends, and answers whether it went: a mail server being down must not undo the work before it. */
export async function sendMail(deps: Deps, mail: Mail): Promise<boolean> {
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    deps.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
    return false;
  }
}

/**
 * A mail with a code costs the address and the sender's IP one unit of their hourly budget, whether or
 * not an account has that address: a mailbox cannot be flooded, and the answer tells nothing.
 */
export async function spendMailBudget(ctx: RequestContext, email: string): Promise<void> {
  const keys = [
    { limit: LIMITS.mailPerAccount, id: email },
    { limit: LIMITS.mailPerIp, id: ctx.client.ip },
  ];
  await assertWithinLimits(ctx.db, keys);
  await recordFailure(ctx.db, keys);
}
