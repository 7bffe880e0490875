import {
  addQuantities,
  DEFAULT_BASE_UNIT,
  IMPORT_MESSAGES,
  type ImportCounts,
  type ImportField,
  type ImportRow,
  type ImportRowStatus,
  importFieldLabel,
  type Pack,
  STOCK_MESSAGES,
  toMilli,
  UNITS_MESSAGES,
} from '@oja/contract';
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../../db/business-day';
import type { Queryable } from '../../../db/client';
import { product_batches, product_categories, product_packs, products } from '../../../db/schema';
import { isSellable } from '../ledger';
import { packsOf } from '../packs';
import { type BadRow, type GoodRow, type ReadRows, withLabel } from './import-rows';

/** A live product as the import compares it. */
type Existing = {
  id: number;
  product_name: string;
  sku: string;
  barcode: string | null;
  cost_price: string;
  selling_price: string;
  wholesale_price: string | null;
  reorder_level: number | null;
  base_unit: string;
  is_weighed: boolean;
  category: string | null;
  sellable: number;
  packs: Pack[];
};

/** A row's pack sizes as written: each named by the id of the product's pack of its name, which it keeps. */
export type PackWrite = NonNullable<ImportRow['packs']>[number] & { id?: number };

/** The product fields a row may change, in the order a preview names them. */
const COMPARED = [
  'product_name',
  'sku',
  'barcode',
  'cost_price',
  'selling_price',
  'wholesale_price',
  'reorder_level',
  'base_unit',
  'is_weighed',
] as const satisfies readonly ImportField[];
type Compared = (typeof COMPARED)[number];

export type PlannedRow = GoodRow & {
  status: ImportRowStatus;
  /** The product the row names, when it exists. */
  productId: number | null;
  /** The fields that would change, with their new values (an updated row); a category by its name. */
  changes: Partial<Pick<typeof products.$inferInsert, Compared>> & {
    category?: string | null;
    /** The product's pack sizes as they will be, all of them. */
    packs?: PackWrite[];
  };
};

export type Plan = { rows: PlannedRow[]; bad: BadRow[]; counts: ImportCounts };

const CHUNK = 1_000;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

/**
 * Each product's sellable units and the soonest expiry among its stocked sellable batches, as a subquery to join:
 * what the export writes in its Quantity and Expiry date columns, and what the import compares them with.
 */
export function stockOf(db: Queryable, businessId: number) {
  const stocked = and(eq(product_batches.business_id, businessId), gt(product_batches.quantity, 0), isSellable);
  return db
    .select({
      business_id: product_batches.business_id,
      product_id: product_batches.product_id,
      sellable: sql<number>`sum(${product_batches.quantity})::float8`.as('sellable'),
      soonest: sql<string | null>`min(${product_batches.expiration_date})::text`.as('soonest'),
    })
    .from(product_batches)
    .where(stocked)
    .groupBy(product_batches.business_id, product_batches.product_id)
    .as('stock');
}

/** The live products any row could name: by SKU, by barcode, or by name for rows with neither. */
async function existingFor(db: Queryable, businessId: number, rows: readonly GoodRow[]): Promise<Existing[]> {
  const skus = rows.flatMap((row) => (row.values.sku ? [row.values.sku.toLowerCase()] : []));
  const barcodes = rows.flatMap((row) => (row.values.barcode ? [row.values.barcode.toLowerCase()] : []));
  const names = rows.flatMap((row) =>
    !row.values.sku && !row.values.barcode ? [row.values.product_name.toLowerCase()] : [],
  );
  const found: Existing[] = [];
  const stock = stockOf(db, businessId);
  const lookups: [SQL, string[]][] = [
    [sql`lower(${products.sku})`, skus],
    [sql`lower(${products.barcode})`, barcodes],
    [sql`lower(${products.product_name})`, names],
  ];
  for (const [column, values] of lookups) {
    for (const part of chunks(values)) {
      const matched = await db
        .select({
          id: products.id,
          product_name: products.product_name,
          sku: products.sku,
          barcode: products.barcode,
          cost_price: products.cost_price,
          selling_price: products.selling_price,
          wholesale_price: products.wholesale_price,
          reorder_level: products.reorder_level,
          base_unit: products.base_unit,
          is_weighed: products.is_weighed,
          category: product_categories.name,
          sellable: sql<number>`coalesce(${stock.sellable}, 0)::float8`,
        })
        .from(products)
        .leftJoin(stock, and(eq(stock.business_id, products.business_id), eq(stock.product_id, products.id)))
        .leftJoin(product_categories, categoryOf)
        .where(and(eq(products.business_id, businessId), isNull(products.archived_at), inArray(column, part)));
      found.push(...matched.map((product) => ({ ...product, packs: [] })));
    }
  }
  const packs = await packsOf(db, businessId, [...new Set(found.map((product) => product.id))]);
  for (const product of found) product.packs = packs.get(product.id) ?? [];
  return found;
}

