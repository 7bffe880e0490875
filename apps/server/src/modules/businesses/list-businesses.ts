import { type BusinessListItem, type BusinessWithRole, MESSAGES, type MemberRole } from '@oja/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, memberships } from '../../db/schema';
import type { Actor } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { requireBusiness } from '../../platform/tenancy';
import { presentBusiness } from './present';

/** The businesses the caller is an active member of, oldest first, each with their role there. */
export async function listBusinesses(db: Db, actor: Actor): Promise<BusinessListItem[]> {
  const rows = await db
    .select({ business: businesses, role: memberships.role })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(and(eq(memberships.user_id, actor.userId), eq(memberships.is_active, true)))
    .orderBy(asc(businesses.created_at), asc(businesses.id));
  return rows.map((row) => ({ ...presentBusiness(row.business), role: row.role as MemberRole }));
}

/**
 * The business behind a /business/{slug} or /{slug}/employee address, with the
 * caller's role. A slug nobody uses and one of a business the caller is not an
 * active member of answer the same 404.
 */
export async function getBusinessBySlug(db: Db, actor: Actor, slug: string): Promise<BusinessWithRole> {
  const [found] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, slug)).limit(1);
  if (!found) throw notFound(MESSAGES.business.notFound);
  const context = await requireBusiness(db, actor, found.id, 'business.view');
  return { business: presentBusiness(context.business), role: context.role };
}
