import { IMPORT_COLUMNS, type ImportField, type SheetFormat } from '@oja/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { product_categories, products } from '../../../db/schema';
import { answerFile, type FileAnswer } from '../../../platform/endpoints';
import type { BusinessContext } from '../../../platform/tenancy';
import { categoryOf, stockOf } from './plan-import';
import { type OutCell, SHEET_TYPES, writeSheet } from './write-sheet';

/** The columns an export and the template carry, in the import's order (the batch number is a new product's). */
const EXPORTED = IMPORT_COLUMNS.filter((column) => column.field !== 'batch_number');
const HEADINGS = EXPORTED.map((column) => column.label);

const fileOf = async (format: SheetFormat, name: string, rows: OutCell[][]): Promise<FileAnswer> =>
  answerFile(await writeSheet(format, HEADINGS, rows), {
    contentType: SHEET_TYPES[format],
    filename: `${name}.${format}`,
  });

/**
 * The live catalogue in the import's format, one row per product by name: Quantity is its sellable units and
 * Expiry date the soonest expiry of its stocked sellable batches. Importing the file back changes nothing.
 */
export async function exportProducts(ctx: BusinessContext, query: { format: SheetFormat }): Promise<FileAnswer> {
  const stock = stockOf(ctx.db, ctx.businessId);
  const rows = await ctx.db
    .select({
      product_name: products.product_name,
      sku: products.sku,
      barcode: products.barcode,
      cost_price: products.cost_price,
      selling_price: products.selling_price,
      wholesale_price: products.wholesale_price,
      reorder_level: products.reorder_level,
      category: product_categories.name,
      quantity: sql<number>`coalesce(${stock.sellable}, 0)::float8`,
      expiration_date: stock.soonest,
    })
    .from(products)
    .leftJoin(stock, and(eq(stock.business_id, products.business_id), eq(stock.product_id, products.id)))
    .leftJoin(product_categories, categoryOf)
    .where(and(eq(products.business_id, ctx.businessId), isNull(products.archived_at)))
    .orderBy(asc(products.product_name), asc(products.id));
  const cells = rows.map((row) =>
    EXPORTED.map((column) => (row as Record<Exclude<ImportField, 'batch_number'>, OutCell>)[column.field]),
  );
  return fileOf(query.format, `${ctx.business.slug}-products`, cells);
}

/** The template: the headings and one example row, to fill in and import. */
export function importTemplate(_ctx: BusinessContext, query: { format: SheetFormat }): Promise<FileAnswer> {
  const example: Record<Exclude<ImportField, 'batch_number'>, OutCell> = {
    product_name: 'Indomie Onion Chicken 70g',
    sku: 'IND-ONION-70',
    barcode: '6154000000011',
    category: 'Noodles',
    cost_price: '180.00',
    selling_price: '250.00',
    wholesale_price: '230.00',
    reorder_level: 24,
    quantity: 40,
    expiration_date: '2027-06-30',
  };
  return fileOf(query.format, 'oja-products-template', [EXPORTED.map((column) => example[column.field])]);
}
