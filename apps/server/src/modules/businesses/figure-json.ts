import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * The figures' queries are written once each, as scalar subqueries that answer JSON (arrays, not objects:
 * no key written per row; sale-figures.ts, stock-figures.ts, sale-tables.ts), with one parser each to the
 * contract's type. A figure's own function runs its subquery alone (figureOf); the overview puts several
 * of them in one statement (get-overview.ts). Money leaves them as text, never a JSON number.
 */

/**
 * A figure's row limit, and how its statement is planned. Written in the text ('once'), the statement
 * gets a name and PostgreSQL plans it once per connection, then keeps a generic plan
 * (db/statement-names.ts): the overview's choice, whose generic plan was checked against the custom ones
 * (get-overview.ts). Passed as a parameter ('each run'), the statement stays unnamed and is planned for
 * its values on every run: what the figures' own functions keep, as before they shared their SQL with
 * the overview. Their generic plans were not checked: the report's lists are ten times longer (50 rows),
 * and the one load-bench A/B pair run with the report's limits written in the text measured its
 * PostgreSQL CPU at 40.8 against 25.9 ms per request (30-day report, 2026-11-24; a loaded machine, not
 * repeated), so they were left planned per run.
 */
export type Limit = { rows: number; planned: 'once' | 'each run' };

/** The limit as SQL, times `factor`: a constant in the text (only an integer gets there) or a parameter. */
export function limitOf(limit: Limit, factor = 1): SQL {
  const rows = limit.rows * factor;
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`Not a row limit: ${rows}`);
  return limit.planned === 'once' ? sql.raw(String(rows)) : sql`${rows}`;
}

/** A standalone figure's limit: a parameter, planned for each run (Limit). */
export const eachRun = (rows: number): Limit => ({ rows, planned: 'each run' });

/** A limit written in the text of a statement planned once per connection (Limit). */
export const plannedOnce = (rows: number): Limit => ({ rows, planned: 'once' });

/** Runs one figure's JSON subquery on its own: its JSON, null for an empty list. */
export async function figureOf<T>(db: Queryable, figure: SQL): Promise<T | null> {
  const { rows } = await db.execute<{ figure: T | null }>(sql`select ${figure} as figure`);
  return rows[0]?.figure ?? null;
}
