import { type PublicBusiness, TEAM_MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { assertWithinLimits, LIMITS, recordFailure } from '../../platform/rate-limit';

/**
 * The business an invite link names, for the join page before anyone signs up: its name, which
 * the link's holder may see anyway once they join, and nothing that identifies or reaches a person.
 * Unknown slugs count against the caller's IP, so the route is no cheap way to list every shop.
 */
export async function getPublicBusiness(ctx: RequestContext, slug: string): Promise<PublicBusiness> {
  const keys = [{ limit: LIMITS.slugLookupPerIp, id: ctx.client.ip }];
  await assertWithinLimits(ctx.db, keys);
  const [found] = await ctx.db
    .select({ name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.slug, slug.toLowerCase()))
    .limit(1);
  if (!found) {
    await recordFailure(ctx.db, keys);
    throw notFound(TEAM_MESSAGES.businessNotFoundForInvite(slug));
  }
  return found;
}
