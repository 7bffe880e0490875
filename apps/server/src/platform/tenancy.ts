import { can, MESSAGES, type MemberRole, type OwnedRecord, type Permission } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, carts, expenses, memberships } from '../db/schema';
import type { Membership } from './auth';
import type { ActorContext, BusinessContext } from './context';
import { forbidden, notFound } from './errors';

export type { BusinessContext, BusinessRow } from './context';

/**
 * The gate of every business-scoped request. A business the caller is not an
 * active member of answers 404 exactly like one that does not exist, so ids of
 * other businesses reveal nothing; a member whose role lacks the permission gets 403.
 */
export async function requireBusiness(
  ctx: ActorContext,
  businessId: number,
  permission: Permission,
  options: GateOptions = {},
): Promise<BusinessContext> {
  const [row] = await ctx.db
    .select({ role: memberships.role, business: businesses })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.business_id))
    .where(
      and(
        eq(memberships.business_id, businessId),
        eq(memberships.user_id, ctx.actor.userId),
        eq(memberships.is_active, true),
      ),
    )
    .limit(1);
  return businessContext(ctx, businessId, row ?? null, permission, options);
}

/**
 * The messages of a refusal, and what a role sees: the permissions to see the whole business's records (the entry's
 * `whole`) and those the caller recorded (its `recorded`).
 */
export type GateOptions = { forbidden?: string; notFound?: string; whole?: Permission; recorded?: Permission };

/**
 * The gate's rules on a membership found (or not): 404 without one, 403 for a role without the permission; a
 * role without the entry's `whole` permission sees the records it recorded when it holds the entry's `recorded`,
 * else its own records only.
 */
export function businessContext(
  ctx: ActorContext,
  businessId: number,
  membership: Membership | null,
  permission: Permission,
  options: GateOptions = {},
): BusinessContext {
  if (!membership) throw notFound(options.notFound ?? MESSAGES.business.notFound);
  const { role } = membership;
  if (!can(role, permission)) throw forbidden(options.forbidden);
  return { ...ctx, businessId, role, business: membership.business, sees: seenBy(role, options) };
}

function seenBy(role: MemberRole, { whole, recorded }: GateOptions): BusinessContext['sees'] {
  if (!whole || can(role, whole)) return 'business';
  return recorded && can(role, recorded) ? 'recorded' : 'own';
}

/**
 * The business a record belongs to, for routes that name a record by its id alone. The answer
 * goes through requireBusiness like any business id, so a record of a business the caller is not
 * a member of answers the same 404 as one that does not exist.
 */
const RECORD_OWNERS: Record<OwnedRecord, (db: Db, id: number) => Promise<number | undefined>> = {
  cart: async (db, id) => {
    const [row] = await db.select({ businessId: carts.business_id }).from(carts).where(eq(carts.id, id)).limit(1);
    return row?.businessId;
  },
  expense: async (db, id) => {
    const [row] = await db
      .select({ businessId: expenses.business_id })
      .from(expenses)
      .where(eq(expenses.id, id))
      .limit(1);
    return row?.businessId;
  },
};

export function businessOfRecord(db: Db, record: OwnedRecord, id: number): Promise<number | undefined> {
  return RECORD_OWNERS[record](db, id);
}
