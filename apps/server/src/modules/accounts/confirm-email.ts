import type { confirmEmailBodySchema, User } from '@oja/contract';
import type { z } from 'zod';
import type { ActorContext } from '../../platform/context';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { consumeCode, invalidCode } from './codes';
import { assertEmailFree, setEmail } from './update-profile';
import { loadUser } from './user-answer';

/**
 * The code mailed to a new address proves the person reads it: the address
 * becomes the account's email, and the old one is told.
 */
export async function confirmEmail(ctx: ActorContext, input: z.output<typeof confirmEmailBodySchema>): Promise<User> {
  const keys = [
    { limit: LIMITS.codePerAccount, id: `email:${ctx.actor.userId}` },
    { limit: LIMITS.codePerIp, id: ctx.client.ip },
  ];
  await assertWithinLimits(ctx.db, keys);
  const outcome = await ctx.db.transaction(async (tx) => {
    const check = await consumeCode(tx, ctx.tokens, ctx.actor.userId, 'email', input.code);
    if (!check.ok) return check;
    if (!check.newEmail) return { ok: false as const, error: invalidCode() };
    await assertEmailFree(tx, check.newEmail, ctx.actor.userId);
    await setEmail(ctx, tx, check.newEmail, ctx.actor.user.email);
    return check;
  });
  if (!outcome.ok) {
    await recordFailure(ctx.db, keys);
    throw outcome.error;
  }
  await clearFailures(ctx.db, [keys[0]!]);
  return loadUser(ctx.db, ctx.actor.userId);
}
