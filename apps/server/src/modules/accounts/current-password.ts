import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { assertWithinLimits, clearFailures, LIMITS, recordFailure } from '../../platform/rate-limit';
import { verifyPassword } from './passwords';

/**
 * Checks the signed-in person's current password (to change it, or their email). A stolen session
 * must not become a way to guess it, so failures have a budget of their own; they do not count
 * against login, so a person fumbling in their settings never locks themselves out of signing in.
 */
export async function checkCurrentPassword(ctx: ActorContext, password: string): Promise<boolean> {
  const keys = [{ limit: LIMITS.currentPasswordPerAccount, id: `user:${ctx.actor.userId}` }];
  await assertWithinLimits(ctx.db, keys);
  // The hash is read here, not carried by every request (auth.ts, SignedInUser).
  const [user] = await ctx.db
    .select({ passwordHash: users.password_hash })
    .from(users)
    .where(eq(users.id, ctx.actor.userId));
  if (user && (await verifyPassword(user.passwordHash, password))) {
    await clearFailures(ctx.db, keys);
    return true;
  }
  await recordFailure(ctx.db, keys);
  return false;
}
