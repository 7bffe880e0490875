import {
  DrizzleQueryError,
  fillPlaceholders,
  type Placeholder,
  type Query,
  type SQL,
  type SQLChunk,
  sql,
} from 'drizzle-orm';
import pg from 'pg';
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
 * - a raw statement (builtOnceSql, what `db.execute(sql`…`)` runs): its text and parameters as drizzle would send
 *   them (`getQuery()`), kept as one string, sent with a run's values through node-postgres on the connection the
 *   handle or transaction runs on. drizzle has no prepared form of a raw statement, and remaking its text from
 *   pieces on each run (through `db.execute`) cost several times the JS of the rest of the run (docs/adr/0018).
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

/** What node-postgres is given for a raw statement built once: its text, and where each value comes from. */
type Kept = { query: Query; pieces?: SQL[] };

/**
 * node-postgres's parsers as drizzle's node-postgres session gives them to `db.execute`: dates, times and intervals
 * (and their arrays, and numeric arrays) as PostgreSQL's text, everything else as node-postgres reads it. So a raw
 * statement's rows are the same whichever way it ran (db/raw-row.ts reads them).
 */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * drizzle's text of a statement cut at its parameters, `$1` to `$n`, each once and in order as drizzle numbers
 * them; a text with any other `$` and a digit (none of the app's) is refused when first built. Only for a run on a
 * transaction that db/transaction.ts did not begin, which must go through that transaction's own `execute`.
 */
function cut({ sql: text, params }: Query): SQL[] {
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
  return pieces;
}

/**
 * A raw statement built once: `build` composes its SQL, with `sql.placeholder` where a run's values go, on the
 * first run only, and its text and parameters are kept as drizzle would send them (`getQuery()`). A run fills the
 * values as drizzle fills a prepared statement's (`fillPlaceholders`) and sends the kept text with them through
 * node-postgres (`query`, its public API) on the connection that `db` runs on: the pool, or the transaction's
 * connection (db/transaction.ts). Answers the rows, as `db.execute` would.
 */
export function builtOnceSql<Values extends Record<string, unknown>, Row extends Record<string, unknown>>(
  build: () => SQL,
): (db: Queryable, values: Values) => Promise<Row[]> {
  let kept: Kept | undefined;
  return async (db, values) => {
    kept ??= { query: db.execute(build()).getQuery() };
    const { sql: text, params } = kept.query;
    const filled = fillPlaceholders(params, values);
    const connection = connectionOf(db);
    if (!connection) {
      kept.pieces ??= cut(kept.query);
      const { pieces } = kept;
      const chunks: SQLChunk[] = [pieces[0] as SQL];
      for (const [index, value] of filled.entries()) chunks.push(sql.param(value), pieces[index + 1] as SQL);
      return (await db.execute<Row>(sql.join(chunks))).rows as Row[];
    }
    try {
      const result = await connection.$client.query<Row>({ text, values: filled, types });
      return result.rows;
    } catch (error) {
      throw new DrizzleQueryError(text, filled, error as Error);
    }
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
