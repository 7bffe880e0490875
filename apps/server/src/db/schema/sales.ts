import { CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES, PRICING_STRATEGIES, SALE_STATUSES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import {
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
import { users } from './accounts';
import { businessId, money, oneOf, percent, quantity } from './columns';
import { products } from './stock';

export const carts = pgTable(
  'carts',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    customer_name: text().notNull(),
    /** A registered customer of the business, so that the sale shows in their area. */
    customer_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Written by the customer it is named to, from their area: the staff see it marked as such. */
    is_customer_request: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    index('carts_business_created_idx').on(t.business_id, t.created_at.desc().nullsFirst()),
    // A customer's own requests (their invoices page, the open-requests cap).
    index('carts_customer_idx').on(t.business_id, t.customer_id),
    // DELETE /sales/carts/delete/ names a cart by its id alone: its business is found through this index.
    index('carts_id_idx').on(t.id),
  ],
);

export const cart_items = pgTable(
  'cart_items',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    cart_id: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    product_batch_id: bigint({ mode: 'number' }),
    /** Units (or packs) asked for: whole, or up to 3 decimals of a weighed product by its unit (ADR 0031). */
    quantity: quantity().notNull(),
    pricing_strategy: text({ enum: PRICING_STRATEGIES }).notNull().default('retail'),
    apply_discount: boolean().notNull().default(true),
    /**
     * Sold by this pack size of the product (ADR 0033): `quantity` counts packs. No foreign key: a pack removed
     * from the product leaves the line naming it, shown as no longer sold and refused at confirmation, rather
     * than the line vanishing from the customer's cart (cascade) or turning into units (set null).
     */
    pack_id: bigint({ mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.cart_id], foreignColumns: [carts.business_id, carts.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.business_id, t.product_id],
      foreignColumns: [products.business_id, products.id],
    }).onDelete('cascade'),
    index('cart_items_cart_idx').on(t.business_id, t.cart_id),
    index('cart_items_product_idx').on(t.business_id, t.product_id),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    check('cart_items_pricing_check', oneOf(t.pricing_strategy, PRICING_STRATEGIES)),
  ],
);

