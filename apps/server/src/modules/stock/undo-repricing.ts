import { PRICING_MESSAGES, type Repricing } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { product_price_changes, products, repricings } from '../../db/schema';
import { conflict } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { productCount, recordActivity } from '../activity/record';
import { writePrices } from './apply-repricing';
import { recordPriceChanges } from './price-history';
import { lastRepricingId, repricingAnswers, repricingOf } from './repricing-rows';

/** How many products a refusal names before "and N more". */
const NAMED = 3;

/**
 * Puts back the prices a bulk change replaced. Only the business's last change, once, and only while every
 * product it changed still holds the price it set: a price changed since (by hand, by another change, by an
 * import) is the shop's newer decision, and undoing over it would silently lose it, so the whole undo is refused
 * with the products named. The change's row is locked first, then its products in id order (the apply's order).
 */
export async function undoRepricing(
  ctx: BusinessContext,
  input: { id: number },
  requestKey: RequestKey | null = null,
): Promise<{ change: Repricing; isReplay: boolean }> {
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const change = await repricingOf(tx, ctx.businessId, input.id, true);
      if (change.undone_at !== null) throw conflict(PRICING_MESSAGES.alreadyUndone);
      if ((await lastRepricingId(tx, ctx.businessId)) !== change.id) throw conflict(PRICING_MESSAGES.notLast);
      const moved = await tx
        .select({
          product_id: product_price_changes.product_id,
          product_name: products.product_name,
          old_selling: product_price_changes.old_selling_price,
          new_selling: product_price_changes.new_selling_price,
          old_wholesale: product_price_changes.old_wholesale_price,
          new_wholesale: product_price_changes.new_wholesale_price,
          is_unchanged: sql<boolean>`(${products.selling_price} = ${product_price_changes.new_selling_price}
            and ${products.wholesale_price} is not distinct from ${product_price_changes.new_wholesale_price})`,
        })
        .from(product_price_changes)
        .innerJoin(
          products,
          and(
            eq(products.business_id, product_price_changes.business_id),
            eq(products.id, product_price_changes.product_id),
          ),
        )
        .where(
          and(
            eq(product_price_changes.business_id, ctx.businessId),
            eq(product_price_changes.repricing_id, change.id),
            eq(product_price_changes.is_undo, false),
          ),
        )
        .orderBy(asc(products.id))
        .for('no key update', { of: products });
      const changed = moved.filter((row) => !row.is_unchanged).map((row) => row.product_name);
      if (changed.length > 0) {
        const names = changed.slice(0, NAMED).join(', ');
        const more = changed.length > NAMED ? ` and ${changed.length - NAMED} more` : '';
        throw conflict(PRICING_MESSAGES.changedSince(`${names}${more}`));
      }
      await writePrices(
        tx,
        ctx.businessId,
        moved.map((row) => ({
          product_id: row.product_id,
          new_selling_price: row.old_selling,
          new_wholesale_price: row.old_wholesale,
        })),
      );
      await recordActivity(tx, ctx, {
        kind: 'product.bulk_price_undo',
        subject: { type: 'repricing', id: change.id, label: productCount(moved.length) },
        facts: { count: String(moved.length) },
      });
      await recordPriceChanges(
        tx,
        { businessId: ctx.businessId, userId: ctx.actor.userId, repricingId: change.id, isUndo: true },
        moved.map((row) => ({
          productId: row.product_id,
          oldSelling: row.new_selling,
          newSelling: row.old_selling,
          oldWholesale: row.new_wholesale,
          newWholesale: row.old_wholesale,
        })),
      );
      await tx
        .update(repricings)
        .set({ undone_at: new Date(), undone_by: ctx.actor.userId })
        .where(and(eq(repricings.business_id, ctx.businessId), eq(repricings.id, change.id)));
      return change.id;
    },
  );
  const [change] = await repricingAnswers(ctx.db, ctx.businessId, { id: subjectId, limit: 1 });
  if (!change) throw new Error('The price change is missing.');
  return { change, isReplay };
}
