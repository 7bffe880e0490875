import { CODE_TTL_MINUTES, UNDO_EMAIL_DAYS } from '@oja/contract';
import type { RequestContext } from '../../platform/context';
import type { Deps } from '../../platform/deps';
import type { Mail } from '../../platform/mail';
import { assertWithinLimits, LIMITS, recordFailure, retryAfterOf } from '../../platform/rate-limit';

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

export function emailCodeMail(to: string, firstName: string, code: string): Mail {
  return {
    to,
    subject: `Your Oja email confirmation code is ${code}`,
    text: `Hello ${firstName},\n\nEnter the code ${code} in Oja to make this address your account's email.\nIt works once and expires in ${CODE_TTL_MINUTES} minutes.\n\nIf you did not ask for this, ignore this email: nothing changes.`,
  };
}

export function emailChangedMail(to: string, firstName: string, newEmail: string, undoUrl: string): Mail {
  return {
    to,
    subject: 'Your Oja email was changed',
    text: `Hello ${firstName},\n\nThe email of your Oja account is now ${newEmail}; this address no longer signs in or receives reset codes.\n\nIf you did not do this, open this link within ${UNDO_EMAIL_DAYS} days to put this address back and sign everyone out of your account:\n${undoUrl}\n\nThen reset your password with this address.`,
  };
}

/** To the owner of an address someone else tried to give their account: it stays theirs. */
export function emailInUseMail(to: string): Mail {
  return {
    to,
    subject: 'Someone tried to use your email on Oja',
    text: `Hello,\n\nSomeone signed in to another Oja account asked to make this address that account's email. This address already belongs to your Oja account, so nothing changed and no code was sent.\n\nIf it was you, sign in with this address instead.`,
  };
}

/** Sends, and answers whether it went: a mail server being down must not undo the work before it. */
export async function sendMail(deps: Deps, mail: Mail): Promise<boolean> {
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    // Never the subject or the text: they hold codes.
    deps.log.error({ err: error, to: mail.to }, 'mail could not be sent');
    return false;
  }
}

/**
 * A mail with a code costs the address and the sender's IP one unit of their hourly budget, whether or
 * not an account has that address: a mailbox cannot be flooded, and the answer tells nothing.
 */
export async function spendMailBudget(ctx: RequestContext, email: string): Promise<void> {
  const address = { limit: LIMITS.mailPerAccount, id: email };
  const ip = { limit: LIMITS.mailPerIp, id: ctx.client.ip };
  await assertWithinLimits(ctx.db, [ip]);
  if ((await retryAfterOf(ctx.db, [address])) > 0) {
    // Someone spent the address's hour (perhaps to block its owner's reset): one mail per ten minutes still goes.
    const slow = { limit: LIMITS.mailSlowLane, id: email };
    await assertWithinLimits(ctx.db, [slow]);
    await recordFailure(ctx.db, [slow, ip]);
    return;
  }
  await recordFailure(ctx.db, [address, ip]);
}
