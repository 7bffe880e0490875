import * as z from 'zod';
import { DEFAULT_CURRENCY, EXPIRING_SOON_DAYS } from './constants';
import { CURRENCIES, currencySchema, type StockMovementReason, stockMovementReasonSchema } from './enums';
import { bodyId, queryId, realDay, text, whenMissing } from './ids';
import { MESSAGES } from './messages';
import { MONEY_MESSAGES, moneySchema, percentSchema } from './money';
import { pageQuerySchema, paginated } from './pagination';
import { hasQuantityDecimals, MAX_PACK_UNITS, MAX_PACKS, packSchema, quantityOut, UNITS_MESSAGES } from './units';

const p = MESSAGES.product;

/** Sentences of the inventory feature that the spec does not word itself. */
export const STOCK_MESSAGES = {
  listed: 'Products.',
  found: 'Product.',
  stockUpdated: 'Stock updated ✅',
  batchReceived: 'Stock received ✅',
  batchAdjusted: 'Batch adjusted ✅',
  /** The employee area's inventory keeps the spec's texts of its sample page. */
  employeeProductAdded: 'Product added ✅',
  employeeProductDeleted: 'Product deleted 🗑️',
  movementsListed: 'Stock movements.',
  productIdRequired: 'Product ID is required.',
  batchIdRequired: 'Batch ID is required.',
  batchNotFound: 'Batch not found.',
  batchNumberTaken: 'This product already has a batch with this number.',
  duplicateBatchNumbers: 'Each batch needs its own batch number.',
  quantityNotZero: 'Quantity cannot be 0: use a negative number to remove stock, a positive one to add.',
  receiveQuantityMin: 'Quantity must be at least 1',
  quantityTooLarge: 'Quantity is too large.',
  productStockTooLarge: 'A product cannot hold more than 2,147,483,647 units in all its batches.',
  deltaNotZero: 'Enter how many units to add (+) or remove (-).',
  wholeUnits: 'Enter a whole number of units, like 2 or -2.',
  /** A change of a weighed product's stock past 3 decimals (ADR 0031). */
  changeDecimals: 'Enter a change with at most 3 decimals, like -0.25 or 1.5.',
  /** A batch's count: units come whole, and "1.5" is refused rather than saved as 1 or 15. */
  wholeQuantity: 'Enter a whole number of units, like 12.',
  /** A delivery counted in packs: a pack comes whole (its units are what a weighed product splits). */
  wholePacks: 'Count packs in whole numbers, like 2.',
  /** A form's batch left without its quantity: said of the field, not the API's "Business ID, ... required". */
  batchQuantityRequired: 'Enter how many units this batch holds, 0 or more.',
  /** A removal larger than the batch: the batch's own words, not a sale's ("Insufficient stock..."). */
  batchHoldsOnly: (quantity: number) => `This batch holds only ${quantity}.`,
  /** More asked for than can be sold now: the cart's dialogs say it beside the quantity. */
  onlyInStock: (quantity: number) => `Only ${quantity} in stock`,
  removalNeedsMinus: 'Damage and expired write-offs remove stock: enter a negative number.',
  noBatchToAddTo: 'Every batch of this product has expired. Receive a new batch instead.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  /** A delivery's expiry typed in the past (a wrong year): its units would be expired the moment they arrive. */
  expiryPassed: 'This expiry date has passed: these units could not be sold. Check the date.',
  skuTooLong: 'SKU has at most 64 characters.',
  categoryTooLong: 'A category name has at most 60 characters.',
  barcodeTooLong: 'Barcode has at most 64 characters.',
  barcodeFormat: 'A barcode holds letters, digits and symbols only.',
  barcodeTaken: 'Another product of this business already has this barcode.',
  /** The inventory's search found no product with the scanned or typed code. */
  noProductWithCode: (code: string) => `No product has the barcode or SKU ${code}.`,
  addWithBarcode: 'Add product with this barcode',
  reorderLevel: 'Reorder level is a whole number, 0 or more.',
  lowStock: (quantity: number, level: number) => `Low stock (${quantity} of ${level})`,
  noProducts: 'No products found.',
  noMovements: 'No stock movements yet.',
  inStock: (quantity: number) => `In stock (${quantity})`,
  outOfStock: 'Out of stock',
  failed: {
    fetchProduct: 'Failed to fetch product',
    fetchMovements: 'Failed to fetch stock movements',
    receive: 'Failed to receive stock ❌',
    adjust: 'Failed to adjust batch ❌',
  },
} as const;

