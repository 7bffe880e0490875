import { CURRENCIES, REPRICING_DIRECTIONS, REPRICING_METHODS, STOCK_MOVEMENT_REASONS } from '@oja/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts';
import { businessId, money, oneOf, percent, quantity, quantitySum } from './columns';

/** A business's product categories, each name once whatever its case. */
export const product_categories = pgTable(
  'product_categories',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    uniqueIndex('product_categories_name_key').on(t.business_id, sql`lower(${t.name})`),
  ],
);

type PricedColumns = {
  cost_price: AnyPgColumn;
  selling_price: AnyPgColumn;
  selling_price_discount_percentage: AnyPgColumn;
  wholesale_price: AnyPgColumn;
  wholesale_price_discount_percentage: AnyPgColumn;
};

/**
 * The margin guard's rule in SQL, exact in numeric: the retail price after its discount, or a wholesale price
 * (when there is one above 0) after its discount, is below the cost price. The contract's isBelowCost is the same
 * rule in kobo for the screens.
 */
export function belowCost(t: PricedColumns): SQL {
  return sql`(${t.selling_price} * (100 - ${t.selling_price_discount_percentage}) < ${t.cost_price} * 100
    or (${t.wholesale_price} > 0 and ${t.wholesale_price} * (100 - ${t.wholesale_price_discount_percentage}) < ${t.cost_price} * 100))`;
}

export const products = pgTable(
  'products',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    product_name: text().notNull(),
    sku: text().notNull(),
    cost_price: money().notNull(),
    selling_price: money().notNull(),
    selling_price_discount_percentage: percent().notNull().default('0'),
    wholesale_price: money(),
    wholesale_price_discount_percentage: percent().notNull().default('0'),
    currency: text({ enum: CURRENCIES }).notNull().default('NGN'),
    /** Below this many units on hand the product is "low stock"; null: never. */
    reorder_level: integer(),
    /** The code printed on it (EAN-13, UPC, Code 128 or any other), unique among the business's live products. */
    barcode: text(),
    /** The business's own grouping (drinks, provisions...); null: none. */
    category_id: bigint({ mode: 'number' }),
    /** The unit its stock, batches and ledger count (ADR 0030): a pack size is a number of these. */
    base_unit: text().notNull().default('piece'),
    /** Sold by weight or volume: its quantities take up to 3 decimals of the base unit (ADR 0031). */
    is_weighed: boolean().notNull().default(false),
    /** Set when a product that appears in past sales is deleted: it leaves every list, history stays whole. */
    archived_at: timestamp({ withTimezone: true }),
    created_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    uniqueIndex('products_business_sku_key')
      .on(t.business_id, sql`lower(${t.sku})`)
      .where(sql`${t.archived_at} is null`),
    /** Whatever its case, as the SKU: a scan finds one product, and the search's exact match is that one. */
    uniqueIndex('products_business_barcode_key')
      .on(t.business_id, sql`lower(${t.barcode})`)
      .where(sql`${t.archived_at} is null and ${t.barcode} is not null`),
    /** The inventory list: live products newest first, a page read straight off the index. */
    index('products_live_created_idx')
      .on(t.business_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archived_at} is null`),
    /**
     * Low stock (the overview's attention and the report) looks only at live products with a reorder level.
     * Without the index that was a scan of every product, even in a catalogue with no level set. With many
     * levels set the cost is their batches' sums.
     */
    index('products_reorder_idx')
      .on(t.business_id, t.id)
      .where(sql`${t.reorder_level} is not null and ${t.archived_at} is null`),
    /** The archived products, few or none: what a count of products found elsewhere (their batches) leaves out. */
    index('products_archived_idx').on(t.business_id, t.id).where(sql`${t.archived_at} is not null`),
    foreignKey({
      name: 'products_category_fk',
      columns: [t.business_id, t.category_id],
      foreignColumns: [product_categories.business_id, product_categories.id],
    }),
    /** The inventory's category filter: a category's live products newest first, off the index. */
    index('products_category_idx')
      .on(t.business_id, t.category_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archived_at} is null and ${t.category_id} is not null`),
    /**
     * The margin guard (Needs attention): live products whose retail or wholesale price after its discount is
     * below the cost price. Few or none, so the attention reads only them, never the catalogue.
     */
    index('products_below_cost_idx')
      .on(t.business_id, t.id)
      .where(sql`${t.archived_at} is null and ${belowCost(t)}`),
    check('products_currency_check', oneOf(t.currency, CURRENCIES)),
    check('products_reorder_level_check', sql`${t.reorder_level} is null or ${t.reorder_level} >= 0`),
    check('products_prices_check', sql`${t.cost_price} > 0 and ${t.selling_price} > 0`),
    check(
      'products_discounts_check',
      sql`${t.selling_price_discount_percentage} between 0 and 100 and ${t.wholesale_price_discount_percentage} between 0 and 100`,
    ),
  ],
);

