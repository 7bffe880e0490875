import { type SQL, sql } from 'drizzle-orm';

/**
 * A statement's row limit, and how the statement is planned. Written in the text ('once'), the statement
 * gets a name and PostgreSQL plans it once per connection, then keeps a generic plan
 * (statement-names.ts): the choice of the overview, the product list and the search, each of whose
 * generic plans was checked against the custom ones (modules/businesses/get-overview.ts,
 * modules/stock/list-products.ts). Passed as a parameter ('each run'), the statement stays unnamed and is planned for
 * its values on every run: what the figures' own functions keep, as before they shared their SQL with
 * the overview. Their generic plans were not checked: the report's lists are ten times longer (50 rows),
 * and the one load-bench measurement with the report's limits written in the text found the report's
 * PostgreSQL CPU larger (a loaded machine, not repeated), so they were left planned per run.
 */
export type Limit = { rows: number; planned: 'once' | 'each run' };

/** The limit as SQL, times `factor`: a constant in the text (only an integer gets there) or a parameter. */
export function limitOf(limit: Limit, factor = 1): SQL {
  const rows = limit.rows * factor;
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Not a row limit: ${rows}`);
  return limit.planned === 'once' ? sql.raw(String(rows)) : sql`${rows}`;
}

/** A limit passed as a parameter, planned for each run (Limit): a standalone figure's. */
export const eachRun = (rows: number): Limit => ({ rows, planned: 'each run' });

/** A limit written in the text of a statement planned once per connection (Limit). */
export const plannedOnce = (rows: number): Limit => ({ rows, planned: 'once' });
