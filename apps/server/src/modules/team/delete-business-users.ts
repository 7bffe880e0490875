import { and, eq, inArray } from 'drizzle-orm';
import { memberships, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { BusinessContext } from '../../platform/tenancy';
import { revokeUserSessions } from '../accounts/sessions';
import { recordActivity } from '../activity/record';
import { refuseInDemoShop } from '../businesses/demo-shop-lock';
import { personName } from '../sales/cart-items';
import { isOnlyHere, lockMembersForChange } from './members';

/**
 * A CEO removes members from their business, all or none (a co-CEO only by the owner). Each membership
 * goes; an account that existed for this business alone goes with it (its
 * sessions cascade), and anyone who stays a member elsewhere is logged out at
 * once. Past sales keep the seller's name (sales.created_by_name).
 */
export async function deleteBusinessUsers(context: BusinessContext, userIds: number[]): Promise<number[]> {
  refuseInDemoShop(context);
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  await transaction(context.db, async (tx) => {
    const members = await lockMembersForChange(tx, context, ids);
    await recordActivity(
      tx,
      context,
      members.map((member) => ({
        kind: 'member.remove' as const,
        subject: { type: 'member' as const, id: member.user.id, label: personName(member.user).trim() },
        facts: { role: member.role },
      })),
    );
    await tx
      .delete(memberships)
      .where(and(eq(memberships.business_id, context.businessId), inArray(memberships.user_id, ids)));
    const gone = members.filter(isOnlyHere).map((member) => member.user.id);
    if (gone.length > 0) await tx.delete(users).where(inArray(users.id, gone));
    for (const member of members.filter((candidate) => !isOnlyHere(candidate))) {
      await revokeUserSessions(tx, member.user.id, 'removed from a business');
    }
  });
  return ids;
}
