import * as z from 'zod';
import { bodyId, queryId, text } from './ids';
import { MESSAGES } from './messages';
import { MAX_BATCH_QUANTITY, productFormFieldsSchema, STOCK_MESSAGES } from './stock';
import { hasQuantityDecimals, MAX_PACKS } from './units';

/**
 * A whole catalogue from a spreadsheet (issue 55): products with their first batch, read from a CSV or Excel
 * (.xlsx) file on the server, previewed row by row, then written in one transaction (docs/adr/0024).
 */

/** The file formats read and written. */
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export const sheetFormatSchema = z.enum(SHEET_FORMATS);
export type SheetFormat = z.infer<typeof sheetFormatSchema>;

/** The largest file read: a 3,000-product catalogue is a small fraction of it. */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** The most rows (besides the heading) one file may hold. */
export const IMPORT_MAX_ROWS = 5_000;
/** The most columns a heading may have: the product's own and five for each of its pack sizes, with room to spare. */
export const IMPORT_MAX_COLUMNS = 80;
/** What an .xlsx may unpack to in all: a real 5,000-row sheet is a few megabytes; a zip bomb is refused here. */
export const IMPORT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** The file travels as base64 in the JSON body: four characters for every three bytes. */
export const IMPORT_MAX_CONTENT_CHARS = Math.ceil(IMPORT_MAX_FILE_BYTES / 3) * 4;
/** The import routes' body limit: the file's base64 and the few other fields (the API's is 1 MB). */
export const IMPORT_BODY_LIMIT = IMPORT_MAX_CONTENT_CHARS + 64 * 1024;

/**
 * The fields a column can fill, each matched by its heading whatever its case, spaces, dashes or underscores,
 * by its label or any of its other names.
 */
export const IMPORT_COLUMNS = [
  { field: 'product_name', label: 'Name', names: ['product name', 'product', 'item', 'item name', 'description'] },
  { field: 'sku', label: 'SKU', names: ['code', 'item code', 'product code', 'stock code'] },
  { field: 'barcode', label: 'Barcode', names: ['ean', 'upc', 'gtin', 'bar code', 'ean13'] },
  { field: 'category', label: 'Category', names: ['product category', 'group', 'section', 'department'] },
  { field: 'base_unit', label: 'Base unit', names: ['unit', 'uom', 'unit of measure', 'stock unit'] },
  {
    field: 'is_weighed',
    label: 'Sold by weight',
    names: ['sold by weight or volume', 'weighed', 'is weighed', 'by weight', 'sold loose'],
  },
  {
    field: 'cost_price',
    label: 'Cost price',
    names: ['cost', 'buying price', 'purchase price', 'unit cost', 'cost per unit'],
  },
  {
    field: 'selling_price',
    label: 'Selling price',
    names: ['price', 'retail price', 'sale price', 'unit price', 'retail'],
  },
  { field: 'wholesale_price', label: 'Wholesale price', names: ['wholesale', 'bulk price'] },
  { field: 'reorder_level', label: 'Reorder level', names: ['reorder', 'minimum stock', 'min stock', 'reorder point'] },
  {
    field: 'quantity',
    label: 'Quantity',
    names: ['qty', 'stock', 'on hand', 'quantity in stock', 'units', 'opening stock'],
  },
  {
    field: 'expiration_date',
    label: 'Expiry date',
    names: ['expiry', 'expiration date', 'expiration', 'expires', 'best before', 'exp date', 'use by'],
  },
  { field: 'batch_number', label: 'Batch number', names: ['batch', 'batch no', 'lot', 'lot number'] },
] as const;
export type ImportField = (typeof IMPORT_COLUMNS)[number]['field'];
/** Without these a row cannot become a product. */
export const REQUIRED_IMPORT_FIELDS = ['product_name', 'cost_price', 'selling_price'] as const satisfies ImportField[];

/** "Selling Price", "selling_price" and " SELLING-PRICE " are one heading. */
export const headingKey = (heading: string) =>
  heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, ' ')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();

/** The field a heading names, or null for a column the import does not read. */
export function fieldOfHeading(heading: string): ImportField | null {
  const key = headingKey(heading);
  if (!key) return null;
  for (const column of IMPORT_COLUMNS) {
    if (headingKey(column.field) === key || headingKey(column.label) === key) return column.field;
    if (column.names.some((name) => headingKey(name) === key)) return column.field;
  }
  return null;
}

/**
 * A product's pack sizes (ADR 0030) are groups of five columns, one group per pack: "Pack 1 name", "Pack 1 units",
 * "Pack 1 price", "Pack 1 wholesale price", "Pack 1 barcode", then "Pack 2 ..." up to the pack limit. A group whose
 * cells are all blank is no pack. Columns, not one cell per pack ("carton=40@9500"), so that a shop types each
 * value in its own cell and a spreadsheet sums and sorts them as it does the product's own prices.
 */
