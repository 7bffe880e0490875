import { IMPORT_OPENING_BATCH, type ImportResult, type importProductsBodySchema } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { businesses, products } from '../../../db/schema';
import { type RequestKey, writeOnce } from '../../../platform/idempotency';
import type { BusinessContext } from '../../../platform/tenancy';
import { PRICE_FIELDS } from '../../activity/record';
import { categoryIdFor } from '../categories';
import { openBatches } from '../ledger';
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
 * there and changes nothing. With an Idempotency-Key a retry writes nothing and answers what the file does now.
 */
export async function importProducts(
  ctx: BusinessContext,
  input: Input,
  requestKey: RequestKey | null = null,
): Promise<{ result: ImportResult; isReplay: boolean }> {
  const sheet = await readSheet(input.content_base64);
  const read = readRows(sheet);
  let result: ImportResult | null = null;
  try {
    const { isReplay } = await writeOnce(
      ctx.db,
      { businessId: ctx.businessId, userId: ctx.actor.userId },
      requestKey,
      async (tx) => {
        await tx
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.id, ctx.businessId))
          .for('no key update');
        const plan = await planImport(tx, ctx.businessId, read);
        const fresh = plan.rows.filter((row) => row.status === 'new');
        await createProducts(tx, ctx, fresh);
        for (const row of plan.rows) if (row.status === 'updated') await updateProduct(tx, ctx, row);
        result = { counts: plan.counts };
        // What a replay is answered from: the file against the catalogue then (see below), not this number.
        return plan.counts.new + plan.counts.updated;
      },
    );
    if (isReplay || !result) {
      const plan = await planImport(ctx.db, ctx.businessId, read);
      return { result: { counts: plan.counts }, isReplay: true };
    }
    return { result, isReplay: false };
  } catch (error) {
    if (isSkuViolation(error)) throw skuTaken();
    if (isBarcodeViolation(error)) throw barcodeTaken();
    throw error;
  }
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
          created_by: ctx.actor.userId,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const idOf = new Map(made.map((product) => [product.sku.toLowerCase(), product.id]));
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
  const { category, ...fields } = row.changes;
  const [after] = await tx
    .update(products)
    .set({
      ...fields,
      ...(category === undefined ? {} : { category_id: await categoryIdFor(tx, ctx.businessId, category) }),
      updated_at: new Date(),
    })
    .where(product)
    .returning(priced);
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
