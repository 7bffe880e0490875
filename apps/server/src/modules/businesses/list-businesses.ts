import type { BusinessListItem } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { BUILT, builtOnce } from '../../db/built-once';
import { businesses, memberships } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { presentBusiness } from './business-answer';

/** The businesses the caller is an active member of, oldest first, each with their role there. */
export async function listBusinesses(ctx: ActorContext): Promise<BusinessListItem[]> {
  const rows = await activeMemberships(ctx.db, { userId: ctx.actor.userId });
  return rows.map((row) => ({ ...presentBusiness(row.business), role: row.role }));
}

/**
 * Built once (db/built-once.ts): the CEO dashboard's first read, on every visit (inside the page, or asked by
 * the phone). Built per request, drizzle's walk of the business's columns is costly: the business by slug,
 * which was built the same way, cost node measurably more a read than built once (bench/README.md).
 */
const activeMemberships = builtOnce((db) =>
  db
    .select({ business: businesses, role: memberships.role })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(and(eq(memberships.user_id, sql.placeholder('userId')), eq(memberships.is_active, true)))
    .orderBy(asc(businesses.created_at), asc(businesses.id))
    .prepare(BUILT),
);
