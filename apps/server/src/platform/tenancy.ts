import { can, MESSAGES, type MemberRole, type Permission } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, memberships } from '../db/schema';
import type { Actor } from './auth';
import { forbidden, notFound } from './errors';

export type BusinessRow = typeof businesses.$inferSelect;

/** A use case's view of a request inside one business: who, where, as what. */
export type BusinessContext = {
  db: Db;
  actor: Actor;
  businessId: number;
  role: MemberRole;
  business: BusinessRow;
};

/**
 * The gate of every business-scoped route. A business the caller is not an
 * active member of answers 404 exactly like one that does not exist, so ids of
 * other businesses reveal nothing; a member whose role lacks the permission gets 403.
 */
export async function requireBusiness(
  db: Db,
  actor: Actor,
  businessId: number,
  permission: Permission,
): Promise<BusinessContext> {
  const [row] = await db
    .select({ role: memberships.role, business: businesses })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(
      and(
        eq(memberships.business_id, businessId),
        eq(memberships.user_id, actor.userId),
        eq(memberships.is_active, true),
      ),
    )
    .limit(1);
  if (!row) throw notFound(MESSAGES.business.notFound);
  const role = row.role as MemberRole;
  if (!can(role, permission)) throw forbidden();
  return { db, actor, businessId, role, business: row.business };
}