/** A batch quantity fits PostgreSQL's integer with room to add to it. */
export const MAX_BATCH_QUANTITY = 100_000_000;
/** All of a product's batches together fit PostgreSQL's integer (2^31 - 1), so every sum of them does. */
export const MAX_PRODUCT_STOCK = 2_147_483_647;

/** Blank optional inputs (an empty form field) read as "not given". */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The spec's money rule worded per field ("Selling price must be positive") for a price that is missing, 0 or
 * below; a price that is no amount at all, has too many decimals or is too large is told so (MONEY_MESSAGES).
 */
const price = (message: string) =>
  z.preprocess(
    (value) => value ?? '',
    moneySchema({
      invalid: MONEY_MESSAGES.format,
      decimals: MONEY_MESSAGES.decimals,
      missing: message,
      negative: message,
      positive: message,
    }),
  );
const discount = () => percentSchema(p.discountRange);
const productName = () =>
  text({ error: whenMissing(p.nameMin) })
    .trim()
    .min(3, p.nameMin)
    .max(200);
const sku = () => text().trim().min(1, MESSAGES.validation.required).max(64, STOCK_MESSAGES.skuTooLong);
const expirationDate = () => z.preprocess(blankToNull, realDay(STOCK_MESSAGES.invalidDate).nullable()).optional();
const optionalPrice = () =>
  z.preprocess(
    blankToNull,
    moneySchema({
      invalid: MONEY_MESSAGES.format,
      decimals: MONEY_MESSAGES.decimals,
      negative: MONEY_MESSAGES.negative,
    }).nullable(),
  );
const currency = () => z.enum(CURRENCIES, { error: whenMissing(p.currencyRequired) });
/**
 * The code printed on a product (EAN-13, UPC, Code 128 or any other): trimmed, at most 64 characters, no spaces
 * inside that a scanner would not type, no control characters. Blank means none (and clears it on edit).
 */
export const BARCODE_PATTERN = /^[\x21-\x7E]+$/;
const barcode = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.preprocess(
      blankToNull,
      text().max(64, STOCK_MESSAGES.barcodeTooLong).regex(BARCODE_PATTERN, STOCK_MESSAGES.barcodeFormat).nullable(),
    ),
  );
/** A blank SKU in the Add form means "make one up". */
const optionalSku = () => z.preprocess((value) => (value === '' ? undefined : value), sku().optional()).optional();

/** Trimmed, single spaces, lower case: "Carton " and "carton" are one pack. */
const unitWord = (value: unknown) =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLowerCase() : value;

/** The unit a product's stock is counted in (ADR 0030): one of BASE_UNITS or any short word. */
export const baseUnitSchema = z.preprocess(
  unitWord,
  text({ error: whenMissing(UNITS_MESSAGES.baseUnitRequired) })
    .min(1, UNITS_MESSAGES.baseUnitRequired)
    .max(20, UNITS_MESSAGES.baseUnitTooLong),
);

/**
 * One pack size as the product form and the API send it. `id` names a pack the product has (kept, so that a
 * phone's copy that names it still sells it); without one it is a new pack.
 */
export const packInputSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.preprocess(
    unitWord,
    text({ error: whenMissing(UNITS_MESSAGES.packNameRequired) })
      .min(1, UNITS_MESSAGES.packNameRequired)
      .max(30, UNITS_MESSAGES.packNameTooLong),
  ),
  units: z
    .number({ error: UNITS_MESSAGES.packUnits })
    .int(UNITS_MESSAGES.packUnits)
    .min(2, UNITS_MESSAGES.packUnits)
    .max(MAX_PACK_UNITS, UNITS_MESSAGES.packUnits),
  selling_price: price(UNITS_MESSAGES.packPrice),
  wholesale_price: optionalPrice().optional(),
  barcode: barcode().optional(),
});
export type PackInput = z.input<typeof packInputSchema>;

/** A product's pack sizes: each name once and never the base unit's, each barcode once. */
export const packsInputSchema = z
  .array(packInputSchema)
  .max(MAX_PACKS, UNITS_MESSAGES.tooManyPacks)
  .superRefine((packs, ctx) => {
    const names = new Set<string>();
    const codes = new Set<string>();
    for (const [index, pack] of packs.entries()) {
      if (names.has(pack.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: UNITS_MESSAGES.packNameTaken });
      names.add(pack.name);
      const code = pack.barcode?.toLowerCase();
      if (code && codes.has(code))
        ctx.addIssue({ code: 'custom', path: [index, 'barcode'], message: UNITS_MESSAGES.packBarcodeTaken });
      if (code) codes.add(code);
    }
  });

