import {
  fieldOfHeading,
  fromMilli,
  hasQuantityDecimals,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportRow,
  importFieldLabel,
  importRowSchema,
  isRealDay,
  type PackColumnPart,
  type PackField,
  packColumnLabel,
  packColumnOfHeading,
  packField,
  REQUIRED_IMPORT_FIELDS,
  STOCK_MESSAGES,
  toMilli,
  UNITS_MESSAGES,
} from '@oja/contract';
import { badRequest } from '../../../platform/errors';
import type { Sheet } from './read-sheet';

/** A row that reads as a product, with its number in the sheet. */
export type GoodRow = { row: number; values: ImportRow };
export type BadRow = { row: number; message: string };
/** How each heading was read: the field it fills, or null for a column the import leaves alone. */
export type ReadColumn = { heading: string; field: ImportField | PackField | null };
/** A column of a pack size: which pack (1, 2, ...) and which of its values. */
type PackColumn = { pack: number; part: PackColumnPart };

export type ReadRows = {
  columns: ReadColumn[];
  fields: ReadonlySet<ImportField>;
  /** Whether the sheet has pack columns: then each row's packs are exactly the ones it fills. */
  hasPacks: boolean;
  good: GoodRow[];
  bad: BadRow[];
};

/** Money as people type it in a sheet: "₦1,500", "NGN 1 500.50" are 1500 and 1500.50. */
const moneyText = (cell: string) => cell.replace(/₦|NGN|N(?=\d)|[,\s]/gi, '');

/** A whole count, 0 or more ("1,200" is 1200); anything else is left as text for the schema to refuse. */
function wholeNumber(cell: string): number | string | null {
  const text = cell.replace(/[,\s]/g, '');
  if (text === '') return null;
  return /^\d{1,12}$/.test(text) ? Number(text) : text;
}

/**
 * A count of stock, 0 or more, whole or with decimals ("1,200" is 1200, "2.5" is 2.5: a sheet's decimal point);
 * anything else is left as text to refuse. Whether the product takes a fraction is the plan's to say.
 */
function stockCount(cell: string): number | string | null {
  const text = cell.replace(/[,\s]/g, '');
  if (text === '') return null;
  if (!/^\d{1,12}(?:\.\d{1,12})?$/.test(text)) return text;
  // An Excel number cell may read as 2.5000000000000004: its thousandths are the count.
  const count = Number(text);
  return hasQuantityDecimals(count) ? fromMilli(toMilli(count)) : count;
}