/**
 * The product search's own narrow copy of the live products (list-products.ts, searchedPage): the name and
 * SKU lowered, and what the page's order needs. The search rechecks every trigram candidate on its heap
 * row, and 'golden pen' (2,500 matches in the load data) visits most of the table's pages: these rows are
 * a fraction of a product's width, so the same matches sit on fewer pages (see searchedPage's figures).
 * Never written by the application: triggers on products keep it in the same transaction as every insert,
 * rename, archive and restore (migration 0024), and a product's deletion cascades through the foreign key.
 * Archived products are not here, so the search need not check archived_at.
 */
export const product_search = pgTable(
  'product_search',
  {
    business_id: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull(),
    /** lower(product_name): the search matches `name_lower like lower(pattern)`, which is ILIKE's own rule. */
    name_lower: text().notNull(),
    /** lower(sku), apart from the name so that no pattern can match across the two. */
    sku_lower: text().notNull(),
    /** lower(barcode), searched as the SKU is (migration 0039); null when the product has none. */
    barcode_lower: text(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.product_id] }),
    foreignKey({
      columns: [t.business_id, t.product_id],
      foreignColumns: [products.business_id, products.id],
    }).onDelete('cascade'),
    /** The search's candidates: trigrams of the lowered columns, by business (btree_gin) or not (searchedPage). */
    index('product_search_name_trgm_idx').using('gin', t.business_id, sql`${t.name_lower} gin_trgm_ops`),
    index('product_search_sku_trgm_idx').using('gin', t.business_id, sql`${t.sku_lower} gin_trgm_ops`),
    index('product_search_barcode_trgm_idx').using('gin', t.business_id, sql`${t.barcode_lower} gin_trgm_ops`),
  ],
);

/**
 * How many live products each business has, kept by triggers on products (see
 * the product_counts migration) in the same transaction as every insert,
 * delete and archive: the unfiltered inventory list reads its total here
 * instead of counting a large catalogue on every page.
 */
export const product_counts = pgTable(
  'product_counts',
  {
    business_id: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    live_products: integer().notNull().default(0),
    /**
     * Raised by a trigger on product_search in the same transaction as every write of it (migration 0028):
     * while it holds, the business's search matches are what they were when it was read, and the search
     * answers from the matches it kept (modules/stock/kept-matches.ts).
     */
    search_version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('product_counts_live_check', sql`${t.live_products} >= 0`)],
);

/** Stock lives in batches; a batch's quantity never goes below zero (the CHECK is the last line of defence). */
export const product_batches = pgTable(
  'product_batches',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    product_id: bigint({ mode: 'number' }).notNull(),
    batch_number: text().notNull(),
    quantity: quantity().notNull(),
    expiration_date: date({ mode: 'string' }),
    cost_price: money(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.product_id],
      foreignColumns: [products.business_id, products.id],
    }).onDelete('cascade'),
    index('product_batches_product_idx').on(t.business_id, t.product_id, t.expiration_date, t.id),
    /** "Is this product in stock?" answered from the index alone, and the "expiring soon" filter. */
    index('product_batches_stocked_idx')
      .on(t.business_id, t.product_id, t.expiration_date)
      .where(sql`${t.quantity} > 0`),
    /**
     * The expiry alerts (overview, report), in their order: soonest date, then batch. With product_id
     * third instead of id, every expired batch sharing the oldest date was read to order them by id, a
     * noticeable share of the overview; in the alerts' own order it reads the first ones. The
     * product, last (after the unique id, so it orders nothing), lets the inventory's Expiring Soon count read
     * the products of a range of dates from the index alone (stock/list-products.ts, expiringCount).
     */
    index('product_batches_expiring_idx')
      .on(t.business_id, t.expiration_date, t.id, t.product_id)
      .where(sql`${t.quantity} > 0 and ${t.expiration_date} is not null`),
    /** A batch number names one delivery of a product: receiving it twice would blur the ledger. */
    uniqueIndex('product_batches_number_key').on(t.business_id, t.product_id, sql`lower(${t.batch_number})`),
    check('product_batches_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * A product's pack sizes (ADR 0030): a carton is `units` of the product's base unit, sold at its own prices and
 * found by its own barcode. Stock is never kept here: a pack sold takes its units from the batches. A barcode is
 * unique among the business's packs here, and the use cases keep it apart from the products' barcodes too. Every
 * write of a product's packs moves its catalogue version (migration 0051's trigger), so the phones' copies follow.
 */
