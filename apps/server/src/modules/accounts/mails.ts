import { CODE_TTL_MINUTES } from '@oja/contract';
import type { Deps } from '../../platform/deps';
import type { Mail } from '../../platform/mail';

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