/** Yes or no as a sheet says it; null for a blank cell, undefined for anything else. */
function yesOrNo(cell: string): boolean | null | undefined {
  const text = cell.trim().toLowerCase();
  if (text === '') return null;
  if (['yes', 'y', 'true', '1', 'x'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return undefined;
}

/** Excel counts days from 30 December 1899: a date cell read without its format arrives as that count. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * An expiry as YYYY-MM-DD: ISO, day-first (DD/MM/YYYY, as Nigerian shops write it, with / - or .), or a date's
 * serial number. Null for a blank cell, undefined for one that is no date.
 */
export function dayOf(cell: string): string | null | undefined {
  const text = cell.trim();
  if (text === '') return null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return realOrUndefined(match[1], match[2], match[3]);
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return realOrUndefined(match[3], match[2], match[1]);
  if (/^\d{5}$/.test(text)) return new Date(EXCEL_EPOCH + Number(text) * 86_400_000).toISOString().slice(0, 10);
  return undefined;
}

function realOrUndefined(year = '', month = '', day = ''): string | undefined {
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isRealDay(value) ? value : undefined;
}

/** One row's cells as the row schema takes them; the fields its sheet has no column for are left out. */
function rawRow(
  cells: readonly string[],
  columns: readonly ReadColumn[],
  packColumns: readonly (PackColumn | null)[],
): { raw: Record<string, unknown>; problems: string[]; packNumbers: number[] } {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  const groups = new Map<number, Partial<Record<PackColumnPart, string>>>();
  for (const [index, column] of columns.entries()) {
    // A cell an export quoted so that a spreadsheet would not run it as a formula ("'=A1") is read as it was.
    const cell = (cells[index] ?? '').trim().replace(/^'(?=[=+\-@\t\r])/, '');
    const packColumn = packColumns[index];
    if (packColumn) {
      const group = groups.get(packColumn.pack) ?? {};
      if (!(packColumn.part in group)) group[packColumn.part] = cell;
      groups.set(packColumn.pack, group);
      continue;
    }
    if (!column.field || column.field in raw) continue;
    switch (column.field) {
      case 'cost_price':
      case 'selling_price':
      case 'wholesale_price':
        raw[column.field] = moneyText(cell);
        break;
      case 'quantity': {
        const count = stockCount(cell);
        if (typeof count === 'string') problems.push(IMPORT_MESSAGES.quantity);
        else raw.quantity = count ?? 0;
        break;
      }
      case 'reorder_level': {
        const level = wholeNumber(cell);
        if (typeof level === 'string') problems.push(STOCK_MESSAGES.reorderLevel);
        else raw.reorder_level = level;
        break;
      }
      case 'is_weighed': {
        // Blank keeps the product's, as a blank unit does (a new product is sold by the piece).
        const weighed = yesOrNo(cell);
        if (weighed === undefined) problems.push(IMPORT_MESSAGES.isWeighed);
        else if (weighed !== null) raw.is_weighed = weighed;
        break;
      }
      case 'expiration_date': {
        const day = dayOf(cell);
        if (day === undefined) problems.push(IMPORT_MESSAGES.date);
        else raw.expiration_date = day;
        break;
      }
      case 'batch_number':
      case 'base_unit':
        if (cell !== '') raw[column.field] = cell;
        break;
      default:
        raw[column.field] = cell;
    }
  }
  const packNumbers: number[] = [];
  if (packColumns.some(Boolean)) {
    const packs: Record<string, unknown>[] = [];
    for (const [number, group] of [...groups].sort(([a], [b]) => a - b)) {
      // A group left blank is no pack: a sheet has columns for more packs than most products have.
      if (Object.values(group).every((cell) => !cell)) continue;
      const units = wholeNumber(group.units ?? '');
      packs.push({
        name: group.name ?? '',
        units: units ?? undefined,
        selling_price: moneyText(group.price ?? ''),
        wholesale_price: moneyText(group.wholesale_price ?? ''),
        barcode: group.barcode ?? '',
      });
      packNumbers.push(number);
    }
    raw.packs = packs;
  }
  return { raw, problems, packNumbers };
}

/** The pack column a value of a pack's input is read from. */
const PART_OF_INPUT: Record<string, PackColumnPart> = {
  name: 'name',
  units: 'units',
  selling_price: 'price',
  wholesale_price: 'wholesale_price',
  barcode: 'barcode',
};

/** An issue's column: a product field's label, or the pack column ("Pack 2 units") for a pack's. */
function labelOfPath(path: readonly PropertyKey[], packNumbers: readonly number[]): string {
  if (path[0] !== 'packs' || typeof path[1] !== 'number') return importFieldLabel(String(path[0] ?? ''));
  const pack = packNumbers[path[1]] ?? path[1] + 1;
  return packColumnLabel(pack, PART_OF_INPUT[String(path[2])] ?? 'name');
}

/** A schema message said with its column's label, unless it already names it ("Cost price must be positive"). */
export function withLabel(label: string, message: string): string {
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

/**
 * The sheet's rows as products: each heading matched to a field by name (any case, spaces or synonyms), each row
 * checked with the Add Product form's rules, and a second row with a SKU, a barcode (or, with neither, a name)
 * already on an earlier row refused with that row's number. The first of two such rows is kept.
 */
export function readRows(sheet: Sheet): ReadRows {
  const packColumns = sheet.headings.map((heading) => (fieldOfHeading(heading) ? null : packColumnOfHeading(heading)));
  const columns: ReadColumn[] = sheet.headings.map((heading, index) => {
    const pack = packColumns[index];
    return { heading, field: pack ? packField(pack.pack, pack.part) : fieldOfHeading(heading) };
  });
  const fields = new Set(sheet.headings.flatMap((heading) => fieldOfHeading(heading) ?? []));
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !fields.has(field));
  if (missing.length > 0) throw badRequest(IMPORT_MESSAGES.missingColumns(missing.map(importFieldLabel)));

  const good: GoodRow[] = [];
  const bad: BadRow[] = [];
  const seen = {
    sku: new Map<string, number>(),
    barcode: new Map<string, number>(),
    name: new Map<string, number>(),
    packBarcode: new Map<string, number>(),
  };
  for (const { number, cells } of sheet.rows) {
    const { raw, problems, packNumbers } = rawRow(cells, columns, packColumns);
    const parsed = importRowSchema.safeParse(raw);
    const messages = [...problems];
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        messages.push(withLabel(labelOfPath(issue.path, packNumbers), issue.message));
    }
    if (messages.length > 0 || !parsed.success) {
      bad.push({ row: number, message: [...new Set(messages)].join(' ') });
      continue;
    }
    const values = parsed.data;
    const sku = values.sku?.toLowerCase();
    const barcode = values.barcode?.toLowerCase();
    const name = !sku && !barcode ? values.product_name.toLowerCase() : undefined;
    const packCodes = (values.packs ?? []).flatMap((pack) => (pack.barcode ? [pack.barcode.toLowerCase()] : []));
    // A barcode names one thing a scanner adds (ADR 0030): a pack's is neither a product's nor another pack's.
    const packCodeRow = packCodes
      .map((code) => seen.packBarcode.get(code) ?? seen.barcode.get(code))
      .find((row) => row !== undefined);
    const earlier =
      (sku && seen.sku.get(sku) !== undefined && IMPORT_MESSAGES.duplicateSku(seen.sku.get(sku) as number)) ||
      (barcode &&
        seen.barcode.get(barcode) !== undefined &&
        IMPORT_MESSAGES.duplicateBarcode(seen.barcode.get(barcode) as number)) ||
      (barcode &&
        seen.packBarcode.get(barcode) !== undefined &&
        IMPORT_MESSAGES.duplicatePackBarcode(seen.packBarcode.get(barcode) as number)) ||
      (barcode && packCodes.includes(barcode) && UNITS_MESSAGES.packBarcodeTaken) ||
      (packCodeRow !== undefined && IMPORT_MESSAGES.duplicatePackBarcode(packCodeRow)) ||
      (name && seen.name.get(name) !== undefined && IMPORT_MESSAGES.duplicateName(seen.name.get(name) as number));
    if (earlier) {
      bad.push({ row: number, message: earlier });
      continue;
    }
    if (sku) seen.sku.set(sku, number);
    if (barcode) seen.barcode.set(barcode, number);
    if (name) seen.name.set(name, number);
    for (const code of packCodes) seen.packBarcode.set(code, number);
    good.push({ row: number, values });
  }
  return { columns, fields, hasPacks: packColumns.some(Boolean), good, bad };
}