/** A pack named as the base unit would read "1 piece + 3 pieces". */
function packsBesideBaseUnit(
  body: { base_unit?: string | undefined; packs?: { name: string }[] | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const [index, pack] of (body.packs ?? []).entries()) {
    if (body.base_unit !== undefined && pack.name === body.base_unit)
      ctx.addIssue({ code: 'custom', path: ['packs', index, 'name'], message: UNITS_MESSAGES.packNameIsBaseUnit });
  }
}

/** Below this many sellable units the product shows as low stock; blank for never. */
const reorderLevel = () =>
  z
    .preprocess(
      blankToNull,
      z
        .number({ error: STOCK_MESSAGES.reorderLevel })
        .int(STOCK_MESSAGES.reorderLevel)
        .min(0, STOCK_MESSAGES.reorderLevel)
        .max(MAX_BATCH_QUANTITY, STOCK_MESSAGES.reorderLevel)
        .nullable(),
    )
    .optional();

/**
 * A count of stock as typed: at most 3 decimals (ADR 0031), 0 or more (an opening batch) or above 0 (a receipt).
 * Whole unless the product is weighed: the create body says so beside its batches (wholeBatchesUnlessWeighed);
 * elsewhere the use case reads the product and refuses a fraction of a piece with STOCK_MESSAGES.wholeQuantity.
 */
const quantity = (isZeroAllowed: boolean, minMessage: string, missing: string) => {
  const count = z.number({ error: whenMissing(missing) });
  return (isZeroAllowed ? count.min(0, minMessage) : count.positive(minMessage))
    .max(MAX_BATCH_QUANTITY, STOCK_MESSAGES.quantityTooLarge)
    .refine(hasQuantityDecimals, UNITS_MESSAGES.quantityDecimals);
};

/** One opening batch; `missing` says what a batch without its number or quantity is told. */
const batchOf = (missingNumber: string, missingQuantity: string) =>
  z.strictObject({
    batch_number: text({ error: whenMissing(missingNumber) })
      .trim()
      .min(3, p.batchNumberMin)
      .max(64),
    quantity: quantity(true, p.quantityNonNegative, missingQuantity),
    expiration_date: expirationDate(),
  });

/** One batch of POST /stock/products/: the spec's create check words a missing one. */
export const batchInputSchema = batchOf(p.createRequired, p.createRequired);
/**
 * One batch of the Add Product form: each field says what it lacks, so that a form left empty never tells a
 * person about a "Business ID" they cannot see (the request adds it).
 */
const batchFormSchema = batchOf(p.batchNumberMin, STOCK_MESSAGES.batchQuantityRequired);
export type BatchInput = z.input<typeof batchInputSchema>;

function refuseDuplicateBatchNumbers(batches: { batch_number: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [index, batch] of batches.entries()) {
    const key = batch.batch_number.toLowerCase();
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: [index, 'batch_number'], message: STOCK_MESSAGES.duplicateBatchNumbers });
    seen.add(key);
  }
}

export const CATEGORY_NAME_MAX = 60;

/**
 * A product's category as the product form sends it: a name, new or existing (any case finds it); blank or null
 * for none. Optional: a client that knows nothing of categories leaves a product's as it is.
 */
const categoryName = () =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') || null : value),
      text().max(CATEGORY_NAME_MAX, STOCK_MESSAGES.categoryTooLong).nullable(),
    )
    .optional();

export const productCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** The product's own fields, as the Add and Edit forms hold them (prices as text, never floats). */
const productFields = {
  product_name: productName(),
  cost_price: price(p.costPositive),
  selling_price: price(p.sellingPositive),
  selling_price_discount_percentage: discount().default('0.00'),
  wholesale_price: optionalPrice().optional(),
  wholesale_price_discount_percentage: discount().default('0.00'),
  currency: currency().default(DEFAULT_CURRENCY),
  reorder_level: reorderLevel(),
  barcode: barcode().optional(),
  category: categoryName(),
  /** Optional: a client that knows nothing of units leaves them as they are (a new product counts in pieces). */
  base_unit: baseUnitSchema.optional(),
  /** Sold by weight or volume, in up to 3 decimals of its base unit (ADR 0031); absent: unchanged (a new one: no). */
  is_weighed: z.boolean().optional(),
  /** Every pack size of the product when sent (those left out are removed); absent: unchanged. */
  packs: packsInputSchema.optional(),
};

