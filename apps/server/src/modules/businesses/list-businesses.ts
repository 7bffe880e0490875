import type { BusinessListItem } from '@oja/contract';
import { and, asc, eq } from 'drizzle-orm';
import { businesses, memberships } from '../../db/schema';
import type { ActorContext } from '../../platform/context';
import { presentBusiness } from './business-answer';

/** The businesses the caller is an active member of, oldest first, each with their role there. */
export async function listBusinesses(ctx: ActorContext): Promise<BusinessListItem[]> {
  const rows = await ctx.db
    .select({ business: businesses, role: memberships.role })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(and(eq(memberships.user_id, ctx.actor.userId), eq(memberships.is_active, true)))
    .orderBy(asc(businesses.created_at), asc(businesses.id));
  return rows.map((row) => ({ ...presentBusiness(row.business), role: row.role }));
}