/**
 * Who holds each barcode the rows give a product or a pack, among the business's live products and its packs:
 * a scanner's code names one thing (ADR 0030), so a pack's code may be no product's, and no other product's pack's.
 */
async function codeOwners(db: Queryable, businessId: number, rows: readonly GoodRow[]) {
  const codes = [
    ...new Set(
      rows.flatMap((row) =>
        [row.values.barcode, ...(row.values.packs ?? []).map((pack) => pack.barcode)].flatMap((code) =>
          code ? [code.toLowerCase()] : [],
        ),
      ),
    ),
  ];
  const ofProducts = new Map<string, number>();
  const ofPacks = new Map<string, number>();
  for (const part of chunks(codes)) {
    const owned = await db
      .select({ code: sql<string>`lower(${products.barcode})`, id: products.id })
      .from(products)
      .where(
        and(
          eq(products.business_id, businessId),
          isNull(products.archived_at),
          inArray(sql`lower(${products.barcode})`, part),
        ),
      );
    for (const { code, id } of owned) ofProducts.set(code, id);
    const packed = await db
      .select({ code: sql<string>`lower(${product_packs.barcode})`, id: product_packs.product_id })
      .from(product_packs)
      .where(and(eq(product_packs.business_id, businessId), inArray(sql`lower(${product_packs.barcode})`, part)));
    for (const { code, id } of packed) ofPacks.set(code, id);
  }
  return { ofProducts, ofPacks };
}

/**
 * The fraction of a unit each weighed product's batches hold, among `ids`, and in which batches: a sheet that turns
 * weighing off for one of them is refused, as the product form is (ADR 0031).
 */
async function fractionsLeft(db: Queryable, businessId: number, ids: readonly number[], lock: boolean) {
  const left = new Map<number, { total: number; batches: string[] }>();
  const fraction = sql`${product_batches.quantity} - trunc(${product_batches.quantity})`;
  for (const part of chunks(ids)) {
    // The import's own transaction takes the product form's lock: stock changes hold the product KEY SHARE, so none
    // is halfway through a fraction while the batches are read, and those after it read the product as whole.
    if (lock) {
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.business_id, businessId), inArray(products.id, [...part])))
        .orderBy(asc(products.id))
        .for('update');
    }
    const parts = await db
      .select({
        product_id: product_batches.product_id,
        batch_number: product_batches.batch_number,
        fraction: sql<number>`(${fraction})::float8`,
      })
      .from(product_batches)
      .where(
        and(
          eq(product_batches.business_id, businessId),
          inArray(product_batches.product_id, [...part]),
          sql`${fraction} <> 0`,
        ),
      )
      .orderBy(asc(product_batches.expiration_date), asc(product_batches.id));
    for (const { product_id, batch_number, fraction: each } of parts) {
      const own = left.get(product_id) ?? { total: 0, batches: [] };
      left.set(product_id, { total: addQuantities(own.total, each), batches: [...own.batches, batch_number] });
    }
  }
  return left;
}

/**
 * The weighed products a row may turn weighing off for: one whose SKU, barcode or name a row marked "no" carries (the
 * rows' own matching below may narrow it). None when no row says "no", as in most sheets.
 */
function weighingOffCandidates(existing: readonly Existing[], rows: readonly GoodRow[]): number[] {
  const keys = new Set<string>();
  for (const row of rows) {
    if (row.values.is_weighed !== false) continue;
    for (const key of [row.values.sku, row.values.barcode, row.values.product_name])
      if (key) keys.add(key.toLowerCase());
  }
  if (keys.size === 0) return [];
  const ids = existing
    .filter((product) => product.is_weighed)
    .filter((product) =>
      [product.sku, product.barcode, product.product_name].some((key) => key && keys.has(key.toLowerCase())),
    )
    .map((product) => product.id);
  return [...new Set(ids)];
}

