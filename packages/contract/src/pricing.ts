import * as z from 'zod';
import { currencySchema, repricingDirectionSchema, repricingMethodSchema } from './enums';
import { bodyId, queryId, text } from './ids';
import { MESSAGES } from './messages';
import { formatMoney, fromKobo, isMoneyString, moneyOut, toKobo } from './money';
import { pageQuerySchema, paginated } from './pagination';
import type { PricedProduct } from './sales';
import { productCategorySchema, STOCK_MESSAGES } from './stock';

/** Sentences of categories, bulk price changes, the price history and the margin guard. */
export const PRICING_MESSAGES = {
  categoriesListed: 'Categories.',
  previewed: 'New prices.',
  applied: 'Prices changed ✅',
  appliedTo: (count: number) => `Prices changed for ${count} ${count === 1 ? 'product' : 'products'} ✅`,
  undone: 'Price change undone ↩️',
  changesListed: 'Price changes.',
  historyListed: 'Price history.',
  percentInvalid: 'Enter a percentage above 0 and at most 100, like 10 or 12.5.',
  amountInvalid: 'Enter an amount above 0, like 50 or 50.50.',
  roundInvalid: 'Round to ₦5, ₦10, ₦50 or ₦100, or not at all.',
  noProducts: 'No products match: pick another category or search.',
  tooMany: (most: number) =>
    `At most ${most.toLocaleString('en-NG')} products change at once: pick a category or search.`,
  wouldBeFree: (name: string) => `${name} would cost ₦0 or less: lower by less.`,
  notFound: 'Price change not found.',
  categoryNotFound: 'Category not found.',
  notLast: 'Only the last price change can be undone.',
  alreadyUndone: 'This price change was already undone.',
  changedSince: (names: string) => `Prices were changed since for ${names}: set them by hand instead.`,
  belowCost: 'Below cost',
  /** What the product page, the counter line and Needs attention say of a product sold below its cost. */
  belowCostDetail: (price: string, cost: string) => `Sells for ${price} after discount; costs ${cost}.`,
  noHistory: 'No price changes yet.',
  failed: {
    preview: 'Failed to work out the new prices ❌',
    apply: 'Failed to change the prices ❌',
    undo: 'Failed to undo the price change ❌',
    history: 'Failed to fetch the price history',
  },
} as const;

/** The most products one bulk change may touch: a catalogue of 3,000 in one go, with room. */
export const REPRICING_MAX_PRODUCTS = 5_000;
/** Naira a bulk change may round its new prices up to a multiple of. */
export const REPRICING_ROUNDINGS = [5, 10, 50, 100] as const;
export type RepricingRounding = (typeof REPRICING_ROUNDINGS)[number];

// ---------- Categories

export const categoriesQuerySchema = z.object({
  business_id: queryId({ required: MESSAGES.local.businessIdRequired, invalid: MESSAGES.local.businessIdRequired }),
});
export const categoryListSchema = z.object({
  results: z.array(productCategorySchema.extend({ product_count: z.number().int() })),
});
export type CategoryList = z.infer<typeof categoryListSchema>;

// ---------- The arithmetic, in kobo

/** A percentage "12.50" as hundredths of a percent (1250). */
const hundredths = (percent: string) => toKobo(percent);

/** a / b rounded half away from zero, b > 0. */
function roundDiv(a: bigint, b: bigint): bigint {
  const half = b / 2n;
  return a >= 0n ? (a + half) / b : -((-a + half) / b);
}

/** a / b rounded up, a >= 0, b > 0. */
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export type RepricingChange = {
  method: 'percent' | 'amount';
  direction: 'raise' | 'lower';
  /** A percentage ("10.00") or an amount of money ("50.00"), as `method` says. */
  value: string;
  /** Naira: the new price is rounded UP to a multiple of it; null: to the nearest kobo. */
  round_to: number | null;
};

/**
 * One price after a bulk change, exact in kobo: the percentage or the amount applied, then rounded up to the
 * nearest multiple of `round_to` naira (a price already on one stays). A percentage without rounding lands on the
 * nearest kobo. Null when the result is ₦0 or less (a price must stay above 0).
 */
