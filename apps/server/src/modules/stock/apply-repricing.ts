import type { AppliedRepricing, RepricingRow } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { product_price_changes, products, repricings } from '../../db/schema';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { productCount, recordActivity } from '../activity/record';
import { recordPriceChanges } from './price-history';
import { pricedColumns, type RepricingInput, repricedRows, repricingAnswers, repricingRowOf } from './repricing-rows';

/**
 * A bulk change in one transaction: the selected products locked in id order and their new prices worked out
 * from the prices they hold under the lock (the preview's arithmetic, repricing-rows.ts), the change recorded,
 * every price written by one statement and each product's old and new prices appended to its history. A failure
 * leaves every price as it was. With an Idempotency-Key, a phone's second send answers the first change and
 * changes nothing (a second 10% on top would be 21%).
 */
export async function applyRepricing(
  ctx: BusinessContext,
  input: RepricingInput,
  requestKey: RequestKey | null = null,
): Promise<{ change: AppliedRepricing; isReplay: boolean }> {
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId: ctx.businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const rows = await repricedRows(tx, ctx.businessId, input, { lock: true });
      const [change] = await tx
        .insert(repricings)
        .values({
          business_id: ctx.businessId,
          method: input.method,
          direction: input.direction,
          value: input.value,
          round_to: input.round_to,
          search: input.search ?? null,
          category_id: input.category_id ?? null,
          supplier_id: input.supplier_id ?? null,
          product_count: rows.length,
          user_id: ctx.actor.userId,
        })
        .returning({ id: repricings.id });
      if (!change) throw new Error('The price change was not recorded.');
      await writePrices(tx, ctx.businessId, rows);
      // One entry for the whole change (each product's old → new is in its price history, by this change's id).
      await recordActivity(tx, ctx, {
        kind: 'product.bulk_price',
        subject: { type: 'repricing', id: change.id, label: productCount(rows.length) },
        facts: {
          method: input.method,
          direction: input.direction,
          value: input.value,
          count: String(rows.length),
          ...(input.round_to ? { round_to: String(input.round_to) } : {}),
        },
      });
      await recordPriceChanges(
        tx,
        { businessId: ctx.businessId, userId: ctx.actor.userId, repricingId: change.id },
        rows.map((row) => ({
          productId: row.product_id,
          oldSelling: row.old_selling_price,
          newSelling: row.new_selling_price,
          oldWholesale: row.old_wholesale_price,
          newWholesale: row.new_wholesale_price,
        })),
      );
      return change.id;
    },
  );
  return { change: await appliedRepricing(ctx.db, ctx.businessId, subjectId), isReplay };
}

/** Each product's new retail and wholesale prices in one UPDATE, the values as arrays of exact decimal text. */
export async function writePrices(
  db: Queryable,
  businessId: number,
  rows: Pick<RepricingRow, 'product_id' | 'new_selling_price' | 'new_wholesale_price'>[],
): Promise<void> {
  const ids = rows.map((row) => row.product_id);
  const selling = rows.map((row) => row.new_selling_price);
  const wholesale = rows.map((row) => row.new_wholesale_price);
  await db.execute(sql`update ${products} set
      ${sql.identifier(products.selling_price.name)} = u.selling,
      ${sql.identifier(products.wholesale_price.name)} = u.wholesale,
      ${sql.identifier(products.updated_at.name)} = now()
    from unnest((${sql.param(ids)})::bigint[], (${sql.param(selling)})::numeric[], (${sql.param(wholesale)})::numeric[])
      as u(id, selling, wholesale)
    where ${products.business_id} = ${businessId} and ${products.id} = u.id`);
}

/**
 * The change as applied: its record and each product's old and new prices from its price history, with the
 * margins against the product's cost now. The first answer and a replay's are the same.
 */
async function appliedRepricing(db: Queryable, businessId: number, id: number): Promise<AppliedRepricing> {
  const [change] = await repricingAnswers(db, businessId, { id, limit: 1 });
  if (!change) throw new Error('The price change is missing.');
  const moved = await db
    .select({
      product: pricedColumns,
      old_selling: product_price_changes.old_selling_price,
      new_selling: product_price_changes.new_selling_price,
      old_wholesale: product_price_changes.old_wholesale_price,
      new_wholesale: product_price_changes.new_wholesale_price,
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
        eq(product_price_changes.business_id, businessId),
        eq(product_price_changes.repricing_id, id),
        eq(product_price_changes.is_undo, false),
      ),
    );
  const rows = moved
    .map((row) =>
      repricingRowOf(
        { ...row.product, selling_price: row.old_selling, wholesale_price: row.old_wholesale },
        { selling: row.new_selling, wholesale: row.new_wholesale },
      ),
    )
    .sort((a, b) => a.product_name.localeCompare(b.product_name) || a.product_id - b.product_id);
  return { ...change, rows };
}
