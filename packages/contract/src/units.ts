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
  /** A quantity of a product counted in whole units with a fraction (2.5 pieces). */
  quantityWholeOf: (unit: string) => `Sell ${unitName(unit, 2)} in whole numbers, like 1 or 2.`,
  /** A weighed product's quantity with more than QUANTITY_DECIMALS decimals, or not above 0. */
  quantityDecimals: 'Enter a quantity above 0 with at most 3 decimals, like 1.25 or 0.75.',
  /** A weighed product sold by a pack: a pack is a whole number of packs. */
  packQuantityWhole: 'Sell packs in whole numbers, like 1 or 2.',
  /**
   * "Sold by weight or volume" turned off while batches hold a fraction of the unit, which whole sales could never
   * take: how much, where, and what to do first.
   */
  weighedFractionsLeft: (fraction: number, unit: string, batches: readonly string[]) =>
    `${formatQuantity(fraction)} ${unitName(unit, fraction)} of the stock is part of a ${unit} (batch ${batches.join(', ')}). ` +
    `Sell it, write it off or correct the count to whole ${unitName(unit, 2)} first, then turn off sold by weight or volume.`,
} as const;

/** The units most shops count in; any other short word may be typed. */
export const BASE_UNITS = ['piece', 'pack', 'tin', 'bottle', 'sachet', 'bag', 'box', 'kg', 'litre'] as const;
export const DEFAULT_BASE_UNIT = 'piece';
export const MAX_PACKS = 10;
/** A pack of more units than this would be a delivery, not a pack (and its stock would overflow a batch). */
export const MAX_PACK_UNITS = 100_000;

/**
 * Weighed goods (ADR 0031): a product marked `is_weighed` (rice by the kg, palm oil by the litre) is sold, received
 * and counted in its base unit with at most three decimals; every other product in whole units. Quantities are
 * numeric(14,3) in the database and plain JSON numbers on the wire (1.25, and 2 as before), and TypeScript only
 * ever adds, compares or multiplies them through thousandths (`toMilli`), never as floats.
 */
export const QUANTITY_DECIMALS = 3;
const MILLI = 1000;

/** A quantity in an answer: a whole number as ever, or up to 3 decimals for a weighed product. */
export const quantityOut = z.number();

/** A quantity as a whole number of thousandths of its unit: 1.25 → 1250 (exact for any quantity of 3 decimals). */
export const toMilli = (quantity: number): number => Math.round(quantity * MILLI);
/** Thousandths back to the quantity the wire and the database read: 1250 → 1.25 (the nearest double, printed exactly). */
export const fromMilli = (milli: number): number => milli / MILLI;

/** Has at most QUANTITY_DECIMALS decimals (the double read from "1.001" is within rounding of its thousandths). */
export function hasQuantityDecimals(quantity: number): boolean {
  return Number.isFinite(quantity) && Math.abs(quantity * MILLI - toMilli(quantity)) < 1e-6;
}

/** A quantity the product takes: above 0, whole unless the product is weighed, then at most 3 decimals. */
export function isQuantityOf(quantity: number, isWeighed: boolean): boolean {
  if (!(quantity > 0)) return false;
  return isWeighed ? hasQuantityDecimals(quantity) && toMilli(quantity) > 0 : Number.isInteger(quantity);
}

/** a + b, exactly, for quantities of at most 3 decimals. */
export const addQuantities = (a: number, b: number): number => fromMilli(toMilli(a) + toMilli(b));

/**
 * The one rounding of money by a quantity (ADR 0031): a net unit price (kobo) times a quantity, rounded half up to
 * the kobo. Exact for whole quantities (net × quantity, as before weighed goods); ₦333.33 a kg × 1.237 kg is
 * ₦412.33 (412.32921). The SQL that values quantities (report totals, stock value) keeps its numeric products
 * unrounded and rounds its sums: only a line's charged total is rounded here, once.
 */
export function lineTotalKobo(netUnitKobo: bigint, quantity: number): bigint {
  const product = netUnitKobo * BigInt(toMilli(quantity));
  const half = BigInt(MILLI / 2);
  return product >= 0n ? (product + half) / BigInt(MILLI) : -((-product + half) / BigInt(MILLI));
}

/** "12.5", "0.75", "3": a quantity as a person reads it (no trailing zeros; a whole number as ever). */
export const formatQuantity = (quantity: number): string => String(fromMilli(toMilli(quantity)));

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

/** "1 carton", "5 packs", "12.5 kg". */
export const countOf = (count: number, name: string) => `${formatQuantity(count)} ${unitName(name, count)}`;

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
    left = fromMilli(toMilli(left) - count * pack.units * MILLI);
  }
  if (left > 0 || parts.length === 0) parts.push(countOf(left, baseUnit));
  return parts.join(' + ');
}
