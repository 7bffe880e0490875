import { type Pack, type packInputSchema, UNITS_MESSAGES } from '@oja/contract';
import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import { product_packs, products } from '../../db/schema';
import { badRequest, conflict, PG, pgConstraint, pgErrorCode } from '../../platform/errors';

/** A product's pack sizes (ADR 0030), fewest units first, for each of `productIds`. */
export async function packsOf(
  db: Queryable,
  businessId: number,
  productIds: readonly number[],
): Promise<Map<number, Pack[]>> {
  const byProduct = new Map<number, Pack[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(product_packs)
    .where(and(eq(product_packs.business_id, businessId), inArray(product_packs.product_id, [...productIds])))
    .orderBy(asc(product_packs.product_id), asc(product_packs.units), asc(product_packs.id));
  for (const row of rows) {
    const pack: Pack = {
      id: row.id,
      name: row.name,
      units: row.units,
      selling_price: row.selling_price,
      wholesale_price: row.wholesale_price,
      barcode: row.barcode,
    };
    const own = byProduct.get(row.product_id);
    if (own) own.push(pack);
    else byProduct.set(row.product_id, [pack]);
  }
  return byProduct;
}

export const packBarcodeTaken = () =>
  conflict(UNITS_MESSAGES.packBarcodeTaken, { packs: [UNITS_MESSAGES.packBarcodeTaken] });

/**
 * A barcode names one thing a scanner can add: refused when a live product of the business has it, or a pack of
 * another product (`exceptProductId`'s own packs are being rewritten beside it). The unique indexes keep each
 * table's own codes apart; this keeps the two tables apart from each other.
 */
export async function assertCodesFree(
  db: Queryable,
  businessId: number,
  codes: readonly string[],
  scope: { exceptProductId?: number; checkProducts: boolean; checkPacks: boolean },
): Promise<void> {
  const lowered = [...new Set(codes.map((code) => code.toLowerCase()))];
  if (lowered.length === 0) return;
  if (scope.checkProducts) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.business_id, businessId),
          inArray(sql`lower(${products.barcode})`, lowered),
          isNull(products.archived_at),
        ),
      )
      .limit(1);
    if (product) throw packBarcodeTaken();
  }
  if (scope.checkPacks) {
    const [pack] = await db
      .select({ id: product_packs.id })
      .from(product_packs)
      .where(
        and(
          eq(product_packs.business_id, businessId),
          inArray(sql`lower(${product_packs.barcode})`, lowered),
          scope.exceptProductId === undefined ? undefined : ne(product_packs.product_id, scope.exceptProductId),
        ),
      )
      .limit(1);
    if (pack) throw packBarcodeTaken();
  }
}

type PackFields = z.output<typeof packInputSchema>;

/**
 * Makes the product's packs exactly `packs`: those named by id are changed, those left out removed, the others
 * added. A sale line keeps its pack's name and units, so removing a pack rewrites no history. The caller holds the
 * product's row. A pack id not of this product is refused as a field of the form.
 */
export async function writePacks(
  tx: Tx,
  businessId: number,
  productId: number,
  packs: readonly PackFields[],
  ownBarcode: string | null,
): Promise<void> {
  const codes = packs.flatMap((pack) => (pack.barcode ? [pack.barcode] : []));
  if (ownBarcode && codes.some((code) => code.toLowerCase() === ownBarcode.toLowerCase())) throw packBarcodeTaken();
  await assertCodesFree(tx, businessId, codes, { exceptProductId: productId, checkProducts: true, checkPacks: true });
  const kept = packs.flatMap((pack) => (pack.id === undefined ? [] : [pack.id]));
  const ofProduct = and(eq(product_packs.business_id, businessId), eq(product_packs.product_id, productId));
  await tx
    .delete(product_packs)
    .where(and(ofProduct, kept.length > 0 ? notInArray(product_packs.id, kept) : undefined));
  try {
    // Names and barcodes freed first (a swap of two names would otherwise meet itself in the unique index).
    if (kept.length > 0)
      await tx
        .update(product_packs)
        .set({ name: sql`'#' || ${product_packs.id}`, barcode: null })
        .where(and(ofProduct, inArray(product_packs.id, kept)));
    for (const pack of packs) {
      const fields = {
        name: pack.name,
        units: pack.units,
        selling_price: pack.selling_price,
        wholesale_price: pack.wholesale_price ?? null,
        barcode: pack.barcode ?? null,
      };
      if (pack.id === undefined) {
        await tx.insert(product_packs).values({ business_id: businessId, product_id: productId, ...fields });
        continue;
      }
      const [updated] = await tx
        .update(product_packs)
        .set(fields)
        .where(and(ofProduct, eq(product_packs.id, pack.id)))
        .returning({ id: product_packs.id });
      if (!updated) throw badRequest(UNITS_MESSAGES.packNotFound, { packs: [UNITS_MESSAGES.packNotFound] });
    }
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'product_packs_barcode_key')
      throw packBarcodeTaken();
    if (pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'product_packs_name_key')
      throw badRequest(UNITS_MESSAGES.packNameTaken, { packs: [UNITS_MESSAGES.packNameTaken] });
    throw error;
  }
}
