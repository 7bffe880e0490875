import { PAYMENT_METHODS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { businessId, quantitySum } from './columns';

/**
 * Maintained totals the report, the overview and the employee figures read instead of the sales
 * (docs/adr/0009-report-totals.md). Triggers with transition tables (the daily_totals migration) keep
 * them in the same transaction as every insert, update and delete of sales, sale lines, payments and
 * expenses, whoever writes them; `report_totals_rebuild` recomputes a business's from scratch.
 *
 * Only counted sales (status active) are in them. Days are Lagos days. `sold_by` is the sale's
 * `created_by`, 0 once that account is gone (a key column cannot be null). Sums are plain numeric:
 * a year of sales can pass numeric(14,2). A row whose count is back at 0 stays and is ignored.
 */

/**
 * The per-day totals every sale of a seller writes (sales, payments) are spread over a few rows per key,
 * one per `slot`: the writer's `report_slot()`, its database connection's pid modulo 8 (migration
 * 0014_report_slots). A row's lock is held until the sale commits, so with one row per seller and day
 * every sale of a seller selling from several phones waited for the one before, as slow as all clients
 * selling one product. Readers always sum
 * over the key; a slot is only where a delta lands, so any slot is right, and one writer's statements
 * of one transaction land in the same slot. At most 8 rows per key, in practice one per busy connection.
 */
const slot = () => smallint().notNull().default(0);

/** Per Lagos day of the sale, currency, seller and payment status: counted sales and their money. */
export const report_sale_days = pgTable(
  'report_sale_days',
  {
    business_id: businessId(),
    day: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    sold_by: bigint({ mode: 'number' }).notNull(),
    payment_status: text().notNull(),
    sales: integer().notNull(),
    revenue: numeric().notNull(),
    /** amount_paid of those sales: revenue − paid is what they still owe. */
    paid: numeric().notNull(),
    /** Σ quantity × cost_price of their lines (the cost each line snapshotted). */
    cost: numeric().notNull(),
    slot: slot(),
    /**
     * At least the id of every line of the key's counted sales (migration 0030): the lines' and the sales'
     * triggers raise it as lines enter the key, in the upsert of the cost they already make, and leave it as lines
     * leave. A past period's best sellers are named from their lines up to it, not from their newest ones
     * (sale-figures.ts, bestSellersJson). Null where no line has entered the row.
     */
    last_line_id: bigint({ mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.day, t.currency, t.sold_by, t.payment_status, t.slot] }),
    // No index of the sums: migration 0020 added one (report_sale_days_currency_totals_idx) so that the
    // all-time totals, which summed every day row, read the index alone. It made every sale's update of its
    // day row a non-HOT one. The all-time totals and the sales list's count now read report_sale_past and
    // the day rows from its anchor on (0022), a few rows off the primary key, so 0023 drops it.
  ],
);

/**
 * The days of report_sale_days before the business's `anchor`, summed per currency and seller: sales,
 * revenue, paid (no cost: no all-time figure reads it). The all-time totals (the overview's, an
 * employee's: saleTotalsJson) read these rows plus the day rows from the anchor on, instead of every day
 * row: summing years of day rows was about half of the overview's statement, where anchored today the totals
 * read a few past rows and today's. The cost on the writes, a little backend CPU per sale and payment, is
 * far less.
 *
 * Kept by statement-level triggers on sales (migration 0022): a sale of a day before the anchor (a payment
 * on an old credit sale, a cancel, a back-dated sale) changes the row here in the same transaction as its
 * day row; a sale of the anchor's day or later writes nothing here, so today's sales add no row lock. The
 * first overview of a Lagos day slides the anchor to today (`report_sale_past_refresh`: the day rows between
 * the old anchor and today added). Writers hold the business's advisory lock (class 16016, the one of
 * report_product_window) in shared mode while they decide, the slide exclusively, so a sale is either in
 * the days the slide sums or applied against its new anchor. No anchor row: no past rows, every day is read.
 */
export const report_sale_past_anchors = pgTable('report_sale_past_anchors', {
  business_id: businessId().primaryKey(),
  anchor: date({ mode: 'string' }).notNull(),
});

export const report_sale_past = pgTable(
  'report_sale_past',
  {
    business_id: businessId(),
    currency: text().notNull(),
    sold_by: bigint({ mode: 'number' }).notNull(),
    sales: bigint({ mode: 'number' }).notNull(),
    revenue: numeric().notNull(),
    paid: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.currency, t.sold_by] })],
);

/** Per Lagos day of the sale, currency, seller and product: lines, units and revenue (best sellers). */
export const report_product_days = pgTable(
  'report_product_days',
  {
    business_id: businessId(),
    day: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    sold_by: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    lines: integer().notNull(),
    units: quantitySum().notNull(),
    revenue: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.day, t.currency, t.sold_by, t.product_id] })],
);

/** The same over all time (the overview's and the employee home's best seller), a row per product. */
export const report_products = pgTable(
  'report_products',
  {
    business_id: businessId(),
    currency: text().notNull(),
    sold_by: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    lines: integer().notNull(),
    units: quantitySum().notNull(),
    revenue: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.currency, t.sold_by, t.product_id] })],
);

/** A product's sales summed per currency (its lines, units and revenue): the shape of the per-product totals. */
const productSums = () => ({
  business_id: businessId(),
  currency: text().notNull(),
  product_id: bigint({ mode: 'number' }).notNull(),
  lines: integer().notNull(),
  units: quantitySum().notNull(),
  revenue: numeric().notNull(),
});