/** Why a row's quantity does not fit its product, or null: a fraction of a piece, said as the product form says it. */
function quantityProblem(row: GoodRow, product: Existing | undefined): string | null {
  const quantity = row.values.quantity;
  const isWeighed = row.values.is_weighed ?? product?.is_weighed ?? false;
  if (quantity === undefined || isWeighed || Number.isInteger(quantity)) return null;
  return withLabel(importFieldLabel('quantity'), STOCK_MESSAGES.wholeQuantity);
}

const sameMoney = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/** Whether the row's packs are the product's: the same names, each with the same units, prices and barcode. */
function samePacks(wanted: readonly PackWrite[], packs: readonly Pack[]): boolean {
  if (wanted.length !== packs.length) return false;
  return wanted.every((pack) => {
    const own = packs.find((candidate) => candidate.name === pack.name);
    return (
      own !== undefined &&
      own.units === pack.units &&
      sameMoney(own.selling_price, pack.selling_price) &&
      sameMoney(own.wholesale_price, pack.wholesale_price) &&
      (own.barcode ?? null) === (pack.barcode ?? null)
    );
  });
}

/** A product's category, to join. */
export const categoryOf = and(
  eq(product_categories.business_id, products.business_id),
  eq(product_categories.id, products.category_id),
);

async function todayOf(db: Queryable): Promise<string> {
  const { rows } = await db.execute<{ today: string }>(sql`select ${businessToday}::text as today`);
  return rows[0]?.today ?? '';
}

/** What a row would change in the product it names: only the fields its sheet has a column for. */
function changesOf(row: GoodRow, product: Existing, read: ReadRows): PlannedRow['changes'] {
  const { fields } = read;
  const wanted: Record<Compared, string | number | boolean | null | undefined> = {
    product_name: row.values.product_name,
    sku: row.values.sku,
    barcode: row.values.barcode ?? null,
    cost_price: row.values.cost_price,
    selling_price: row.values.selling_price,
    wholesale_price: row.values.wholesale_price ?? null,
    reorder_level: row.values.reorder_level ?? null,
    // A blank unit keeps the product's, as a blank SKU does.
    base_unit: row.values.base_unit,
    // A blank cell keeps whether the product is weighed.
    is_weighed: row.values.is_weighed,
  };
  const changes: PlannedRow['changes'] = {};
  for (const field of COMPARED) {
    const value = wanted[field];
    // A blank SKU keeps the product's; any other column the sheet has says what the product holds.
    if (!fields.has(field) || value === undefined) continue;
    if (value !== product[field]) Object.assign(changes, { [field]: value });
  }
  // A category is matched by its name whatever its case, as the product form finds one.
  const category = row.values.category ?? null;
  if (fields.has('category') && category?.toLowerCase() !== product.category?.toLowerCase()) {
    changes.category = category;
  }
  // A sheet with pack columns says every pack the product has: a pack kept by name keeps its id, so that a phone's
  // copy that names it still sells it.
  const packs = (row.values.packs ?? []).map((pack) => ({
    ...pack,
    id: product.packs.find((own) => own.name === pack.name)?.id,
  }));
  if (read.hasPacks && !samePacks(packs, product.packs)) changes.packs = packs;
  return changes;
}

/** Why a row's units or codes cannot be written, or null: a pack named as the base unit, a code held elsewhere. */
function unitsProblem(
  row: GoodRow,
  product: Existing | undefined,
  read: ReadRows,
  owners: Awaited<ReturnType<typeof codeOwners>>,
): string | null {
  const unit = row.values.base_unit ?? product?.base_unit ?? DEFAULT_BASE_UNIT;
  const packs: readonly { name: string }[] = read.hasPacks ? (row.values.packs ?? []) : (product?.packs ?? []);
  if (packs.some((pack) => pack.name === unit)) return UNITS_MESSAGES.packNameIsBaseUnit;
  for (const pack of row.values.packs ?? []) {
    const code = pack.barcode?.toLowerCase();
    if (!code) continue;
    const packOwner = owners.ofPacks.get(code);
    if (owners.ofProducts.has(code) || (packOwner !== undefined && packOwner !== product?.id))
      return UNITS_MESSAGES.packBarcodeTaken;
  }
  const code = row.values.barcode?.toLowerCase();
  const packOwner = code ? owners.ofPacks.get(code) : undefined;
  // The product's own pack may give its code up in this row; a pack the sheet does not rewrite keeps it.
  if (packOwner !== undefined && (packOwner !== product?.id || !read.hasPacks)) return UNITS_MESSAGES.packBarcodeTaken;
  return null;
}

