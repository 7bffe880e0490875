import { type BusinessWithRole, MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { requireBusiness } from '../../platform/tenancy';
import { presentBusiness } from './business-answer';

/**
 * The business behind a /business/{slug} or /{slug}/employee address, with the
 * caller's role. A slug nobody uses and one of a business the caller is not an
 * active member of answer the same 404.
 */
export async function getBusinessBySlug(ctx: ActorContext, slug: string): Promise<BusinessWithRole> {
  const [found] = await ctx.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, slug)).limit(1);
  if (!found) throw notFound(MESSAGES.business.notFound);
  const context = await requireBusiness(ctx, found.id, 'business.view');
  return { business: presentBusiness(context.business), role: context.role };
}