const batchesOf = <Batch extends z.ZodType<{ batch_number: string }>>(batch: Batch) =>
  z
    .array(batch, { error: whenMissing(p.createRequired) })
    .min(1, p.createRequired)
    .max(50)
    .superRefine(refuseDuplicateBatchNumbers);

/**
 * Opening stock is whole unless the product is weighed (ADR 0031): 12.5 kg of rice, never 2.5 pieces. The body
 * says which beside its batches, so the form and the server refuse it alike, on the batch's quantity.
 */
function wholeBatchesUnlessWeighed(
  body: { is_weighed?: boolean | undefined; batches: { quantity: number }[] },
  ctx: z.RefinementCtx,
): void {
  if (body.is_weighed) return;
  for (const [index, batch] of body.batches.entries()) {
    if (!Number.isInteger(batch.quantity))
      ctx.addIssue({ code: 'custom', path: ['batches', index, 'quantity'], message: STOCK_MESSAGES.wholeQuantity });
  }
}

/** The Add Product form; the request adds business_id. A missing SKU is generated by the server. */
/** The Add form's fields without its cross-field rule (the import picks from them). */
export const productFormFieldsSchema = z.strictObject({
  ...productFields,
  sku: optionalSku(),
  batches: batchesOf(batchFormSchema),
});
export const productFormSchema = productFormFieldsSchema
  .superRefine(packsBesideBaseUnit)
  .superRefine(wholeBatchesUnlessWeighed);
export type ProductFormValues = z.input<typeof productFormSchema>;

/** POST /stock/products/. */
export const createProductBodySchema = z
  .strictObject({
    ...productFields,
    sku: optionalSku(),
    batches: batchesOf(batchInputSchema),
    business_id: bodyId({ required: p.createRequired, onlyWhenMissing: true }),
  })
  .superRefine(packsBesideBaseUnit)
  .superRefine(wholeBatchesUnlessWeighed);
export type CreateProductBody = z.input<typeof createProductBodySchema>;

/** The Edit form: every field of the product but its batches (stock moves through the ledger calls). */
export const productEditFormSchema = z.strictObject({ ...productFields, sku: sku() }).superRefine(packsBesideBaseUnit);
export type ProductEditValues = z.input<typeof productEditFormSchema>;

/** PATCH /stock/products/update/: the ids and only the fields that changed. */
export const updateProductBodySchema = z.strictObject({
  id: bodyId({ required: p.updateRequired, onlyWhenMissing: true }),
  business_id: bodyId({ required: p.updateRequired, onlyWhenMissing: true }),
  product_name: productName().optional(),
  sku: sku().optional(),
  cost_price: price(p.costPositive).optional(),
  selling_price: price(p.sellingPositive).optional(),
  selling_price_discount_percentage: discount().optional(),
  wholesale_price: optionalPrice().optional(),
  wholesale_price_discount_percentage: discount().optional(),
  currency: currency().optional(),
  reorder_level: reorderLevel(),
  /** A new barcode, or null (or blank) to remove it. */
  barcode: barcode().optional(),
  /** A category's name (made when new), or null (or blank) for none. */
  category: categoryName(),
  base_unit: baseUnitSchema.optional(),
  is_weighed: z.boolean().optional(),
  packs: packsInputSchema.optional(),
});
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;

/** DELETE /stock/products/delete/. */
export const deleteProductBodySchema = z.strictObject({
  id: bodyId({ required: p.updateRequired, onlyWhenMissing: true }),
  business_id: bodyId({ required: p.updateRequired, onlyWhenMissing: true }),
});
export type DeleteProductBody = z.input<typeof deleteProductBodySchema>;
export const deletedProductSchema = z.object({
  id: z.number().int(),
  /** True when the product appears in past sales or in a cart: it left every list, its history stays whole. */
  archived: z.boolean(),
});

