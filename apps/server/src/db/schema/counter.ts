import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { businessId, money, percent, quantity } from './columns';
import { sales } from './sales';
import { products } from './stock';

/**
 * A phone that sells at the counter (ADR 0013): its receipt prefix, unique in the business, so that receipt
 * numbers made offline on two phones never collide; and what it last reported of its outbox, for the owner.
 */
export const counter_devices = pgTable(
  'counter_devices',
  {
    business_id: businessId(),
    /** The UUID the phone made for itself. */
    device_id: text().notNull(),
    prefix: text().notNull(),
    label: text().notNull(),
    /** The member who registered it (or last reported from it). */
    user_id: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The highest receipt sequence recorded from this device. */
    last_sequence: integer().notNull().default(0),
    last_seen_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    pending_count: integer().notNull().default(0),
    oldest_pending_at: timestamp({ withTimezone: true }),
    needs_attention_count: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.device_id] }),
    uniqueIndex('counter_devices_prefix_key').on(t.business_id, t.prefix),
    check('counter_devices_prefix_check', sql`${t.prefix} ~ '^[A-Z0-9]{2,6}$'`),
  ],
);

/**
 * Who sold the line a finding is about (the name as written then, so it survives a removed member), and how the
 * owner settled it: a shortfall and a price flag are found and settled alike.
 */
const soldThenSettled = () => ({
  sold_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  sold_by_name: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  settled_at: timestamp({ withTimezone: true }),
  settled_by: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  settle_note: text(),
});

/**
 * Units a counter sale sold that no batch held any more (two phones sold the last ones offline): the sale is
 * recorded as made, the batches stay at zero, and the owner settles the difference by a count or a receipt.
 */
export const stock_shortfalls = pgTable(
  'stock_shortfalls',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sale_id: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    /** The product's name as sold: the shortfall reads the same after a rename. */
    product_name: text().notNull(),
    quantity: quantity().notNull(),
    ...soldThenSettled(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.sale_id], foreignColumns: [sales.business_id, sales.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.business_id, t.product_id], foreignColumns: [products.business_id, products.id] }),
    /** The open ones, oldest first: what Needs attention and the shortfalls page read. */
    index('stock_shortfalls_open_idx').on(t.business_id, t.id).where(sql`${t.settled_at} is null`),
    index('stock_shortfalls_sale_idx').on(t.business_id, t.sale_id),
    check('stock_shortfalls_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * A counter sale's line charged at another price (or discount) than the product had when the sale reached the
 * server: the books keep what the customer was charged, and the owner sees the difference.
 */
export const price_flags = pgTable(
  'price_flags',
  {
    business_id: businessId(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sale_id: bigint({ mode: 'number' }).notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    product_name: text().notNull(),
    charged_unit_price: money().notNull(),
    charged_discount_percentage: percent().notNull(),
    product_unit_price: money().notNull(),
    product_discount_percentage: percent().notNull(),
    ...soldThenSettled(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.sale_id], foreignColumns: [sales.business_id, sales.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.business_id, t.product_id], foreignColumns: [products.business_id, products.id] }),
    index('price_flags_open_idx').on(t.business_id, t.id).where(sql`${t.settled_at} is null`),
    index('price_flags_sale_idx').on(t.business_id, t.sale_id),
  ],
);
