import {
  DEFAULT_BASE_UNIT,
  IMPORT_OPENING_BATCH,
  type ImportCounts,
  type ImportResult,
  type importProductsBodySchema,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../../db/client';
import { businesses, product_imports, product_packs, products } from '../../../db/schema';
import { type RequestKey, writeOnce } from '../../../platform/idempotency';
import type { BusinessContext } from '../../../platform/tenancy';
import { PRICE_FIELDS } from '../../activity/record';
import { categoryIdFor } from '../categories';
import { openBatches } from '../ledger';
import { writePacks } from '../packs';
import { recordPriceChanges } from '../price-history';
import { barcodeTaken, generateSku, isBarcodeViolation, isSkuViolation, skuTaken } from '../sku';
import { priced, recordPriceActivity } from '../update-product';
import { readRows } from './import-rows';
import { type PlannedRow, planImport } from './plan-import';
import { readSheet } from './read-sheet';

type Input = z.output<typeof importProductsBodySchema>;

/** Rows per insert statement: well within PostgreSQL's 65,535 parameters at a product's 12 columns. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

/**
 * Imports the file: re-reads it (the preview's answer is never trusted), plans it against the catalogue as it is
 * inside the transaction, and writes the new products with their first batch and the changes to the others, all in
 * one transaction; the bad rows are left out, as the preview listed them. Imports of one business run one at a time
 * (the business row's lock), so two sends of one file cannot both find its products new: the second finds them
 * there and changes nothing. Each import is recorded with its counts: a retry with the same Idempotency-Key
 * writes nothing and answers what the first import did, not what the file would do now (all unchanged).
 */
export async function importProducts(
  ctx: BusinessContext,
  input: Input,
  requestKey: RequestKey | null = null,
): Promise<{ result: ImportResult; isReplay: boolean }> {
  const sheet = await readSheet(input.content_base64);
  const read = readRows(sheet);
  try {
    const { subjectId, isReplay } = await writeOnce(
      ctx.db,
      { businessId: ctx.businessId, userId: ctx.actor.userId },
      requestKey,
      async (tx) => {
        await tx
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.id, ctx.businessId))
          .for('no key update');
        const plan = await planImport(tx, ctx.businessId, read, { locked: true });
        const fresh = plan.rows.filter((row) => row.status === 'new');
        await createProducts(tx, ctx, fresh);
        for (const row of plan.rows) if (row.status === 'updated') await updateProduct(tx, ctx, row);
        const [made] = await tx
          .insert(product_imports)
          .values({
            business_id: ctx.businessId,
            file_name: input.file_name,
            new_count: plan.counts.new,
            updated_count: plan.counts.updated,
            unchanged_count: plan.counts.unchanged,
            bad_count: plan.counts.bad,
            stock_kept_count: plan.counts.stock_kept,
            user_id: ctx.actor.userId,
          })
          .returning({ id: product_imports.id });
        return made?.id ?? 0;
      },
    );
    return { result: { counts: await countsOf(ctx.db, ctx.businessId, subjectId) }, isReplay };
  } catch (error) {
    if (isSkuViolation(error)) throw skuTaken();
    if (isBarcodeViolation(error)) throw barcodeTaken();
    throw error;
  }
}

/** What an import did, as it was recorded when it ran. */
async function countsOf(db: Queryable, businessId: number, importId: number): Promise<ImportCounts> {
  const [row] = await db
    .select()
    .from(product_imports)
    .where(and(eq(product_imports.business_id, businessId), eq(product_imports.id, importId)));
  return {
    new: row?.new_count ?? 0,
    updated: row?.updated_count ?? 0,
    unchanged: row?.unchanged_count ?? 0,
    bad: row?.bad_count ?? 0,
    stock_kept: row?.stock_kept_count ?? 0,
  };
}