/**
 * report_products summed over the sellers: a row per product and currency, kept from report_products' own
 * changes by triggers on it (the product_totals migration), so whatever keeps report_products (the sale
 * triggers, report_totals_rebuild) keeps this too. The overview's all-time best seller reads it.
 */
export const report_product_totals = pgTable('report_product_totals', productSums(), (t) => [
  primaryKey({ columns: [t.business_id, t.currency, t.product_id] }),
  /**
   * The best seller read off the index, in the ranking's order (units, revenue, product): otherwise the
   * overview groups every product × seller row of report_products and sorts them, spilling to disk on a large
   * catalogue.
   */
  index('report_product_totals_best_idx')
    .on(t.business_id, t.units.desc(), t.revenue.desc(), t.product_id)
    .where(sql`${t.lines} > 0`),
]);

/**
 * The days report_product_window sums: the 30 Lagos days up to `anchor`, today once a report asked for it.
 * Migration 0016's triggers and refresh spell it `anchor - 29`: change both together.
 */
export const REPORT_WINDOW_DAYS = 30;

/**
 * The report's default period, the last 30 Lagos days, has one row per product and currency: its best
 * sellers are read off an index instead of grouping report_product_days, whose rows for a month are most of a
 * large catalogue, on every report (the best sellers' top-N needs every product's sum). Kept from report_product_days by its
 * triggers (migration 0016_report_stock_values) for the days up to `anchor`; when the first report of a
 * Lagos day finds the anchor behind, `report_product_window_refresh` recounts the window from the days'
 * rows (once a day per business). Writers of report_product_days hold a shared advisory lock on the
 * business, the recount an exclusive one, so no sale's delta falls between the recount's read and its
 * new anchor.
 */
export const report_product_window_anchors = pgTable('report_product_window_anchors', {
  business_id: businessId().primaryKey(),
  anchor: date({ mode: 'string' }).notNull(),
});

export const report_product_window = pgTable('report_product_window', productSums(), (t) => [
  primaryKey({ columns: [t.business_id, t.currency, t.product_id] }),
  // The two rankings of the report, in bestSellers' order (see report_product_totals_best_idx).
  index('report_product_window_units_idx')
    .on(t.business_id, t.units.desc(), t.revenue.desc(), t.product_id)
    .where(sql`${t.lines} > 0`),
  index('report_product_window_revenue_idx')
    .on(t.business_id, t.revenue.desc(), t.units.desc(), t.product_id)
    .where(sql`${t.lines} > 0`),
]);

/**
 * Per Lagos day of the payment, the sale's currency and seller, and the payment's method: payments received on
 * counted sales. The method is in the key for the money collected by method over a period (ADR 0022), which
 * summed the period's payments themselves and was the report's slowest read.
 */
export const report_payment_days = pgTable(
  'report_payment_days',
  {
    business_id: businessId(),
    day: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    sold_by: bigint({ mode: 'number' }).notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    payments: integer().notNull(),
    amount: numeric().notNull(),
    slot: slot(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.day, t.currency, t.sold_by, t.method, t.slot] })],
);

/** Per expense day, currency and category. */
export const report_expense_days = pgTable(
  'report_expense_days',
  {
    business_id: businessId(),
    day: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    category: text().notNull(),
    expenses: integer().notNull(),
    amount: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.day, t.currency, t.category] })],
);

/**
 * What each debtor owes now, grouped as the debts list groups them: a registered customer by id
 * (name_key ''), a walk-in by name in any letter case (customer_id 0), per currency; over counted
 * sales not paid in full.
 */
export const report_debtors = pgTable(
  'report_debtors',
  {
    business_id: businessId(),
    customer_id: bigint({ mode: 'number' }).notNull(),
    name_key: text().notNull(),
    currency: text().notNull(),
    open_sales: integer().notNull(),
    owed: numeric().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.customer_id, t.name_key, t.currency] }),
    // The top debtors (overview and report) straight off the index, most owed first, instead of sorting them
    // all on every request.
    index('report_debtors_owed_idx').on(t.business_id, t.owed.desc().nullsFirst()).where(sql`${t.owed} > 0`),
  ],
);

/**
 * The value of the stock on the shelf, as changes: per currency and expiry date (null: never expires),
 * units and their value at cost (the batch's cost, else the product's) and at the selling price, of live
 * (not archived) products. The report's stock value is the sum of the rows whose date is today or later
 * (migration 0016_report_stock_values; docs/adr/0009-report-totals.md). Summed on every report from the
 * batches and their products, it was a large share of the report's CPU on a large catalogue.
 *
 * Triggers on product_batches and products only ever insert here, one row per statement and key (a
 * delta: what the old rows counted leaves, what the new rows count enters), so a sale's stock change
 * takes no row lock here and adds nothing to the lock order of ADR 0006. The reader folds the rows of a
 * business into one per key once there are many (`compactStockValues`), dropping past dates, which no
 * reader asks for again.
 */
export const report_stock_values = pgTable(
  'report_stock_values',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    currency: text().notNull(),
    expiration_date: date({ mode: 'string' }),
    units: quantitySum().notNull(),
    value_at_cost: numeric().notNull(),
    value_at_retail: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] })],
);