export const PACK_COLUMN_PARTS = [
  { part: 'name', label: 'name', names: [] },
  { part: 'units', label: 'units', names: ['size', 'qty', 'quantity'] },
  { part: 'price', label: 'price', names: ['selling price', 'retail price'] },
  { part: 'wholesale_price', label: 'wholesale price', names: ['wholesale'] },
  { part: 'barcode', label: 'barcode', names: ['bar code', 'ean'] },
] as const;
export type PackColumnPart = (typeof PACK_COLUMN_PARTS)[number]['part'];
/** A pack column's field, as a preview names it: "pack_2_units". */
export type PackField = `pack_${number}_${PackColumnPart}`;

export const packField = (pack: number, part: PackColumnPart): PackField => `pack_${pack}_${part}`;
export const packColumnLabel = (pack: number, part: PackColumnPart) =>
  `Pack ${pack} ${PACK_COLUMN_PARTS.find((column) => column.part === part)?.label ?? part}`;

/** The pack and part a heading names ("Pack 2 units", "pack_2_units", "PACK 2 SIZE"), or null. */
export function packColumnOfHeading(heading: string): { pack: number; part: PackColumnPart } | null {
  const match = /^pack ?(\d{1,2}) (.+)$/.exec(headingKey(heading));
  if (!match) return null;
  const pack = Number(match[1]);
  if (pack < 1 || pack > MAX_PACKS) return null;
  const rest = match[2];
  const column = PACK_COLUMN_PARTS.find(
    (candidate) => candidate.label === rest || candidate.part === rest || candidate.names.some((name) => name === rest),
  );
  return column ? { pack, part: column.part } : null;
}

/** A field's column label as the screen names it: "Selling price", "Pack 2 units". */
export function importFieldLabel(field: string): string {
  const pack = /^pack_(\d+)_(.+)$/.exec(field);
  if (pack) return packColumnLabel(Number(pack[1]), pack[2] as PackColumnPart);
  if (field === 'packs') return 'Packs';
  return IMPORT_COLUMNS.find((column) => column.field === field)?.label ?? field;
}

/** The batch number an imported product's opening batch gets when the file names none. */
export const IMPORT_OPENING_BATCH = 'OPENING';

const p = MESSAGES.product;

export const IMPORT_MESSAGES = {
  previewed: 'File checked: nothing is saved until you confirm.',
  imported: 'Catalogue imported ✅',
  exported: 'Catalogue exported.',
  template: 'Import template.',
  fileTooLarge: 'The file is larger than 5 MB. Split it into smaller files.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-NG')} rows. Split it into smaller files.`,
  tooManyColumns: `The file has more than ${IMPORT_MAX_COLUMNS} columns. Keep the product columns only.`,
  tooMuchUnpacked: 'This Excel file unpacks to far more than a product list holds, so it was not read.',
  unreadable: 'This file could not be read. Save it as CSV or Excel (.xlsx) and try again.',
  notBase64: 'The file was not sent whole. Choose it again.',
  empty: 'The file has no product rows under its heading.',
  missingColumns: (labels: readonly string[]) =>
    `The file has no column for ${labels.join(', ')}. Use the template's headings.`,
  duplicateSku: (row: number) => `The same SKU is on row ${row}.`,
  duplicateBarcode: (row: number) => `The same barcode is on row ${row}.`,
  duplicatePackBarcode: (row: number) => `The same barcode is on row ${row}, as a product's or a pack's.`,
  duplicateName: (row: number) => `The same name, with no SKU or barcode, is on row ${row}.`,
  codesDisagree: 'The SKU and the barcode belong to two different products.',
  barcodeTaken: STOCK_MESSAGES.barcodeTaken,
  quantity: 'Quantity is a number, 0 or more: whole, or up to 3 decimals for a product sold by weight.',
  /** The Sold by weight column takes yes or no (blank keeps the product's; a new one: no). */
  isWeighed: 'Sold by weight is yes or no.',
  quantityTooLarge: STOCK_MESSAGES.quantityTooLarge,
  date: 'Enter the expiry date as YYYY-MM-DD or DD/MM/YYYY.',
  expiryPassed: STOCK_MESSAGES.expiryPassed,
  batchNumber: p.batchNumberMin,
  failedPreview: 'Failed to check the file',
  failedImport: 'Failed to import the catalogue',
  failedExport: 'Failed to export the catalogue',
  chooseFile: 'Choose a CSV or Excel (.xlsx) file.',
  /** The import screen's own words. */
  intro:
    'Add or update many products at once from a CSV or Excel (.xlsx) file. Rows are matched to your products by SKU or barcode: importing the same file again changes nothing.',
  reading: 'Reading the file…',
  checking: (name: string) => `Checking ${name}…`,
  importing: (rows: number) => `Importing ${rows.toLocaleString('en-NG')} products…`,
  nothingToImport: 'Nothing to import: every good row matches a product as it is.',
  stockKept: (rows: number) =>
    `${rows.toLocaleString('en-NG')} products already here have another quantity in the file. An import never changes stock: receive or adjust it on the product.`,
  done: (counts: { new: number; updated: number }) =>
    `Imported: ${counts.new.toLocaleString('en-NG')} new, ${counts.updated.toLocaleString('en-NG')} updated.`,
  badRowsSkipped: (rows: number) => `${rows.toLocaleString('en-NG')} bad rows will be left out.`,
} as const;

