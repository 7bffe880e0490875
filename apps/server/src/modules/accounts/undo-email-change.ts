import { MESSAGES } from '@oja/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { email_change_undos, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { RequestContext } from '../../platform/context';
import { conflict, fieldError, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { cancelCodes } from './codes';
import { revokeUserSessions } from './sessions';

/**
 * The link mailed to the old address when an account's email changed: within its 7 days, once, it puts the
 * old address back and ends every session of the account, so whoever moved the account to their inbox (with
 * a borrowed phone and the password) is signed out and the owner can reset the password from their own inbox.
 * It needs no session: the owner may have none left. Answers the address the account has again.
 */
export async function undoEmailChange(ctx: RequestContext, token: string): Promise<string> {
  const restored = await transaction(ctx.db, async (tx) => {
    // Spent in the same statement that finds it: two clicks at once cannot both undo.
    const [undo] = await tx
      .update(email_change_undos)
      .set({ used_at: sql`now()` })
      .where(
        and(
          eq(email_change_undos.token_hash, hashToken(token)),
          isNull(email_change_undos.used_at),
          sql`${email_change_undos.expires_at} > now()`,
        ),
      )
      .returning({ userId: email_change_undos.user_id, oldEmail: email_change_undos.old_email });
    if (!undo) return null;
    try {
      await tx.update(users).set({ email: undo.oldEmail, updated_at: new Date() }).where(eq(users.id, undo.userId));
    } catch (error) {
      if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'users_email_lower_key')
        throw conflict(MESSAGES.auth.undoEmailTaken);
      throw error;
    }
    await revokeUserSessions(tx, undo.userId, 'email change undone');
    // Codes sent while the account was elsewhere (to a new address, or a reset) die with the change.
    await cancelCodes(tx, undo.userId, 'email');
    await cancelCodes(tx, undo.userId, 'reset');
    return undo.oldEmail;
  });
  if (!restored) throw fieldError('token', MESSAGES.auth.undoLinkInvalid);
  return restored;
}
