import { type confirmEmailBodySchema, UNDO_EMAIL_DAYS, type User } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { email_change_undos, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { ActorContext } from '../../platform/context';
import { PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import type { Mail } from '../../platform/mail';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { hashToken, randomToken } from '../../platform/tokens';
import { consumeCode, invalidCode } from './codes';
import { emailChangedMail, sendMail } from './mails';
import { emailTaken, isEmailTaken } from './update-profile';
import { loadUser } from './user-answer';

/**
 * The code mailed to a new address proves the person reads it: the address
 * becomes the account's email, and the old one is mailed a link that undoes
 * the change (undo-email-change.ts).
 */
export async function confirmEmail(ctx: ActorContext, input: z.output<typeof confirmEmailBodySchema>): Promise<User> {
  const keys = [
    { limit: LIMITS.codePerAccount, id: `email:${ctx.actor.userId}` },
    { limit: LIMITS.codePerIp, id: ctx.client.ip },
  ];
  await assertWithinLimits(ctx.db, keys);
  const outcome = await transaction(ctx.db, async (tx) => {
    const check = await consumeCode(tx, ctx.tokens, ctx.actor.userId, 'email', input.code);
    if (!check.ok) return check;
    if (!check.newEmail) return { ok: false as const, error: invalidCode() };
    if (await isEmailTaken(tx, check.newEmail, ctx.actor.userId)) throw emailTaken();
    const notice = await setEmail(ctx, tx, check.newEmail, ctx.actor.user.email);
    return { ...check, notice };
  });
  if (!outcome.ok) {
    await recordFailure(ctx.db, keys);
    throw outcome.error;
  }
  await clearFailures(ctx.db, [keys[0]!]);
  if (outcome.notice) void sendMail(ctx, outcome.notice);
  return loadUser(ctx.db, ctx.actor.userId);
}

/**
 * Sets the account's email (the unique index has the last word on a race) and, when there was an old
 * address, keeps the hash of an undo link for it: answers the mail that tells the old address, to send
 * once the change has committed.
 */
async function setEmail(ctx: ActorContext, tx: Tx, email: string, oldEmail: string | null): Promise<Mail | null> {
  try {
    await tx.update(users).set({ email, updated_at: new Date() }).where(eq(users.id, ctx.actor.userId));
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'users_email_lower_key')
      throw emailTaken();
    throw error;
  }
  if (!oldEmail) return null;
  const token = randomToken();
  await tx.insert(email_change_undos).values({
    token_hash: hashToken(token),
    user_id: ctx.actor.userId,
    old_email: oldEmail,
    new_email: email,
    expires_at: sql`now() + make_interval(days => ${UNDO_EMAIL_DAYS})`,
  });
  const link = `${ctx.config.publicUrl}/undo-email-change?token=${encodeURIComponent(token)}`;
  return emailChangedMail(oldEmail, ctx.actor.user.first_name, email, link);
}