export function repricedKobo(old: bigint, change: RepricingChange): bigint | null {
  const sign = change.direction === 'raise' ? 1n : -1n;
  const step = change.round_to === null ? null : BigInt(change.round_to) * 100n;
  let result: bigint;
  if (change.method === 'percent') {
    const scaled = old * (10_000n + sign * hundredths(change.value));
    if (scaled <= 0n) return null;
    result = step === null ? roundDiv(scaled, 10_000n) : ceilDiv(scaled, 10_000n * step) * step;
  } else {
    const moved = old + sign * toKobo(change.value);
    if (moved <= 0n) return null;
    result = step === null ? moved : ceilDiv(moved, step) * step;
  }
  return result > 0n ? result : null;
}

/** The money string after the change, or null when it would be ₦0 or less. */
export function repriced(old: string, change: RepricingChange): string | null {
  const kobo = repricedKobo(toKobo(old), change);
  return kobo === null ? null : fromKobo(kobo);
}

/** What a price earns over the cost after the product's discount, to the kobo (negative: a loss). */
export function marginOf(price: string, discountPercentage: string, cost: string): string {
  const sold = toKobo(price) * (10_000n - hundredths(discountPercentage));
  return fromKobo(roundDiv(sold - toKobo(cost) * 10_000n, 10_000n));
}

/** The price after the product's discount, to the kobo. */
export function priceAfterDiscount(price: string, discountPercentage: string): string {
  return fromKobo(roundDiv(toKobo(price) * (10_000n - hundredths(discountPercentage)), 10_000n));
}

/** One price below the cost after its discount, exactly (no rounding). */
function sellsBelow(price: string, discountPercentage: string, cost: string): boolean {
  return toKobo(price) * (10_000n - hundredths(discountPercentage)) < toKobo(cost) * 10_000n;
}

export type CostedProduct = PricedProduct & { cost_price?: string | null };

/**
 * The margin guard: the retail price after its discount, or a wholesale price above 0 after its discount, is below
 * the cost price. The database's belowCost (db/schema/stock.ts) is the same rule in SQL. False without a cost (a
 * customer's view).
 */
export function isBelowCost(product: CostedProduct): boolean {
  const cost = product.cost_price;
  if (!cost || !isMoneyString(cost)) return false;
  if (sellsBelow(product.selling_price, product.selling_price_discount_percentage, cost)) return true;
  const wholesale = product.wholesale_price;
  return (
    wholesale !== null &&
    toKobo(wholesale) > 0n &&
    sellsBelow(wholesale, product.wholesale_price_discount_percentage, cost)
  );
}

/** The price after its discount that sells below the cost: the retail one, else the wholesale one. */
export function belowCostPriceOf(product: CostedProduct): string {
  if (product.wholesale_price === null || isBelowCost({ ...product, wholesale_price: null }))
    return priceAfterDiscount(product.selling_price, product.selling_price_discount_percentage);
  return priceAfterDiscount(product.wholesale_price, product.wholesale_price_discount_percentage);
}

/** "+10%", "-₦50.00": a bulk change as one short phrase. */
export function describeChange(change: Pick<RepricingChange, 'method' | 'direction' | 'value' | 'round_to'>): string {
  const sign = change.direction === 'raise' ? '+' : '−';
  const by =
    change.method === 'percent' ? `${sign}${Number.parseFloat(change.value)}%` : `${sign}${formatMoney(change.value)}`;
  return change.round_to === null ? by : `${by}, rounded up to ₦${change.round_to}`;
}

// ---------- Bulk changes

const roundTo = z
  .union([z.literal(REPRICING_ROUNDINGS), z.null()], { error: PRICING_MESSAGES.roundInvalid })
  .default(null);

const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** The products a bulk change is about, and how it moves their prices. */
const repricingFields = {
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  /** Part of a name, SKU or barcode, any case; blank: every product (of the category). */
  search: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    text().max(100).optional(),
  ),
  /** Only this category's products; absent or null: every category. */
  category_id: bodyId().nullable().optional(),
  /** Only the products received on a delivery from this supplier (docs/adr/0028); absent or null: any. */
  supplier_id: bodyId().nullable().optional(),
  method: repricingMethodSchema,
  direction: repricingDirectionSchema,
  value: text(),
  round_to: roundTo,
};

