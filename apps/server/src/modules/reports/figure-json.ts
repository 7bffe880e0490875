import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * The figures' queries are written once each, as scalar subqueries that answer JSON (arrays, not objects:
 * no key written per row; sale-figures.ts, stock-figures.ts, sale-tables.ts), with one parser each to the
 * contract's type. A figure's own function runs its subquery alone (figureOf); the overview puts several
 * of them in one statement (get-overview.ts). Money leaves them as text, never a JSON number.
 */

/** Runs one figure's JSON subquery on its own: its JSON, null for an empty list. */
export async function figureOf<T>(db: Queryable, figure: SQL): Promise<T | null> {
  const { rows } = await db.execute<{ figure: T | null }>(sql`select ${figure} as figure`);
  return rows[0]?.figure ?? null;
}