export const product_packs = pgTable(
  'product_packs',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    product_id: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    units: integer().notNull(),
    selling_price: money().notNull(),
    wholesale_price: money(),
    barcode: text(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.product_id],
      foreignColumns: [products.business_id, products.id],
    }).onDelete('cascade'),
    uniqueIndex('product_packs_name_key').on(t.business_id, t.product_id, t.name),
    uniqueIndex('product_packs_barcode_key')
      .on(t.business_id, sql`lower(${t.barcode})`)
      .where(sql`${t.barcode} is not null`),
    check('product_packs_units_check', sql`${t.units} >= 2`),
    check(
      'product_packs_prices_check',
      sql`${t.selling_price} > 0 and (${t.wholesale_price} is null or ${t.wholesale_price} >= 0)`,
    ),
  ],
);

/**
 * Each product's sellable units, kept by triggers on product_batches and products in the same transaction as every
 * write of them (migration 0035), so that the low stock (the overview's attention, the report) is a walk of an
 * index instead of a sum of the batches of every product with a reorder level, which made the overview several times
 * slower on a catalogue with levels on many of its products.
 *
 * A batch stops selling the day after it expires, with no write to hang a trigger on, so a row counts its batches
 * as of its own day, `as_of`: `sellable` is the units of its batches with no expiry or an expiry on or after
 * `as_of`, and `drops_on` is at most the first such expiry among its stocked batches (null: none expires). On any
 * day up to `drops_on` no counted batch has expired, so `sellable` is the product's sellable stock; past it the row
 * is stale, and a reader counts that product from its batches until product_stock_refresh recounts it as of today.
 * Writers only ever add units (SQL-side) and lower `drops_on`: a date too early only makes a row stale sooner.
 */
export const product_stock = pgTable(
  'product_stock',
  {
    business_id: businessId(),
    product_id: bigint({ mode: 'number' }).notNull(),
    /** The Lagos day the row counts batches as of. */
    as_of: date({ mode: 'string' }).notNull(),
    /** Units of the product's batches sellable on `as_of`. */
    sellable: quantitySum().notNull(),
    /** On or before the first expiry on or after `as_of` of a batch with units; null when none expires. */
    drops_on: date({ mode: 'string' }),
    /** The product's own, copied: whether it is live (not archived), its reorder level and its name. */
    live: boolean().notNull(),
    reorder_level: integer(),
    product_name: text().notNull(),
    /**
     * The catalogue copy's version of the product (modules/catalogue): the id of the last transaction that wrote
     * the row, set by a trigger on every insert and update of it (migration 0039). Every change of the product,
     * its batches or its liveness writes the row, so a device's copy asks for the rows above its version.
     */
    version: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.product_id] }),
    foreignKey({
      columns: [t.business_id, t.product_id],
      foreignColumns: [products.business_id, products.id],
    }).onDelete('cascade'),
    /** The catalogue copy's deltas: a business's rows written after a version, in the order of their versions. */
    index('product_stock_version_idx').on(t.business_id, t.version, t.product_id),
    /** Low stock in its order: the furthest below its level first, then by name (stock-figures.ts, lowStockJson). */
    index('product_stock_shortfall_idx')
      .on(t.business_id, sql`(${t.sellable} - ${t.reorder_level})`, t.product_name, t.product_id)
      .where(sql`${t.live} and ${t.reorder_level} is not null`),
    /** The rows gone stale (drops_on before today), which a reader counts apart and the refresh recounts. */
    index('product_stock_drops_idx').on(t.business_id, t.drops_on),
    /**
     * The live products with no units as of their day: the inventory's Out of Stock and In Stock counts
     * (stock/list-products.ts). A row enters it only when a write leaves the product with none, so a sale that
     * leaves units writes no entry here (PostgreSQL inserts into a partial index only the rows that satisfy it).
     */
    index('product_stock_empty_idx').on(t.business_id).where(sql`${t.live} and ${t.sellable} = 0`),
    check('product_stock_sellable_check', sql`${t.sellable} >= 0`),
  ],
);

