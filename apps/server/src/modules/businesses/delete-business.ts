import { BUSINESS_MESSAGES } from '@oja/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { businesses, memberships, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { forbidden } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';
import { refuseInDemoShop } from './demo-shop-lock';

/**
 * Deletes a business and everything it owns. Its products, batches, stock
 * movements, carts, sales, payments and memberships go with it through the
 * foreign keys' ON DELETE CASCADE (every one of those rows carries this
 * business_id, so nothing of another business can be reached), and users whose
 * current business it was fall back to another of theirs (ON DELETE SET NULL).
 * Accounts that were made by an invite to this business alone are useless
 * afterwards and are deleted too, in the same transaction. Only the owner
 * (the person who created it) deletes it: a co-CEO they promoted cannot.
 */
export async function deleteBusiness(context: BusinessContext): Promise<void> {
  refuseInDemoShop(context);
  if (context.business.owner_id !== context.actor.userId) throw forbidden(BUSINESS_MESSAGES.onlyOwnerDeletes);
  await transaction(context.db, async (tx) => {
    const invitedOnlyHere = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(memberships, eq(memberships.user_id, users.id))
      .where(
        sql`${memberships.business_id} = ${context.businessId} and ${users.account_role} = 'member'
          and not exists (select 1 from ${memberships} other
            where other.user_id = ${users.id} and other.business_id <> ${context.businessId})`,
      );
    await tx.delete(businesses).where(eq(businesses.id, context.businessId));
    if (invitedOnlyHere.length > 0) {
      await tx.delete(users).where(
        inArray(
          users.id,
          invitedOnlyHere.map((row) => row.id),
        ),
      );
    }
  });
}
