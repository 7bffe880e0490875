import {
  IMPORT_COLUMNS,
  type ImportField,
  PACK_COLUMN_PARTS,
  type Pack,
  packColumnLabel,
  type SheetFormat,
} from '@oja/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { product_categories, products } from '../../../db/schema';
import { answerFile, type FileAnswer } from '../../../platform/endpoints';
import type { BusinessContext } from '../../../platform/tenancy';
import { packsOf } from '../packs';
import { categoryOf, stockOf } from './plan-import';
import { type OutCell, SHEET_TYPES, writeSheet } from './write-sheet';

/** The columns an export and the template carry, in the import's order (the batch number is a new product's). */
const EXPORTED = IMPORT_COLUMNS.filter((column) => column.field !== 'batch_number');
type Exported = Exclude<ImportField, 'batch_number'>;

/** The headings: the product's columns, then a group of pack columns for each pack the largest product has. */
const headingsOf = (packGroups: number) => [
  ...EXPORTED.map((column) => column.label),
  ...Array.from({ length: packGroups }, (_, index) =>
    PACK_COLUMN_PARTS.map((column) => packColumnLabel(index + 1, column.part)),
  ).flat(),
];

/** A product's packs as cells, fewest units first, each group's cells blank past its last pack. */
const packCells = (packs: readonly Pack[], packGroups: number): OutCell[] =>
  Array.from({ length: packGroups }, (_, index) => {
    const pack = packs[index];
    return pack
      ? [pack.name, pack.units, pack.selling_price, pack.wholesale_price, pack.barcode]
      : PACK_COLUMN_PARTS.map(() => null);
  }).flat();

const fileOf = async (format: SheetFormat, name: string, packGroups: number, rows: OutCell[][]): Promise<FileAnswer> =>
  answerFile(await writeSheet(format, headingsOf(packGroups), rows), {
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
      base_unit: products.base_unit,
      is_weighed: sql<string>`case when ${products.is_weighed} then 'yes' else 'no' end`,
      id: products.id,
      quantity: sql<number>`coalesce(${stock.sellable}, 0)::float8`,
      expiration_date: stock.soonest,
    })
    .from(products)
    .leftJoin(stock, and(eq(stock.business_id, products.business_id), eq(stock.product_id, products.id)))
    .leftJoin(product_categories, categoryOf)
    .where(and(eq(products.business_id, ctx.businessId), isNull(products.archived_at)))
    .orderBy(asc(products.product_name), asc(products.id));
  const packs = await packsOf(
    ctx.db,
    ctx.businessId,
    rows.map((row) => row.id),
  );
  // At least one group: the owner sees where a pack goes, and a blank group reads back as no pack.
  const packGroups = Math.max(1, ...[...packs.values()].map((own) => own.length));
  const cells = rows.map((row) => [
    ...EXPORTED.map((column) => (row as Record<Exported, OutCell>)[column.field]),
    ...packCells(packs.get(row.id) ?? [], packGroups),
  ]);
  return fileOf(query.format, `${ctx.business.slug}-products`, packGroups, cells);
}

/** The template: the headings and one example row (a pack sold also by the carton), to fill in and import. */
export function importTemplate(_ctx: BusinessContext, query: { format: SheetFormat }): Promise<FileAnswer> {
  const example: Record<Exported, OutCell> = {
    product_name: 'Indomie Onion Chicken 70g',
    sku: 'IND-ONION-70',
    barcode: '6154000000011',
    category: 'Noodles',
    base_unit: 'pack',
    is_weighed: 'no',
    cost_price: '180.00',
    selling_price: '250.00',
    wholesale_price: '230.00',
    reorder_level: 24,
    quantity: 40,
    expiration_date: '2027-06-30',
  };
  const carton: Pack = {
    id: 0,
    name: 'carton',
    units: 40,
    selling_price: '9500.00',
    wholesale_price: '9200.00',
    barcode: '6154000000028',
  };
  return fileOf(query.format, 'oja-products-template', 2, [
    [...EXPORTED.map((column) => example[column.field]), ...packCells([carton], 2)],
  ]);
}