/** PUT /stock/update/: a negative quantity removes (FEFO), a positive one adds to the newest batch. */
export const updateStockBodySchema = z.strictObject({
  product_id: bodyId({ required: STOCK_MESSAGES.productIdRequired, onlyWhenMissing: true }),
  /** Whole, or up to 3 decimals of a weighed product (the use case reads which, ADR 0031). */
  quantity: z
    .number({ error: whenMissing(MESSAGES.validation.required) })
    .min(-MAX_BATCH_QUANTITY, STOCK_MESSAGES.quantityTooLarge)
    .max(MAX_BATCH_QUANTITY, STOCK_MESSAGES.quantityTooLarge)
    .refine(hasQuantityDecimals, STOCK_MESSAGES.changeDecimals)
    .refine((value) => value !== 0, STOCK_MESSAGES.quantityNotZero),
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
});
export type UpdateStockBody = z.input<typeof updateStockBodySchema>;

/** Receiving a new batch of an existing product: the Receive stock form; the request adds the ids. */
export const receiveBatchFormSchema = z.strictObject({
  batch_number: text({ error: whenMissing(p.batchNumberMin) })
    .trim()
    .min(3, p.batchNumberMin)
    .max(64),
  quantity: quantity(false, STOCK_MESSAGES.receiveQuantityMin, STOCK_MESSAGES.receiveQuantityMin),
  expiration_date: expirationDate(),
  /** What this batch cost per unit (per pack when `pack_id` is given), when it differs from the product's. */
  cost_price: optionalPrice().optional(),
  /** Counted in this pack of the product: `quantity` packs of its units each (ADR 0030). */
  pack_id: z.preprocess(blankToNull, z.number().int().positive().nullable()).optional(),
});
export type ReceiveBatchValues = z.input<typeof receiveBatchFormSchema>;
export const receiveBatchBodySchema = receiveBatchFormSchema.extend({
  business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
  product_id: bodyId({ required: STOCK_MESSAGES.productIdRequired, onlyWhenMissing: true }),
});
export type ReceiveBatchBody = z.input<typeof receiveBatchBodySchema>;

/** A manager's corrections of one batch, each with its reason in the ledger. */
export const ADJUSTMENT_REASONS = [
  'count_correction',
  'damage',
  'expired_write_off',
] as const satisfies readonly StockMovementReason[];
export const adjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS);
export type AdjustmentReason = z.infer<typeof adjustmentReasonSchema>;

export const STOCK_MOVEMENT_REASON_LABELS: Record<StockMovementReason, string> = {
  initial: 'Opening stock',
  receipt: 'Stock received',
  sale: 'Sale',
  adjustment: 'Stock update',
  count_correction: 'Count correction',
  damage: 'Damage',
  expired_write_off: 'Expired write-off',
  return: 'Returned (sale cancelled)',
};

const adjustmentFields = {
  /** Whole, or up to 3 decimals of a weighed product (the use case reads which, ADR 0031). */
  delta: z
    .number({ error: whenMissing(STOCK_MESSAGES.deltaNotZero) })
    .refine(hasQuantityDecimals, STOCK_MESSAGES.changeDecimals)
    .min(-MAX_BATCH_QUANTITY, STOCK_MESSAGES.quantityTooLarge)
    .max(MAX_BATCH_QUANTITY, STOCK_MESSAGES.quantityTooLarge)
    .refine((value) => value !== 0, STOCK_MESSAGES.deltaNotZero),
  reason: adjustmentReasonSchema,
  note: z.preprocess(blankToNull, text(undefined, { multiline: true }).trim().max(500).nullable()).optional(),
};

/** Damage and expired stock only ever leave the shelf; a count can be corrected either way. */
function removalsOnly(body: { delta: number; reason: AdjustmentReason }, ctx: z.RefinementCtx): void {
  if (body.reason !== 'count_correction' && body.delta > 0)
    ctx.addIssue({ code: 'custom', path: ['delta'], message: STOCK_MESSAGES.removalNeedsMinus });
}

export const adjustBatchFormSchema = z.strictObject(adjustmentFields).superRefine(removalsOnly);
export type AdjustBatchValues = z.input<typeof adjustBatchFormSchema>;
export const adjustBatchBodySchema = z
  .strictObject({
    ...adjustmentFields,
    business_id: bodyId({ required: MESSAGES.local.businessIdRequired, onlyWhenMissing: true }),
    product_id: bodyId({ required: STOCK_MESSAGES.productIdRequired, onlyWhenMissing: true }),
    batch_id: bodyId({ required: STOCK_MESSAGES.batchIdRequired, onlyWhenMissing: true }),
  })
  .superRefine(removalsOnly);
