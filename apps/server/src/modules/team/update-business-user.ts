import { TEAM_MESSAGES, type User, type updateBusinessUserBodySchema } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { memberships, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { forbidden } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { hashPassword } from '../accounts/passwords';
import { revokeUserSessions } from '../accounts/sessions';
import { presentUser } from '../accounts/user-answer';
import { changesOf, recordActivity } from '../activity/record';
import { refuseInDemoShop } from '../businesses/demo-shop-lock';
import { personName } from '../sales/cart-items';
import { isOnlyHere, isOwner, lockMembersForChange } from './members';

type Input = z.output<typeof updateBusinessUserBodySchema>;

/**
 * A CEO activates, deactivates or edits a member of their business (a co-CEO,
 * or a promotion to CEO, only by the owner). Role and
 * status belong to the membership here. Name and password belong to the
 * person's account, so the CEO may change them only for an account that exists
 * for this business alone. Deactivating, or setting a new password, ends the
 * member's sessions at once.
 */
export async function updateBusinessUser(context: BusinessContext, input: Input): Promise<User> {
  refuseInDemoShop(context);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return transaction(context.db, async (tx) => {
    const [member] = await lockMembersForChange(tx, context, [input.user_id]);
    if (!member) throw new Error('lockMembersForChange returned no member.');
    // Who is CEO is the owner's decision: a co-CEO could otherwise crown accomplices.
    if (input.role === 'ceo' && member.role !== 'ceo' && !isOwner(context)) {
      throw forbidden(TEAM_MESSAGES.onlyOwnerChangesCeo);
    }
    const renames =
      (input.first_name !== undefined && input.first_name !== member.user.first_name) ||
      (input.last_name !== undefined && input.last_name !== member.user.last_name) ||
      (input.phone_number !== undefined && input.phone_number !== member.user.phone_number);
    if ((renames || passwordHash) && !isOnlyHere(member)) throw forbidden(TEAM_MESSAGES.sharedAccount);

    const [membership] = await tx
      .update(memberships)
      .set({
        role: input.role,
        is_active: input.is_active,
        // Activated or turned down, a joiner waits no more; a change of role alone leaves them waiting.
        awaiting_activation: input.is_active === undefined ? undefined : false,
        updated_at: sql`now()`,
      })
      .where(and(eq(memberships.business_id, context.businessId), eq(memberships.user_id, member.user.id)))
      .returning();
    const [user] = await tx
      .update(users)
      .set({
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number,
        password_hash: passwordHash,
        updated_at: sql`now()`,
      })
      .where(eq(users.id, member.user.id))
      .returning();
    if (!membership || !user) throw new Error('Member vanished during its update.');

    const subject = { type: 'member' as const, id: user.id, label: personName(member.user).trim() };
    const roleChanges = changesOf({ role: member.role }, { role: membership.role }, ['role']);
    await recordActivity(tx, context, [
      ...(roleChanges.length > 0 ? [{ kind: 'member.role' as const, subject, changes: roleChanges }] : []),
      ...(membership.is_active === member.isActive
        ? []
        : [
            {
              kind: 'member.activation' as const,
              subject,
              changes: changesOf({ is_active: member.isActive }, { is_active: membership.is_active }, ['is_active']),
            },
          ]),
    ]);

    if (input.is_active === false && member.isActive) {
      await revokeUserSessions(tx, user.id, 'deactivated by the business owner');
    } else if (passwordHash) {
      await revokeUserSessions(tx, user.id, 'password set by the business owner');
    }
    return presentUser(user, {
      role: membership.role,
      is_active: membership.is_active,
      business: context.business,
    });
  });
}