/**
 * The stock ledger: every change of a batch's quantity, appended in the same
 * transaction as the change. Invariant: a batch's quantity is the sum of its deltas.
 */
export const stock_movements = pgTable(
  'stock_movements',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    product_id: bigint({ mode: 'number' }).notNull(),
    batch_id: bigint({ mode: 'number' }).notNull(),
    delta: quantity().notNull(),
    reason: text({ enum: STOCK_MOVEMENT_REASONS }).notNull(),
    note: text(),
    user_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    sale_id: bigint({ mode: 'number' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.batch_id],
      foreignColumns: [product_batches.business_id, product_batches.id],
    }).onDelete('cascade'),
    index('stock_movements_product_idx').on(t.business_id, t.product_id, t.created_at.desc().nullsFirst()),
    index('stock_movements_batch_idx').on(t.business_id, t.batch_id),
    index('stock_movements_sale_idx').on(t.business_id, t.sale_id).where(sql`${t.sale_id} is not null`),
    check('stock_movements_delta_check', sql`${t.delta} <> 0`),
    check('stock_movements_reason_check', oneOf(t.reason, STOCK_MOVEMENT_REASONS)),
  ],
);

/**
 * Products deleted outright (never sold, so not archived), with the version of the deleting transaction: the
 * catalogue copy tells a device to drop them (modules/catalogue). Written only by a trigger on products.
 */
export const catalogue_removals = pgTable(
  'catalogue_removals',
  {
    business_id: businessId(),
    product_id: bigint({ mode: 'number' }).notNull(),
    version: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.product_id] }),
    index('catalogue_removals_version_idx').on(t.business_id, t.version, t.product_id),
  ],
);

/**
 * One import of a spreadsheet (docs/adr/0024) and what it did then: a retry with the same Idempotency-Key answers
 * these counts, not what the file would do now (by then it would find everything unchanged).
 */
export const product_imports = pgTable(
  'product_imports',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    file_name: text().notNull(),
    new_count: integer().notNull(),
    updated_count: integer().notNull(),
    unchanged_count: integer().notNull(),
    bad_count: integer().notNull(),
    stock_kept_count: integer().notNull(),
    user_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] })],
);

/**
 * A change of many products' prices at once (modules/stock/reprice.ts): how it was asked for, and whether it was
 * undone. Each product's old and new prices are its rows of product_price_changes.
 */
export const repricings = pgTable(
  'repricings',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    method: text({ enum: REPRICING_METHODS }).notNull(),
    direction: text({ enum: REPRICING_DIRECTIONS }).notNull(),
    /** A percentage or an amount of money, as the method says. */
    value: money().notNull(),
    /** Naira the new prices were rounded up to a multiple of; null: to the kobo. */
    round_to: integer(),
    search: text(),
    category_id: bigint({ mode: 'number' }),
    /** The products received from this supplier (docs/adr/0028). */
    supplier_id: bigint({ mode: 'number' }),
    product_count: integer().notNull(),
    user_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undone_at: timestamp({ withTimezone: true }),
    undone_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    check('repricings_method_check', oneOf(t.method, REPRICING_METHODS)),
    check('repricings_direction_check', oneOf(t.direction, REPRICING_DIRECTIONS)),
    check('repricings_value_check', sql`${t.value} > 0`),
    check('repricings_round_to_check', sql`${t.round_to} is null or ${t.round_to} in (5, 10, 50, 100)`),
  ],
);

/**
 * A product's price history: every change of its retail or wholesale price, old and new, who made it and, for a
 * bulk change or its undo, which one. Appended in the same transaction as the change.
 */
export const product_price_changes = pgTable(
  'product_price_changes',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    product_id: bigint({ mode: 'number' }).notNull(),
    old_selling_price: money().notNull(),
    new_selling_price: money().notNull(),
    old_wholesale_price: money(),
    new_wholesale_price: money(),
    repricing_id: bigint({ mode: 'number' }),
    /** The undo of repricing_id, which put back the old prices. */
    is_undo: boolean().notNull().default(false),
    user_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.product_id],
      foreignColumns: [products.business_id, products.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.business_id, t.repricing_id],
      foreignColumns: [repricings.business_id, repricings.id],
    }),
    index('product_price_changes_product_idx').on(t.business_id, t.product_id, t.id.desc()),
    index('product_price_changes_repricing_idx')
      .on(t.business_id, t.repricing_id, t.product_id)
      .where(sql`${t.repricing_id} is not null`),
  ],
);