export type AdjustBatchBody = z.input<typeof adjustBatchBodySchema>;

/** The list's stock filter (All / In Stock / Out of Stock); "all" is no filter. */
export const STOCK_FILTERS = ['in_stock', 'out_of_stock', 'low_stock'] as const;
export const stockFilterSchema = z.enum(STOCK_FILTERS);
export type StockFilter = z.infer<typeof stockFilterSchema>;

/** The longest search the product lists take: their search boxes stop there, so a paste never breaks the list. */
export const PRODUCT_SEARCH_MAX_LENGTH = 100;

/** GET /stock/products/list_products/. */
export const listProductsQuerySchema = z.object({
  business_id: queryId({ required: MESSAGES.local.businessIdRequired, invalid: MESSAGES.local.businessIdRequired }),
  page: pageQuerySchema,
  /** Part of a product name, SKU or barcode, any case; an exact SKU or barcode comes first. */
  search: text().trim().max(PRODUCT_SEARCH_MAX_LENGTH).optional(),
  stock: stockFilterSchema.optional(),
  /** Only products with stock that expires within `days` days (today included). */
  expiring: z.enum(['soon']).optional(),
  /** Only the products of this category. */
  category_id: queryId().optional(),
  days: z.coerce.number<string | number>().int().min(1).max(365).default(EXPIRING_SOON_DAYS),
});
export type ListProductsQuery = z.input<typeof listProductsQuerySchema>;

/** GET /stock/products/ (one product with its stock). */
export const productQuerySchema = z.object({
  business_id: queryId({ required: MESSAGES.local.businessIdRequired, invalid: MESSAGES.local.businessIdRequired }),
  product_id: queryId({ required: STOCK_MESSAGES.productIdRequired, invalid: STOCK_MESSAGES.productIdRequired }),
});

export const movementsQuerySchema = productQuerySchema.extend({ page: pageQuerySchema });

/** A stock batch as products carry it, soonest expiry first, no expiry last. */
export const batchSchema = z.object({
  id: z.number().int(),
  batch_number: z.string(),
  quantity: quantityOut,
  expiration_date: z.string().nullable(),
  /** Past its expiration date: not sellable, not counted in quantity_in_stock. */
  is_expired: z.boolean(),
});
export type Batch = z.infer<typeof batchSchema>;

/** The Product entity. Money and percentages are two-decimal strings. */
export const productSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  /** The code printed on the product, null if it has none (a hardware scanner types it into a search). */
  barcode: z.string().nullable().optional(),
  /** Left out of the answer for a customer: a customer never sees what the shop paid. */
  cost_price: z.string().optional(),
  selling_price: z.string(),
  selling_price_discount_percentage: z.string(),
  wholesale_price: z.string().nullable(),
  wholesale_price_discount_percentage: z.string(),
  currency: currencySchema,
  /** Below this many sellable units the product is low on stock; null: never. */
  reorder_level: z.number().int().nullable().optional(),
  /** The business's grouping of it; null: none. */
  category: productCategorySchema.nullable().optional(),
  /** The unit its stock is counted in (ADR 0030); quantities and batches are in it. */
  base_unit: z.string().optional(),
  /** Sold by weight or volume: its quantities take up to 3 decimals of the base unit (ADR 0031). */
  is_weighed: z.boolean().optional(),
  /** Its pack sizes, fewest units first; none for a product sold by the unit only. */
  packs: z.array(packSchema).optional(),
  /** A price of it after its discount is below its cost (the margin guard); left out for a customer. */
  is_below_cost: z.boolean().optional(),
  /** Sum of the unexpired batches: what can be sold. */
  quantity_in_stock: quantityOut,
  /** Units in expired batches, reported apart. */
  expired_quantity: quantityOut,
  business: z.object({ id: z.number().int(), slug: z.string() }),
  batches: z.array(batchSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = paginated(productSchema);
export type ProductList = z.infer<typeof productListSchema>;

/** One line of the stock ledger: who changed which batch, by how much, and why. */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  batch_number: z.string(),
  delta: quantityOut,
  reason: stockMovementReasonSchema,
  note: z.string().nullable(),
  sale_id: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListSchema = paginated(stockMovementSchema);
export type StockMovementList = z.infer<typeof stockMovementListSchema>;