/**
 * Each good row against the catalogue: new (no product has its SKU or barcode, or with neither its name), updated
 * (a product has it, and some field differs) or unchanged. A row whose SKU and barcode name two products is bad.
 * Stock is not among the compared fields: an import gives a new product its first batch and never moves the stock
 * of one already there (which goes through receiving and adjusting, with their reasons); `stock_kept` counts the
 * rows whose quantity differs from their product's sellable units, so the preview can say so.
 */
export async function planImport(
  db: Queryable,
  businessId: number,
  read: ReadRows,
  options: { locked: boolean },
): Promise<Plan> {
  const existing = await existingFor(db, businessId, read.good);
  const owners = await codeOwners(db, businessId, read.good);
  const today = await todayOf(db);
  const fractions = await fractionsLeft(db, businessId, weighingOffCandidates(existing, read.good), options.locked);
  const bySku = new Map<string, Existing>();
  const byBarcode = new Map<string, Existing>();
  const byName = new Map<string, Existing[]>();
  for (const product of existing) {
    bySku.set(product.sku.toLowerCase(), product);
    if (product.barcode) byBarcode.set(product.barcode.toLowerCase(), product);
    const name = product.product_name.toLowerCase();
    const same = byName.get(name) ?? [];
    if (!same.some((other) => other.id === product.id)) byName.set(name, [...same, product]);
  }
  const counts: ImportCounts = { new: 0, updated: 0, unchanged: 0, bad: read.bad.length, stock_kept: 0 };
  const rows: PlannedRow[] = [];
  const bad = [...read.bad];
  for (const row of read.good) {
    const { sku, barcode, product_name: name } = row.values;
    const ofSku = sku ? bySku.get(sku.toLowerCase()) : undefined;
    const ofBarcode = barcode ? byBarcode.get(barcode.toLowerCase()) : undefined;
    if (ofSku && ofBarcode && ofSku.id !== ofBarcode.id) {
      bad.push({ row: row.row, message: IMPORT_MESSAGES.codesDisagree });
      continue;
    }
    const named = !sku && !barcode ? byName.get(name.toLowerCase()) : undefined;
    const product = ofSku ?? ofBarcode ?? (named?.length === 1 ? named[0] : undefined);
    const fraction = product && row.values.is_weighed === false ? fractions.get(product.id) : undefined;
    const problem =
      unitsProblem(row, product, read, owners) ??
      (fraction && product
        ? UNITS_MESSAGES.weighedFractionsLeft(
            fraction.total,
            row.values.base_unit ?? product.base_unit,
            fraction.batches,
          )
        : null) ??
      quantityProblem(row, product);
    if (problem) {
      bad.push({ row: row.row, message: problem });
      continue;
    }
    if (!product) {
      // A new product's opening batch already expired is a mistyped year, as when receiving one.
      const expiry = row.values.expiration_date;
      if (expiry && expiry < today) {
        bad.push({ row: row.row, message: IMPORT_MESSAGES.expiryPassed });
        continue;
      }
      rows.push({ ...row, status: 'new', productId: null, changes: {} });
      continue;
    }
    const changes = changesOf(row, product, read);
    const status = Object.keys(changes).length > 0 ? 'updated' : 'unchanged';
    if (read.fields.has('quantity') && toMilli(row.values.quantity ?? 0) !== toMilli(product.sellable))
      counts.stock_kept += 1;
    rows.push({ ...row, status, productId: product.id, changes });
  }
  for (const row of rows) counts[row.status] += 1;
  counts.bad = bad.length;
  bad.sort((a, b) => a.row - b.row);
  return { rows, bad, counts };
}
