import { MESSAGES, type MemberRole } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, users } from '../../db/schema';
import type { UserRow } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';

export type Member = {
  user: UserRow;
  role: MemberRole;
  isActive: boolean;
  /** Whether the person also belongs to another business (then their account is not this CEO's to change). */
  hasOtherBusiness: boolean;
};

/**
 * Locks and loads these members of one business for a change by its CEO. Any id
 * that is not a member here answers 404 as a whole (nothing is changed), and a
 * CEO member cannot be edited or deleted from the user list.
 */
export async function lockMembersForChange(tx: Tx, businessId: number, userIds: number[]): Promise<Member[]> {
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
  if (rows.some((row) => row.role === 'ceo')) throw forbidden(MESSAGES.team.cannotEditCeo);
  return rows.map((row) => ({ ...row, role: row.role }));
}

/** An account made by an invite to this business alone: deleting the member deletes it too. */
export const isOnlyHere = (member: Member) => member.user.account_role === 'member' && !member.hasOtherBusiness;
