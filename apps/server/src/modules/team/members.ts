import { MESSAGES, type MemberRole, TEAM_MESSAGES } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, users } from '../../db/schema';
import type { UserRow } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

export type Member = {
  user: UserRow;
  role: MemberRole;
  isActive: boolean;
  /** Whether the person also belongs to another business (then their account is not this CEO's to change). */
  hasOtherBusiness: boolean;
};

/** Whether the caller is the business's owner (the person who created it), not merely one of its CEOs. */
export const isOwner = (context: BusinessContext) => context.business.owner_id === context.actor.userId;

/**
 * Locks and loads these members of one business for a change by a CEO. Any id
 * that is not a member here answers 404 as a whole (nothing is changed). The
 * owner cannot be edited or removed from the user list by anyone (nor by
 * themselves: they would lose their own business); another CEO can be changed
 * by the owner alone.
 */
export async function lockMembersForChange(tx: Tx, context: BusinessContext, userIds: number[]): Promise<Member[]> {
  const { businessId } = context;
  const rows = await tx
    .select({
      user: users,
      role: memberships.role,
      isActive: memberships.is_active,
      hasOtherBusiness: sql<boolean>`exists (select 1 from ${memberships} other
        where other.user_id = ${users.id} and other.business_id <> ${businessId})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.business_id, businessId), inArray(memberships.user_id, userIds)))
    .orderBy(memberships.user_id)
    .for('update', { of: memberships });
  if (rows.length !== new Set(userIds).size) throw notFound(MESSAGES.team.userNotFound);
  const ownerId = context.business.owner_id;
  if (rows.some((row) => row.user.id === ownerId)) {
    throw forbidden(ownerId === context.actor.userId ? MESSAGES.team.cannotEditCeo : TEAM_MESSAGES.ownerUntouchable);
  }
  if (rows.some((row) => row.role === 'ceo') && !isOwner(context)) throw forbidden(MESSAGES.team.cannotEditCeo);
  return rows.map((row) => ({ ...row, role: row.role }));
}

/** An account made by an invite to this business alone: deleting the member deletes it too. */
export const isOnlyHere = (member: Member) => member.user.account_role === 'member' && !member.hasOtherBusiness;