export const sales = pgTable(
  'sales',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The cart it came from; the cart itself is deleted on confirmation. */
    cart_id: bigint({ mode: 'number' }),
    payment_status: text({ enum: PAYMENT_STATUSES }).notNull().default('not_paid'),
    currency: text({ enum: CURRENCIES }).notNull().default('NGN'),
    total_cart_amount: money().notNull(),
    amount_paid: money().notNull().default('0'),
    deposit_amount: money().notNull().default('0'),
    customer_name: text().notNull(),
    customer_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Who sold it, kept as written at the time so history survives a deleted member. */
    created_by_name: text().notNull(),
    idempotency_key: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A cancelled sale stays in the history with who cancelled it, when and why; figures and debts skip it. */
    status: text({ enum: SALE_STATUSES }).notNull().default('active'),
    cancelled_at: timestamp({ withTimezone: true }),
    cancelled_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    cancel_reason: text(),
    /** A counter sale's id made on its device (ADR 0013): recorded once per seller, whatever is retried. */
    client_sale_id: text(),
    /** A counter sale's receipt number, made on its device (its prefix and sequence) and printed at once. */
    receipt_number: text(),
    /** A walk-in's phone number given at the counter (a registered customer's is on their account). */
    customer_phone: text(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    check('sales_status_check', oneOf(t.status, SALE_STATUSES)),
    uniqueIndex('sales_client_sale_key')
      .on(t.business_id, t.created_by, t.client_sale_id)
      .where(sql`${t.client_sale_id} is not null`),
    uniqueIndex('sales_receipt_number_key')
      .on(t.business_id, t.receipt_number)
      .where(sql`${t.receipt_number} is not null`),
    // A key is the seller's own: another member (or customer) sending the same key makes their own sale.
    uniqueIndex('sales_idempotency_key')
      .on(t.business_id, t.created_by, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    index('sales_business_created_idx').on(t.business_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sales_customer_idx').on(t.business_id, t.customer_id).where(sql`${t.customer_id} is not null`),
    /**
     * The receipts searched by the customer's name (list-payments.ts), as `lower(customer_name) like
     * lower(pattern)`, ILIKE's own rule: a name takes the trigram index, and a letter or two, which no trigram
     * serves, is read from the lowered names with the planner knowing how many match (an expression index's
     * statistics). Migration 0031 says what it replaced and why.
     */
    index('sales_business_customer_name_lower_trgm_idx').using(
      'gin',
      t.business_id,
      sql`lower(${t.customer_name}) gin_trgm_ops`,
    ),
    /** A walk-in customer's sales, by the name as the debts and the customers book key it (their statement, a merge). */
    index('sales_walk_in_customer_idx')
      .on(t.business_id, sql`lower(trim(${t.customer_name}))`)
      .where(sql`${t.customer_id} is null`),
    index('sales_business_open_idx').on(t.business_id, t.created_at).where(sql`${t.payment_status} <> 'paid'`),
    /**
     * A seller's sales, newest first (the sales list of one seller, a seller's own figures): a page of the sales
     * list of one seller is a walk down it in the page's order, whatever PostgreSQL takes the seller to hold. In
     * the business's id order, as it was until migration 0032, the list's statement (named, so planned once and
     * then kept generic) sorted every sale of the seller to take ten, which for an owner who made every sale is the
     * whole history (test/sales/list-sales-plans.test.ts).
     */
    index('sales_business_seller_idx').on(
      t.business_id,
      t.created_by,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    /**
     * The customers a seller handled (the employee home): their distinct names, one index descent each
     * (get-employee-figures.ts), where counting them read every sale of the seller.
     */
    index('sales_seller_customers_idx').on(
      t.business_id,
      t.created_by,
      sql`coalesce(nullif(lower(trim(${t.customer_name})), ''), 'anonymous')`,
    ),
    /**
     * The sales list's count: report_sale_days sums the active sales, this counts the others (cancelled, a
     * few of them), so that the count is exact without reading every sale's entry (count(*) was a parallel
     * index-only scan of the whole history). Written only when a sale
     * is cancelled. With each one's seller and payment status in the entry, the count of one seller's or of the
     * unpaid sales is an index-only scan as well (migration 0032). The seller first: on the load data, with the
     * status first, the generic plan of a seller's page (list-sales.ts) counted the seller's cancelled sales off
     * sales_business_seller_idx, reading every one of the owner's sales, where this reads the cancelled ones only;
     * the unpaid sales read the business's cancelled entries either way.
     */
    index('sales_business_inactive_idx')
      .on(t.business_id, t.created_by, t.payment_status)
      .where(sql`${t.status} <> 'active'`),
    /** A debtor's open sales, newest first, grouped as report_debtors groups them: the name on the latest. */
    index('sales_open_debtor_idx')
      .on(
        t.business_id,
        sql`coalesce(${t.customer_id}, 0)`,
        sql`(case when ${t.customer_id} is null then lower(trim(${t.customer_name})) else '' end)`,
        t.currency,
        t.id,
      )
      .where(sql`${t.payment_status} <> 'paid' and ${t.status} = 'active'`),
    check('sales_payment_status_check', oneOf(t.payment_status, PAYMENT_STATUSES)),
    check('sales_amounts_check', sql`${t.amount_paid} >= 0 and ${t.amount_paid} <= ${t.total_cart_amount}`),
  ],
);

/** A sale line is a snapshot: editing or archiving the product never rewrites it. */
export const sale_lines = pgTable(
  'sale_lines',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sale_id: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    batch_id: bigint({ mode: 'number' }),
    product_name: text().notNull(),
    sku: text().notNull(),
    batch_number: text(),
    expiration_date: date({ mode: 'string' }),
    quantity: quantity().notNull(),
    pricing_strategy: text({ enum: PRICING_STRATEGIES }).notNull().default('retail'),
    unit_price: money().notNull(),
    discount_percentage: percent().notNull().default('0'),
    cost_price: money(),
    line_total: money().notNull(),
    /**
     * Sold by a pack (ADR 0030), kept as it was then: `quantity` is still base units (so every sum of lines and the
     * ledger stay as they were), `unit_price` is the pack's, and the pack count is quantity / pack_units over the
     * line's batches. Null for a line sold by the unit.
     */
    pack_id: bigint({ mode: 'number' }),
    pack_name: text(),
    pack_units: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.sale_id], foreignColumns: [sales.business_id, sales.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.business_id, t.product_id], foreignColumns: [products.business_id, products.id] }),
    check('sale_lines_pack_check', sql`${t.pack_units} is null or ${t.pack_units} >= 2`),
    index('sale_lines_sale_idx').on(t.business_id, t.sale_id),
    /** With the id: a product's latest line first (the best sellers name a product as in its latest sale). */
    index('sale_lines_product_idx').on(t.business_id, t.product_id, t.id),
    check('sale_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * What the sales list's search reads (list-sales.ts, searchedStatement): one row per sale holding its customer's
 * name and its lines' product names, lowered and joined by newlines, with the sale's created_at for the order.
 * Triggers on sales and sale_lines keep it in the same transaction as every write of either (migration 0029;
 * test/sales/sale-search-table.test.ts holds it equal to them after each kind of write), and a sale's deletion
 * cascades through the foreign key.
 *
 * Why one row per sale: the search counts its matches exactly (the answer's pageInfo), and a letter or two
 * typed matches most of a long history. Read from the two tables it was the union of every matching line's
 * sale with every matching customer's: most of the lines, and about a second a request on a large history.
 */
export const sale_search = pgTable(
  'sale_search',
  {
    business_id: bigint({ mode: 'number' }).notNull(),
    sale_id: bigint({ mode: 'number' }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull(),
    /**
     * lower(customer_name), then a newline and lower(product_name) for each line in the order written. A
     * pattern without a newline matches this exactly when it matches the customer's name or a line's (ILIKE's
     * rule is `lower(text) like lower(pattern)`), and the contract refuses a search with one.
     */
    names: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.sale_id] }),
    foreignKey({ columns: [t.business_id, t.sale_id], foreignColumns: [sales.business_id, sales.id] }).onDelete(
      'cascade',
    ),
    index('sale_search_names_trgm_idx').using('gin', t.business_id, sql`${t.names} gin_trgm_ops`),
  ],
);

/** The payment ledger of a sale: the deposit (or the full amount) first, then what is paid later. */
export const payments = pgTable(
  'payments',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sale_id: bigint({ mode: 'number' }).notNull(),
    amount: money().notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    recorded_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.sale_id], foreignColumns: [sales.business_id, sales.id] }).onDelete(
      'cascade',
    ),
    index('payments_sale_idx').on(t.business_id, t.sale_id),
    /** The receipts pages: a business's payments newest first, a page off the index, not a sort of them all. */
    index('payments_business_created_idx').on(
      t.business_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    /**
     * A salesperson's receipts page: the payments they recorded, newest first. Without it their page walked
     * the business's payments newest first, filtering on recorded_by, all of them for a salesperson who
     * recorded none.
     */
    index('payments_recorder_created_idx').on(
      t.business_id,
      t.recorded_by,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
  ],
);

