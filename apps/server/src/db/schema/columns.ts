import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, numeric } from 'drizzle-orm/pg-core';
import { businesses } from './accounts';

// Function declarations, not arrow constants: accounts.ts imports this file and this file imports
// accounts.ts, and hoisted functions are callable whichever of the two a loader evaluates first.

/** Money is exact: numeric(14,2), read and written as a string with two decimals. */
export function money() {
  return numeric({ precision: 14, scale: 2 });
}

/**
 * A quantity of stock (ADR 0031): numeric(14,3), exact in the database (whole units, or up to 3 decimals of a weighed
 * product's kg or litre), read as a JS number (1.25, or 2 as ever); TypeScript adds them only through thousandths.
 */
export function quantity() {
  return numeric({ precision: 14, scale: 3, mode: 'number' });
}

/** A sum of quantities (a report's units): numeric with 3 decimals and room for any total. */
export function quantitySum() {
  return numeric({ precision: 20, scale: 3, mode: 'number' });
}

/** A discount percentage, 0 to 100 with two decimals. */
export function percent() {
  return numeric({ precision: 5, scale: 2 });
}

/** The owning business of a business-owned row: part of its key, gone with the business. */
export function businessId() {
  return bigint({ mode: 'number' })
    .notNull()
    .references((): AnyPgColumn => businesses.id, { onDelete: 'cascade' });
}

/** A SQL string literal. The values are the contract's constants, quoted all the same. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `column in ('a', 'b')` for a CHECK constraint, from the same constant that types the column
 * (`text({ enum: VALUES })`), so a new value is one edit in the contract. The list is inlined
 * rather than bound: drizzle-kit writes a CHECK's text into the migration as it is.
 */
export function oneOf(column: AnyPgColumn, values: readonly [string, ...string[]]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(', '))})`;
}