/** The value checked against its method, and written with two decimals. */
function valueOfMethod<T extends { method: 'percent' | 'amount'; value: string }>(body: T, ctx: z.RefinementCtx): T {
  const value = body.value.trim();
  if (body.method === 'percent') {
    if (!PERCENT_PATTERN.test(value) || toKobo(value) <= 0n || toKobo(value) > 10_000n) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MESSAGES.percentInvalid });
      return body;
    }
  } else if (!isMoneyString(value) || toKobo(value) <= 0n) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MESSAGES.amountInvalid });
    return body;
  }
  return { ...body, value: fromKobo(toKobo(value)) };
}

/** POST /stock/prices/preview/ and /stock/prices/apply/: the same body, so that what is shown is what is done. */
export const repricingBodySchema = z.strictObject(repricingFields).transform(valueOfMethod);
export type RepricingBody = z.input<typeof repricingBodySchema>;

/** The bulk change form; the request adds business_id. */
export const repricingFormSchema = z
  .strictObject({ ...repricingFields, business_id: z.number().optional() })
  .transform(valueOfMethod);

/** One product's old and new prices, with what they earn over the cost after the product's discounts. */
export const repricingRowSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  currency: currencySchema,
  cost_price: moneyOut,
  old_selling_price: moneyOut,
  new_selling_price: moneyOut,
  old_wholesale_price: moneyOut.nullable(),
  new_wholesale_price: moneyOut.nullable(),
  /** The new retail price after its discount less the cost (negative: sold at a loss). */
  margin: moneyOut,
  wholesale_margin: moneyOut.nullable(),
  /** After the change, a price of it is below the cost (the margin guard). */
  is_below_cost: z.boolean(),
});
export type RepricingRow = z.infer<typeof repricingRowSchema>;

export const repricingPreviewSchema = z.object({
  count: z.number().int(),
  below_cost_count: z.number().int(),
  rows: z.array(repricingRowSchema),
});
export type RepricingPreview = z.infer<typeof repricingPreviewSchema>;

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable();

/** A bulk change as it was asked for, and whether it can still be undone. */
export const repricingSchema = z.object({
  id: z.number().int(),
  method: repricingMethodSchema,
  direction: repricingDirectionSchema,
  value: moneyOut,
  round_to: z.number().int().nullable(),
  search: z.string().nullable(),
  category: productCategorySchema.nullable(),
  /** The supplier whose products it changed, when it was picked by supplier. */
  supplier: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  product_count: z.number().int(),
  user: personSchema,
  created_at: z.string(),
  undone_at: z.string().nullable(),
  /** The business's last change, not undone: the one an undo may take back. */
  is_last: z.boolean(),
});
export type Repricing = z.infer<typeof repricingSchema>;

/** What applying answers: the change, and each product's old and new prices as they were written. */
export const appliedRepricingSchema = repricingSchema.extend({ rows: z.array(repricingRowSchema) });
export type AppliedRepricing = z.infer<typeof appliedRepricingSchema>;

export const undoRepricingBodySchema = z.strictObject({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  id: bodyId({ required: PRICING_MESSAGES.notFound, onlyWhenMissing: true }),
});
export type UndoRepricingBody = z.input<typeof undoRepricingBodySchema>;

export const repricingListQuerySchema = categoriesQuerySchema;
export const repricingListSchema = z.object({ results: z.array(repricingSchema) });
export type RepricingList = z.infer<typeof repricingListSchema>;
/** The bulk changes a list shows: the latest few. */
export const REPRICING_LIST_SIZE = 10;

// ---------- A product's price history

export const priceHistoryQuerySchema = z.object({
  business_id: queryId({ required: MESSAGES.local.businessIdRequired, invalid: MESSAGES.local.businessIdRequired }),
  product_id: queryId({ required: STOCK_MESSAGES.productIdRequired, invalid: STOCK_MESSAGES.productIdRequired }),
  page: pageQuerySchema,
});
export const priceChangeSchema = z.object({
  id: z.number().int(),
  old_selling_price: moneyOut,
  new_selling_price: moneyOut,
  old_wholesale_price: moneyOut.nullable(),
  new_wholesale_price: moneyOut.nullable(),
  /** The bulk change it was part of (or undid); null for an edit of this product alone. */
  repricing_id: z.number().int().nullable(),
  is_undo: z.boolean(),
  user: personSchema,
  created_at: z.string(),
});
export type PriceHistoryEntry = z.infer<typeof priceChangeSchema>;
export const priceHistorySchema = paginated(priceChangeSchema);
export type PriceHistory = z.infer<typeof priceHistorySchema>;