export const SALE_RETURN_KINDS = ['cancel', 'return'] as const;

/**
 * Units of a sale given back: a whole-sale cancellation (`cancel`: every line, all its units, the sale then
 * counts nowhere) or a partial return (`return`: some units, counted on its own day, ADR 0027), each a header
 * with the lines and quantities it returns.
 */
export const sale_returns = pgTable(
  'sale_returns',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sale_id: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    returned_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    kind: text({ enum: SALE_RETURN_KINDS }).notNull().default('cancel'),
    /** The units went back on the shelf; false: written off as damaged (a `damage` movement after the `return`). */
    restock: boolean().notNull().default(true),
    /** What the returned units were sold for (their lines' net unit price times the units). */
    amount: money().notNull().default('0'),
    /** What the returned units cost (their lines' snapshotted cost): taken off the cost of goods when restocked. */
    cost: money().notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.sale_id], foreignColumns: [sales.business_id, sales.id] }).onDelete(
      'cascade',
    ),
    index('sale_returns_sale_idx').on(t.business_id, t.sale_id),
    /** The partial returns of a period, which the report's figures take off on the day they happened. */
    index('sale_returns_business_returned_idx').on(t.business_id, t.created_at).where(sql`${t.kind} = 'return'`),
    check('sale_returns_kind_check', oneOf(t.kind, SALE_RETURN_KINDS)),
  ],
);

/** How many units of one sale line (hence of its batch) a return gave back. */
export const sale_return_lines = pgTable(
  'sale_return_lines',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    return_id: bigint({ mode: 'number' }).notNull(),
    sale_line_id: bigint({ mode: 'number' }).notNull(),
    quantity: quantity().notNull(),
    /** The units' value as sold: the line's net unit price times them. */
    amount: money().notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.return_id],
      foreignColumns: [sale_returns.business_id, sale_returns.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.business_id, t.sale_line_id],
      foreignColumns: [sale_lines.business_id, sale_lines.id],
    }).onDelete('cascade'),
    index('sale_return_lines_return_idx').on(t.business_id, t.return_id),
    index('sale_return_lines_line_idx').on(t.business_id, t.sale_line_id),
    check('sale_return_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Money given back for a return: per payment refunded, its amount and method, and who refunded it. */
export const refunds = pgTable(
  'refunds',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    return_id: bigint({ mode: 'number' }).notNull(),
    payment_id: bigint({ mode: 'number' }).notNull(),
    amount: money().notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    refunded_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.return_id],
      foreignColumns: [sale_returns.business_id, sale_returns.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.business_id, t.payment_id],
      foreignColumns: [payments.business_id, payments.id],
    }).onDelete('cascade'),
    index('refunds_return_idx').on(t.business_id, t.return_id),
    index('refunds_payment_idx').on(t.business_id, t.payment_id),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_method_check', oneOf(t.method, PAYMENT_METHODS)),
  ],
);
