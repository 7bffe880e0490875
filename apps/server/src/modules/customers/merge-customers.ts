import { CUSTOMER_MESSAGES, type CustomerMerge, type mergeCustomersBodySchema } from '@oja/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { Tx } from '../../db/client';
import { columnNames } from '../../db/column-names';
import { customer_merges, sales } from '../../db/schema';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { type CustomerKey, isSameCustomer, keyOf, nameKeyOf, requireCustomerOf, s, salesOf } from './customer-key';

/**
 * Merges a duplicate into the customer kept: every sale of the duplicate becomes the kept customer's, so their
 * debts, statement and book row become one (report_debtors follows through the sales' triggers in the same
 * transaction). A name merged into a registered customer has its sales named to that customer's account; a name
 * merged into a name has its sales renamed; a registered customer merged into another has their sales moved to
 * the other account (and leaves the book until a sale names them again). A registered customer is never merged
 * into a name: their sales would leave their account.
 *
 * Recorded in customer_merges with the sales that moved. Idempotent twice over: an Idempotency-Key replay answers
 * the first merge, and the same merge sent again, once the duplicate has nothing left to move, answers the
 * merge that moved it.
 */
export async function mergeCustomers(
  ctx: BusinessContext,
  body: z.output<typeof mergeCustomersBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ merge: CustomerMerge; isReplay: boolean }> {
  const { businessId } = ctx;
  const kept = keyOf(body);
  const merged = keyOf({ customer_id: body.merge_customer_id, customer_name: body.merge_customer_name });
  if (isSameCustomer(kept, merged)) {
    throw fieldError(
      body.merge_customer_id !== undefined ? 'merge_customer_id' : 'merge_customer_name',
      CUSTOMER_MESSAGES.mergeSelf,
    );
  }
  if (kept.customerId === null && merged.customerId !== null) throw conflict(CUSTOMER_MESSAGES.mergeIntoName);
  let isRepeat = false;
  const { subjectId, isReplay } = await writeOnce(
    ctx.db,
    { businessId, userId: ctx.actor.userId },
    requestKey,
    async (tx) => {
      const keptCustomer = await requireCustomerOf(tx, businessId, kept);
      const earlier = () => earlierMerge(tx, businessId, kept, merged);
      let mergedName: string;
      try {
        mergedName = (await requireCustomerOf(tx, businessId, merged)).customer_name;
      } catch (error) {
        // Gone because this very merge was made already: the same answer again.
        const id = await earlier();
        if (!(error instanceof AppError && error.status === 404) || id === null) throw error;
        isRepeat = true;
        return id;
      }
      const moved = await moveSales(tx, businessId, merged, kept, keptCustomer.customer_name);
      if (moved.length === 0) {
        const id = await earlier();
        if (id !== null) {
          isRepeat = true;
          return id;
        }
      }
      const [record] = await tx
        .insert(customer_merges)
        .values({
          business_id: businessId,
          kept_customer_id: kept.customerId,
          kept_name_key: kept.customerId === null ? sql`${nameKeyOf(kept.name)}` : null,
          kept_name: keptCustomer.customer_name,
          merged_customer_id: merged.customerId,
          merged_name_key: merged.customerId === null ? sql`${nameKeyOf(merged.name)}` : null,
          merged_name: mergedName,
          sale_ids: moved,
          moved_sales: moved.length,
          merged_by: ctx.actor.userId,
        })
        .returning({ id: customer_merges.id });
      if (!record) throw new Error('The merge was not recorded.');
      return record.id;
    },
  );
  const merge = await loadMerge(ctx, subjectId);
  return { merge, isReplay: isReplay || isRepeat };
}

/** Moves the duplicate's sales to the customer kept; answers the ids of the sales moved. */
async function moveSales(
  tx: Tx,
  businessId: number,
  from: CustomerKey,
  to: CustomerKey,
  keptName: string,
): Promise<number[]> {
  // Named to the kept account, or renamed to the kept name (as a walk-in, a sale is its name).
  const change: SQL =
    to.customerId !== null
      ? sql`${columnNames(s.customer_id)} = ${to.customerId}`
      : sql`${columnNames(s.customer_name)} = ${keptName}`;
  const { rows } = await tx.execute<{ id: string }>(sql`
    update ${sales} ${s} set ${change} where ${salesOf(businessId, from)} returning ${s.id} as id`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The latest merge of this duplicate into this customer, if one was made. */
async function earlierMerge(
  tx: Tx,
  businessId: number,
  kept: CustomerKey,
  merged: CustomerKey,
): Promise<number | null> {
  const side = (id: SQL, name: SQL, key: CustomerKey) =>
    key.customerId !== null ? sql`${id} = ${key.customerId}` : sql`${name} = ${nameKeyOf(key.name)}`;
  const { rows } = await tx.execute<{ id: string }>(sql`
    select ${customer_merges.id} as id from ${customer_merges}
    where ${customer_merges.business_id} = ${businessId}
      and ${side(sql`${customer_merges.kept_customer_id}`, sql`${customer_merges.kept_name_key}`, kept)}
      and ${side(sql`${customer_merges.merged_customer_id}`, sql`${customer_merges.merged_name_key}`, merged)}
    order by ${customer_merges.id} desc limit 1`);
  return rows[0] ? Number(rows[0].id) : null;
}

async function loadMerge(ctx: BusinessContext, id: number): Promise<CustomerMerge> {
  const [row] = await ctx.db
    .select()
    .from(customer_merges)
    .where(and(eq(customer_merges.business_id, ctx.businessId), eq(customer_merges.id, id)));
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return {
    id: row.id,
    customer_id: row.kept_customer_id,
    customer_name: row.kept_name,
    merged_customer_id: row.merged_customer_id,
    merged_customer_name: row.merged_name,
    moved_sales: row.moved_sales,
    created_at: row.created_at.toISOString(),
  };
}
