import type { BusinessWithRole } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { BUILT, builtOnce } from '../../db/built-once';
import { businesses, memberships } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { businessContext } from '../../platform/tenancy';
import { presentBusiness } from './business-answer';

/**
 * The business behind a /business/{slug} or /{slug}/employee address, with the
 * caller's role. A slug nobody uses and one of a business the caller is not an
 * active member of answer the same 404 (businessContext, the gate's rules).
 */
export async function getBusinessBySlug(ctx: ActorContext, slug: string): Promise<BusinessWithRole> {
  const [membership] = await memberOfSlug(ctx.db, { slug, userId: ctx.actor.userId });
  const context = businessContext(ctx, membership?.business.id ?? 0, membership ?? null, 'business.view');
  return { business: presentBusiness(context.business), role: context.role };
}

/**
 * The caller's active membership in the business of that slug, with the business: one statement, built once
 * (db/built-once.ts). Every business page's first load asks for it (the web app's early read, or the
 * server's inside the page). It was two, each built by drizzle per request: the slug's id, then the
 * membership (requireBusiness), and building those two showed in a CPU profile of the load bench's signed-in
 * page; built once, the page serves more a second (bench/README.md).
 */
const memberOfSlug = builtOnce((db) =>
  db
    .select({ role: memberships.role, business: businesses })
    .from(businesses)
    .innerJoin(
      memberships,
      and(
        eq(memberships.business_id, businesses.id),
        eq(memberships.user_id, sql.placeholder('userId')),
        eq(memberships.is_active, true),
      ),
    )
    .where(eq(businesses.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare(BUILT),
);