/** The new products, their opening batches at zero, then their units through the ledger in one statement. */
async function createProducts(tx: Tx, ctx: BusinessContext, rows: readonly PlannedRow[]): Promise<void> {
  const taken = new Set(rows.flatMap((row) => (row.values.sku ? [row.values.sku.toLowerCase()] : [])));
  const skuOf = new Map<PlannedRow, string>();
  for (const row of rows) {
    let sku = row.values.sku;
    while (!sku || (sku !== row.values.sku && taken.has(sku.toLowerCase()))) sku = generateSku(row.values.product_name);
    taken.add(sku.toLowerCase());
    skuOf.set(row, sku);
  }
  const categories = new Map<string, number | null>();
  for (const row of rows) {
    const name = row.values.category ?? null;
    if (name !== null && !categories.has(name.toLowerCase())) {
      categories.set(name.toLowerCase(), await categoryIdFor(tx, ctx.businessId, name));
    }
  }
  const openings: Parameters<typeof openBatches>[1]['batches'][number][] = [];
  for (const part of chunks(rows)) {
    const made = await tx
      .insert(products)
      .values(
        part.map((row) => ({
          business_id: ctx.businessId,
          product_name: row.values.product_name,
          sku: skuOf.get(row) as string,
          cost_price: row.values.cost_price,
          selling_price: row.values.selling_price,
          wholesale_price: row.values.wholesale_price ?? null,
          reorder_level: row.values.reorder_level ?? null,
          barcode: row.values.barcode ?? null,
          category_id: categories.get(row.values.category?.toLowerCase() ?? '') ?? null,
          base_unit: row.values.base_unit ?? DEFAULT_BASE_UNIT,
          is_weighed: row.values.is_weighed ?? false,
          created_by: ctx.actor.userId,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const idOf = new Map(made.map((product) => [product.sku.toLowerCase(), product.id]));
    const packs = part.flatMap((row) =>
      (row.values.packs ?? []).map((pack) => ({
        business_id: ctx.businessId,
        product_id: idOf.get((skuOf.get(row) as string).toLowerCase()) as number,
        name: pack.name,
        units: pack.units,
        selling_price: pack.selling_price,
        wholesale_price: pack.wholesale_price ?? null,
        barcode: pack.barcode ?? null,
      })),
    );
    // A product has at most 10 packs: a part's packs stay within the parameters of one statement.
    if (packs.length > 0) await tx.insert(product_packs).values(packs);
    for (const row of part) {
      openings.push({
        productId: idOf.get((skuOf.get(row) as string).toLowerCase()) as number,
        batchNumber: row.values.batch_number ?? IMPORT_OPENING_BATCH,
        quantity: row.values.quantity ?? 0,
        expirationDate: row.values.expiration_date ?? null,
        costPrice: row.values.cost_price,
      });
    }
  }
  await openBatches(tx, { businessId: ctx.businessId, userId: ctx.actor.userId, batches: openings });
}

/** The fields of one product that the row changes, and only those; a price changed lands in its price history. */
async function updateProduct(tx: Tx, ctx: BusinessContext, row: PlannedRow): Promise<void> {
  if (row.productId === null) return;
  const product = and(eq(products.business_id, ctx.businessId), eq(products.id, row.productId));
  const changesPrice = PRICE_FIELDS.some((field) => row.changes[field as keyof typeof row.changes] !== undefined);
  const [before] = changesPrice ? await tx.select(priced).from(products).where(product) : [];
  const { category, packs, ...fields } = row.changes;
  const [after] = await tx
    .update(products)
    .set({
      ...fields,
      ...(category === undefined ? {} : { category_id: await categoryIdFor(tx, ctx.businessId, category) }),
      updated_at: new Date(),
    })
    .where(product)
    .returning({ ...priced, barcode: products.barcode });
  // After the product's own row: the order every edit writes its catalogue version in.
  if (packs && after) await writePacks(tx, ctx.businessId, row.productId, packs, after.barcode);
  if (!before || !after) return;
  await recordPriceChanges(tx, { businessId: ctx.businessId, userId: ctx.actor.userId }, [
    {
      productId: row.productId,
      oldSelling: before.selling_price,
      newSelling: after.selling_price,
      oldWholesale: before.wholesale_price,
      newWholesale: after.wholesale_price,
    },
  ]);
  await recordPriceActivity(tx, ctx, row.productId, before, after);
}
