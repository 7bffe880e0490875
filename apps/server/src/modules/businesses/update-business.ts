import type { Business, updateBusinessBodySchema } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { businesses } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { BusinessContext } from '../../platform/tenancy';
import { changesOf, recordActivity } from '../activity/record';
import { presentBusiness } from './business-answer';
import { refuseInDemoShop } from './demo-shop-lock';
import { setLogo } from './logo';

type Input = z.output<typeof updateBusinessBodySchema>;

/**
 * Renames a business, changes its description or its shop profile (the logo included); a field not sent stays as
 * it was. The slug stays as it was: invite links already shared keep working.
 */
export async function updateBusiness(context: BusinessContext, input: Input): Promise<Business> {
  refuseInDemoShop(context);
  const { id: _id, logo, ...changes } = input;
  if (logo === undefined && Object.values(changes).every((value) => value === undefined)) {
    return presentBusiness(context.business);
  }
  const business = await transaction(context.db, async (tx) => {
    if (logo !== undefined) await setLogo(tx, context.businessId, logo);
    // The values before, under the row's lock, so the log's "old" is the one this edit replaced.
    const [before] = await tx
      .select()
      .from(businesses)
      .where(eq(businesses.id, context.businessId))
      .for('no key update');
    const [row] = await tx
      .update(businesses)
      .set({ ...changes, updated_at: sql`now()` })
      .where(eq(businesses.id, context.businessId))
      .returning();
    if (before && row) {
      const fields = Object.keys(changes).filter((field) => field in row) as (keyof typeof row & string)[];
      const edited = changesOf(before, row, fields);
      if (edited.length > 0 || logo !== undefined) {
        await recordActivity(tx, context, {
          kind: 'business.update',
          subject: { type: 'business', id: row.id, label: row.name },
          changes: edited,
          facts: logo === undefined ? {} : { logo: logo === null ? 'removed' : 'changed' },
        });
      }
    }
    return row;
  });
  if (!business) throw new Error('Business vanished during its update.');
  return presentBusiness(business);
}
