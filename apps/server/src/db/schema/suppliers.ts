import { PAYMENT_METHODS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businessId, money, oneOf, quantity } from './columns';
import { product_batches, products } from './stock';

/**
 * The people a shop buys its stock from. What the shop owes one is computed, never stored: their deliveries'
 * totals less the payments made to them (docs/adr/0028-suppliers-and-deliveries.md).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    phone: text(),
    note: text().notNull().default(''),
    created_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    /** One supplier per name whatever its case: the picker finds "Dangote" when "dangote" is typed. */
    uniqueIndex('suppliers_name_key').on(t.business_id, sql`lower(${t.name})`),
  ],
);

/**
 * Stock received from a supplier at once, against their invoice. Never edited: its lines are batches received
 * through the stock ledger, its total what the shop owes for it (Naira), its payments supplier_payments.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    supplier_id: bigint({ mode: 'number' }).notNull(),
    /** The supplier's own invoice number, when they gave one. */
    invoice_number: text(),
    received_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The lines' quantity × unit cost, summed: what the shop owes for this delivery. */
    total_cost: money().notNull(),
    received_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Who received it, as written at the time, so history survives a deleted member. */
    received_by_name: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      name: 'deliveries_supplier_fk',
      columns: [t.business_id, t.supplier_id],
      foreignColumns: [suppliers.business_id, suppliers.id],
    }),
    /** A supplier's page, newest first, and their balance. */
    index('deliveries_supplier_idx').on(t.business_id, t.supplier_id, t.received_at.desc().nullsFirst()),
    /** The purchases report over a period. */
    index('deliveries_received_idx').on(t.business_id, t.received_at),
    /** One invoice of a supplier is received once: the same paper typed twice would owe them twice. */
    uniqueIndex('deliveries_invoice_key')
      .on(t.business_id, t.supplier_id, sql`lower(${t.invoice_number})`)
      .where(sql`${t.invoice_number} is not null`),
    check('deliveries_total_check', sql`${t.total_cost} >= 0`),
  ],
);

/** A product line of a delivery: the batch it opened, as received (the batch's quantity then moves on with sales). */
export const delivery_lines = pgTable(
  'delivery_lines',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    delivery_id: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    batch_id: bigint({ mode: 'number' }).notNull(),
    /** The product's name as it was received, so the delivery reads the same after a rename. */
    product_name: text().notNull(),
    batch_number: text().notNull(),
    expiration_date: date({ mode: 'string' }),
    /** Units received: whole, or up to 3 decimals of a weighed product (12.5 kg of rice, ADR 0031). */
    quantity: quantity().notNull(),
    unit_cost: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.delivery_id],
      foreignColumns: [deliveries.business_id, deliveries.id],
    }).onDelete('cascade'),
    // A product received on a delivery is archived, never deleted (delete-product.ts): its batches stay too.
    foreignKey({ columns: [t.business_id, t.product_id], foreignColumns: [products.business_id, products.id] }),
    foreignKey({
      columns: [t.business_id, t.batch_id],
      foreignColumns: [product_batches.business_id, product_batches.id],
    }),
    index('delivery_lines_delivery_idx').on(t.business_id, t.delivery_id),
    /** Which suppliers a product came from (the bulk price change's supplier filter, the product's archive check). */
    index('delivery_lines_product_idx').on(t.business_id, t.product_id, t.delivery_id),
    check('delivery_lines_quantity_check', sql`${t.quantity} > 0`),
    check('delivery_lines_cost_check', sql`${t.unit_cost} > 0`),
  ],
);

/**
 * Money paid to a supplier, by method: money out of the drawer (or the account) that the day close subtracts as it
 * does an expense (modules/day-closes/expected-lines.ts), counted when it was paid. Naming a delivery is optional.
 */
export const supplier_payments = pgTable(
  'supplier_payments',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    supplier_id: bigint({ mode: 'number' }).notNull(),
    delivery_id: bigint({ mode: 'number' }),
    amount: money().notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    note: text().notNull().default(''),
    paid_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    paid_by_name: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({
      columns: [t.business_id, t.supplier_id],
      foreignColumns: [suppliers.business_id, suppliers.id],
    }),
    foreignKey({
      columns: [t.business_id, t.delivery_id],
      foreignColumns: [deliveries.business_id, deliveries.id],
    }),
    index('supplier_payments_supplier_idx').on(t.business_id, t.supplier_id, t.created_at.desc().nullsFirst()),
    /** The day close's and the purchases report's payments of a period. */
    index('supplier_payments_created_idx').on(t.business_id, t.created_at),
    index('supplier_payments_delivery_idx').on(t.business_id, t.delivery_id).where(sql`${t.delivery_id} is not null`),
    check('supplier_payments_amount_check', sql`${t.amount} > 0`),
    check('supplier_payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
  ],
);