/**
 * One row as the server reads it from the sheet, each field as text (blank for an empty cell; a missing column
 * leaves its field out). The product's own fields are the Add Product form's, with its messages.
 */
export const importRowSchema = productFormFieldsSchema
  .pick({
    product_name: true,
    sku: true,
    barcode: true,
    cost_price: true,
    selling_price: true,
    wholesale_price: true,
    category: true,
  })
  .extend({
    /** Blank keeps a product's unit (a new one counts in pieces), as a blank SKU keeps its SKU. */
    base_unit: productFormFieldsSchema.shape.base_unit,
    /** The pack sizes the row's pack columns fill; absent when the sheet has none. */
    packs: productFormFieldsSchema.shape.packs,
    reorder_level: z.number().int().min(0).max(MAX_BATCH_QUANTITY).nullable().optional(),
    /** Sold by weight or volume (ADR 0031); absent (no column, or a blank cell) keeps the product's, a new one: no. */
    is_weighed: z.boolean().optional(),
    /**
     * Any count of at most 3 decimals: whether a fraction is allowed is the product's (weighed or not), which the
     * plan reads with the product the row names; a piece product's is refused there with the form's words.
     */
    quantity: z
      .number()
      .min(0)
      .max(MAX_BATCH_QUANTITY, IMPORT_MESSAGES.quantityTooLarge)
      .refine(hasQuantityDecimals, IMPORT_MESSAGES.quantity)
      .optional(),
    expiration_date: z.string().nullable().optional(),
    batch_number: text().trim().min(3, IMPORT_MESSAGES.batchNumber).max(64).optional(),
  });
export type ImportRow = z.output<typeof importRowSchema>;

/** The file: its name and its bytes as base64 (the server tells an .xlsx from a CSV by its bytes). */
const fileFields = {
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  file_name: text().trim().min(1, IMPORT_MESSAGES.chooseFile).max(255),
  content_base64: text({ error: IMPORT_MESSAGES.chooseFile })
    .min(1, IMPORT_MESSAGES.empty)
    .max(IMPORT_MAX_CONTENT_CHARS, IMPORT_MESSAGES.fileTooLarge),
};

/** POST /stock/products/import/preview/: what the file would do, nothing written. */
export const previewImportBodySchema = z.strictObject(fileFields);
export type PreviewImportBody = z.input<typeof previewImportBodySchema>;
/** POST /stock/products/import/: the same file, written in one transaction (its bad rows left out). */
export const importProductsBodySchema = z.strictObject(fileFields);
export type ImportProductsBody = z.input<typeof importProductsBodySchema>;

export const IMPORT_ROW_STATUSES = ['new', 'updated', 'unchanged'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** How the file's headings were read. */
export const importColumnSchema = z.object({ heading: z.string(), field: z.string().nullable() });

export const importCountsSchema = z.object({
  new: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  bad: z.number().int(),
  /** Rows of products already there whose quantity differs from their stock: an import never moves stock. */
  stock_kept: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** The most good rows a preview lists (the counts cover them all); every bad row is always listed. */
export const IMPORT_PREVIEW_ROWS = 500;

export const importPreviewSchema = z.object({
  file_name: z.string(),
  rows_read: z.number().int(),
  columns: z.array(importColumnSchema),
  counts: importCountsSchema,
  /** Rows that would be added or changed, in the file's order; `changes` names the fields that would change. */
  rows: z.array(
    z.object({
      row: z.number().int(),
      status: z.enum(IMPORT_ROW_STATUSES),
      product_name: z.string(),
      sku: z.string().nullable(),
      changes: z.array(z.string()),
      /** The unit the row's stock is counted in and its pack sizes, when the file has those columns. */
      base_unit: z.string().nullable().optional(),
      packs: z.array(z.object({ name: z.string(), units: z.number().int() })).optional(),
    }),
  ),
  /** Every bad row: its number in the sheet (the heading is row 1) and why. */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ counts: importCountsSchema });
export type ImportResult = z.infer<typeof importResultSchema>;

/** What the export's Quantity and Expiry date columns hold. */
export const EXPORT_FILE_NOTE =
  "Quantity is the product's sellable units and Expiry date the soonest expiry of its stocked batches; importing the file back changes nothing.";

/** GET /stock/products/export/ and the template. */
export const exportProductsQuerySchema = z.object({
  business_id: queryId({ required: MESSAGES.local.businessIdRequired, invalid: MESSAGES.local.businessIdRequired }),
  format: sheetFormatSchema.default('xlsx'),
});
export type ExportProductsQuery = z.input<typeof exportProductsQuerySchema>;
