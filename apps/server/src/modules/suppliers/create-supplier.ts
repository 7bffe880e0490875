import { type createSupplierBodySchema, SUPPLIER_RULES, type Supplier } from '@oja/contract';
import type * as z from 'zod';
import { suppliers } from '../../db/schema';
import { conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import { type RequestKey, writeOnce } from '../../platform/idempotency';
import type { BusinessContext } from '../../platform/tenancy';
import { supplierOf } from './supplier-answer';

/**
 * Adds a supplier. One per name whatever its case (the unique index decides, so two phones adding the same
 * name at once make one and tell the other). With an Idempotency-Key a retry answers the supplier it made.
 */
export async function createSupplier(
  ctx: BusinessContext,
  input: z.output<typeof createSupplierBodySchema>,
  requestKey: RequestKey | null = null,
): Promise<{ supplier: Supplier; isReplay: boolean }> {
  try {
    const { subjectId, isReplay } = await writeOnce(
      ctx.db,
      { businessId: ctx.businessId, userId: ctx.actor.userId },
      requestKey,
      async (tx) => {
        const [row] = await tx
          .insert(suppliers)
          .values({
            business_id: ctx.businessId,
            name: input.name,
            phone: input.phone ?? null,
            note: input.note,
            created_by: ctx.actor.userId,
          })
          .returning({ id: suppliers.id });
        if (!row) throw new Error('The supplier was not created.');
        return row.id;
      },
    );
    return { supplier: await supplierOf(ctx.db, ctx.businessId, subjectId), isReplay };
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'suppliers_name_key')
      throw conflict(SUPPLIER_RULES.nameTaken, { name: [SUPPLIER_RULES.nameTaken] });
    throw error;
  }
}
