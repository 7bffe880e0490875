import * as z from 'zod';
import { moneyOut } from './money';

/**
 * Units and pack sizes (ADR 0030): a product's stock is counted in its base unit (a piece, a pack, a tin...), and
 * a pack size (a carton of 40 packs) is a number of base units with its own prices and barcode. Stock, batches and
 * the ledger only ever see base units; a pack is how a line is sold or a delivery counted.
 */
export const UNITS_MESSAGES = {
  baseUnitRequired: 'Enter the unit stock is counted in, like piece or pack.',
  baseUnitTooLong: 'A unit has at most 20 characters.',
  packNameRequired: 'Name the pack, like carton.',
  packNameTooLong: 'A pack name has at most 30 characters.',
  packUnits: 'A pack holds a whole number of at least 2 units.',
  packPrice: 'Enter the pack’s selling price.',
  packNameTaken: 'Each pack of a product needs its own name.',
  packNameIsBaseUnit: 'A pack cannot have the name of the base unit.',
  tooManyPacks: 'A product has at most 10 pack sizes.',
  packBarcodeTaken: 'Another product or pack of this business already has this barcode.',
  packNotFound: 'A pack of this sale is no longer sold: remove the line and add it again.',
  packOfProduct: 'Choose how many units the delivery holds, or a pack of this product.',
} as const;

/** The units most shops count in; any other short word may be typed. */
export const BASE_UNITS = ['piece', 'pack', 'tin', 'bottle', 'sachet', 'bag', 'box', 'kg', 'litre'] as const;
export const DEFAULT_BASE_UNIT = 'piece';
export const MAX_PACKS = 10;
/** A pack of more units than this would be a delivery, not a pack (and its stock would overflow a batch). */
export const MAX_PACK_UNITS = 100_000;

/** A pack size as a product, its copy on the phone and a sale line answer it. */
export const packSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  units: z.number().int(),
  selling_price: moneyOut,
  wholesale_price: moneyOut.nullable(),
  barcode: z.string().nullable(),
});
export type Pack = z.infer<typeof packSchema>;

/** Words that read the same for one or many: measures written short. */
const SAME_PLURAL = new Set(['kg', 'g', 'l', 'ml', 'cl', 'dozen', 'pcs']);

/** "carton" → "cartons", "box" → "boxes", "half carton" → "half cartons"; "kg" stays "kg". */
export function unitName(name: string, count: number): string {
  if (count === 1 || SAME_PLURAL.has(name)) return name;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

/** "1 carton", "5 packs". */
export const countOf = (count: number, name: string) => `${count} ${unitName(name, count)}`;

/**
 * A count of base units as a person reads it: the largest packs first, then what is left in the base unit.
 * 85 packs with a carton of 40 is "2 cartons + 5 packs"; with no pack (or fewer units than the smallest pack) it is
 * "85 packs". The one way the counter, receipts, the product page and the stock list say a quantity.
 */
export function formatUnits(
  quantity: number,
  baseUnit: string,
  packs: readonly { name: string; units: number }[] = [],
): string {
  if (quantity <= 0 || packs.length === 0) return countOf(quantity, baseUnit);
  const parts: string[] = [];
  let left = quantity;
  for (const pack of [...packs].sort((a, b) => b.units - a.units)) {
    const count = Math.floor(left / pack.units);
    if (count === 0) continue;
    parts.push(countOf(count, pack.name));
    left -= count * pack.units;
  }
  if (left > 0 || parts.length === 0) parts.push(countOf(left, baseUnit));
  return parts.join(' + ');
}
