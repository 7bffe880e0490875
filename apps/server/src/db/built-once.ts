import { fillPlaceholders, type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { connectionOf } from './transaction';

/**
 * A hot statement: one that drizzle builds once, not on every request (the sale path's, the overview's, the
 * product list's, the first reads of a signed-in page). Building a query is JS work on every run (drizzle walks
 * the columns, tables and SQL chunks, orders the selected fields, escapes the names), which the CPU profiles of
 * the load bench showed as a large share of a sale's node CPU (docs/adr/0018). Each is written with
 * `sql.placeholder` where its values go, and built with drizzle's public APIs only, in one of two forms:
 *
 * - a query of the query builder (builtOnce): a drizzle prepared statement (`.prepare(BUILT)`), prepared once per
 *   connection it runs on: the pool's handle for a read, or the connection of a transaction begun by
 *   db/transaction.ts (a statement prepared on the pool would run on the pool, outside the transaction). On a
 *   transaction begun otherwise it is prepared on that transaction for its run: correct, only not kept;
 * - a raw statement (builtOnceSql, what `db.execute(sql`…`)` runs): its text and parameters, as drizzle would
 *   send them (`getQuery()`), are kept cut at its parameters, so that a run only puts its values between the
 *   pieces and runs that through `db.execute` on the handle or transaction it is given.
 *
 * Either way the statement goes unnamed to node-postgres: db/statement-names.ts names it from its text on its
 * second run, as every other statement, so that one text never has two names.
 */

/** The name given to drizzle's prepare(): empty, so that statement-names.ts names the statement (above). */
export const BUILT = '';

type Prepared<Values, Row> = { execute(values?: Values): Promise<Row[]> };

/**
 * A query builder's statement, prepared by `build` (which ends with `.prepare(BUILT)`) once per connection it
 * runs on (above), then run with the placeholders' values on `db` (the pool or a transaction).
 */
export function builtOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Queryable) => Prepared<Values, Row>,
): (db: Queryable, values: Values) => Promise<Row[]> {
  const preparedOn = new WeakMap<object, Prepared<Values, Row>>();
  return (db, values) => {
    const connection = connectionOf(db);
    if (!connection) return build(db).execute(values);
    let prepared = preparedOn.get(connection);
    if (!prepared) {
      prepared = build(connection);
      preparedOn.set(connection, prepared);
    }
    return prepared.execute(values);
  };
}

/** A raw statement's text cut at its parameters: `pieces[i]`, parameter i, `pieces[i + 1]`, … */
type Cut = { pieces: SQL[]; params: unknown[] };

/**
 * Cuts drizzle's text of a statement at its parameters, `$1` to `$n`, each once and in order as drizzle numbers
 * them; a text with any other `$` and a digit (none of the app's) is refused when first built.
 */
function cut({ sql: text, params }: Query): Cut {
  const found = [...text.matchAll(/\$(\d+)/g)];
  if (found.length !== params.length || found.some((match, index) => match[1] !== String(index + 1))) {
    throw new Error('A statement built once names its parameters $1 to $n, each once, and has no other $n.');
  }
  const pieces: SQL[] = [];
  let from = 0;
  for (const match of found) {
    pieces.push(sql.raw(text.slice(from, match.index)));
    from = match.index + match[0].length;
  }
  pieces.push(sql.raw(text.slice(from)));
  return { pieces, params };
}

/**
 * A raw statement built once: `build` composes its SQL, with `sql.placeholder` where a run's values go, on the
 * first run only. Each run puts its values (as drizzle fills a prepared statement's, `fillPlaceholders`) between
 * the kept pieces and runs that with `db.execute` on `db`; answers the rows of its result.
 */
export function builtOnceSql<Values extends Record<string, unknown>, Row extends Record<string, unknown>>(
  build: () => SQL,
): (db: Queryable, values: Values) => Promise<Row[]> {
  let kept: Cut | undefined;
  return async (db, values) => {
    kept ??= cut(db.execute(build()).getQuery());
    const { pieces, params } = kept;
    const filled = fillPlaceholders(params, values);
    const chunks: unknown[] = [pieces[0]];
    for (const [index, value] of filled.entries()) chunks.push(sql.param(value), pieces[index + 1]);
    const result = await db.execute<Row>(sql.join(chunks as SQL[]));
    return result.rows as Row[];
  };
}

/**
 * One builtOnceSql per shape (the filters a list is asked for, say), told apart by `keyOf`: as builtOncePer,
 * kept for the first `limit` shapes; any other shape is built on its run.
 */
export function builtOnceSqlPer<Shape, Values extends Record<string, unknown>, Row extends Record<string, unknown>>(
  limit: number,
  keyOf: (shape: Shape) => string,
  build: (shape: Shape) => SQL,
): (db: Queryable, shape: Shape, values: Values) => Promise<Row[]> {
  const byKey = new Map<string, (db: Queryable, values: Values) => Promise<Row[]>>();
  return (db, shape, values) => {
    const key = keyOf(shape);
    let run = byKey.get(key);
    if (!run) {
      run = builtOnceSql<Values, Row>(() => build(shape));
      if (byKey.size < limit) byKey.set(key, run);
    }
    return run(db, values);
  };
}

/** A value of a statement's SQL: the value itself, or the placeholder that a statement built once fills on each run. */
export type OrPlaceholder<T> = T | Placeholder;

/**
 * One builtOnce per shape (a count of lines, say), since a statement's text changes with it: kept for the
 * first `limit` shapes, which bounds what a process keeps; any other shape is prepared on its run.
 */
export function builtOncePer<Key, Values extends Record<string, unknown>, Row>(
  limit: number,
  build: (db: Queryable, key: Key) => Prepared<Values, Row>,
): (db: Queryable, key: Key, values: Values) => Promise<Row[]> {
  const byKey = new Map<Key, (db: Queryable, values: Values) => Promise<Row[]>>();
  return (db, key, values) => {
    let run = byKey.get(key);
    if (!run) {
      if (byKey.size >= limit) return build(db, key).execute(values);
      run = builtOnce((on) => build(on, key));
      byKey.set(key, run);
    }
    return run(db, values);
  };
}

/** `sql.placeholder`s for a row's columns, each named `${prefix}${column}`: `s_id`, `l0_quantity`, `c_title`. */
export function placeholdersFor<Key extends string>(prefix: string, keys: readonly Key[]): Record<Key, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as Record<Key, Placeholder>;
}

/** Puts a row's values where placeholdersFor named them: each of `keys` that the row has, as `${prefix}${key}`. */
export function putValues<Key extends string>(
  values: Record<string, unknown>,
  prefix: string,
  keys: readonly Key[],
  row: Partial<Record<Key, unknown>>,
): void {
  for (const key of keys) if (key in row) values[`${prefix}${key}`] = row[key];
}
