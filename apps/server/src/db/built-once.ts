import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './client';

/**
 * A hot statement that drizzle builds once, not on every request: the sale path's (modules/sales), the
 * overview's (modules/businesses/get-overview.ts) and the product list's (modules/stock/list-products.ts).
 *
 * Building a query is JS work on every run: drizzle walks the columns, tables and SQL chunks through its
 * `is()` checks, orders the selected fields, escapes the names. In a CPU profile of the load bench's sale
 * (BENCH_CPU_PROF, self time, 2026-11-24) drizzle was 13% of the node process's samples (`is()` 3.8%),
 * and 22% (`is()` 6.7%) once the sale's writes became CTE statements that return every column; with the
 * sale path's statements built here, 3.7% (`is()` 0.5%). So each hot statement is built once, with `sql.placeholder` where its values
 * go, and kept as what running it needs: its text, where each value goes (and how it is encoded, as the
 * column asks), and how its rows map to fields. A run only fills the values and maps the rows, on whatever
 * connection or transaction it is given (`db._.session`, drizzle's own path for a prepared query).
 *
 * The statement stays unnamed here: db/statement-names.ts names it from its text on its second run, as
 * every other statement, so the two never give one text two names.
 *
 * Kept from one run to the next, the text is also one string object: the statement-name lookup's Map
 * hashes it once, where a text built per request was hashed on every run (1.4% of the node process's CPU
 * profile on the overview, 0.8% on the product list, 2026-11-24).
 *
 * What is kept comes from drizzle's prepared query (its text, params and field list): internal fields,
 * checked when the statement is first built, and the sales tests run every statement kept here. A raw
 * statement's (builtOnceSql) comes from `getQuery()`, drizzle's public API for the text it would send;
 * test/platform/built-once-sql.test.ts runs it against db.execute.
 */
type Prepared = {
  queryString?: unknown;
  params?: unknown;
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  _isResponseInArrayMode?: unknown;
};

type ValueOf = (values: Record<string, unknown>) => unknown;

type Kept = {
  text: string;
  values: ValueOf[];
  fields: Parameters<Queryable['_']['session']['prepareQuery']>[1];
  mapper: Parameters<Queryable['_']['session']['prepareQuery']>[4];
  joins: unknown;
  arrayMode: boolean;
};

function keep(prepared: Prepared): Kept {
  const { queryString, params } = prepared;
  if (typeof queryString !== 'string' || !Array.isArray(params)) {
    throw new Error('drizzle-orm changed its prepared query: built-once.ts must follow it.');
  }
  return {
    text: queryString,
    // Each value resolved once to where it comes from, so that a run calls no `is()` on them.
    values: params.map((param: unknown): ValueOf => {
      if (is(param, Placeholder)) {
        const { name } = param;
        return (values) => placeholderValue(values, name);
      }
      if (is(param, Param) && is(param.value, Placeholder)) {
        const { encoder } = param;
        const { name } = param.value;
        return (values) => encoder.mapToDriverValue(placeholderValue(values, name));
      }
      return () => param;
    }),
    fields: prepared.fields as Kept['fields'],
    mapper: prepared.customResultMapper as Kept['mapper'],
    joins: prepared.joinsNotNullableMap,
    arrayMode: prepared._isResponseInArrayMode === true,
  };
}

function placeholderValue(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}".`);
  return values[name];
}

/** Runs a kept statement with the placeholders' values on `db`: what drizzle's prepared query answers. */
function run(kept: Kept, db: Queryable, values: Record<string, unknown>): Promise<unknown> {
  const params = kept.values.map((value) => value(values));
  const query = db._.session.prepareQuery(
    { sql: kept.text, params },
    kept.fields,
    undefined,
    kept.arrayMode,
    kept.mapper,
  );
  (query as Prepared).joinsNotNullableMap = kept.joins;
  return query.execute();
}

/**
 * A statement built on its first run by `build` (which ends with `.prepare(...)`), then run with the
 * placeholders' values on `db` (the pool or a transaction). Answers the rows as drizzle would.
 */
export function builtOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Queryable) => { execute(values?: Values): Promise<Row[]> },
): (db: Queryable, values: Values) => Promise<Row[]> {
  let kept: Kept | undefined;
  return (db, values) => {
    kept ??= keep(build(db) as Prepared);
    return run(kept, db, values) as Promise<Row[]>;
  };
}

/**
 * A raw statement (what `db.execute(sql`…`)` runs) built once: `build` composes its SQL, with
 * `sql.placeholder` where a run's values go, on the first run only; its text and parameters are those
 * drizzle would send (`getQuery()` of the unrun query). Answers the rows of `db.execute`'s result.
 */
export function builtOnceSql<Values extends Record<string, unknown>, Row extends Record<string, unknown>>(
  build: () => SQL,
): (db: Queryable, values: Values) => Promise<Row[]> {
  let kept: Kept | undefined;
  return async (db, values) => {
    if (!kept) {
      const { sql: queryString, params } = db.execute(build()).getQuery();
      kept = keep({ queryString, params });
    }
    const result = (await run(kept, db, values)) as { rows: Row[] };
    return result.rows;
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
 * first `limit` shapes, which bounds what a process keeps; any other shape is built on its run, as before.
 */
export function builtOncePer<Key, Values extends Record<string, unknown>, Row>(
  limit: number,
  build: (db: Queryable, key: Key) => { execute(values?: Values): Promise<Row[]> },
): (db: Queryable, key: Key, values: Values) => Promise<Row[]> {
  const byKey = new Map<Key, (db: Queryable, values: Values) => Promise<Row[]>>();
  return (db, key, values) => {
    let run = byKey.get(key);
    if (!run) {
      if (byKey.size >= limit) return build(db, key).execute(values);
      run = builtOnce((first) => build(first, key));
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

/** The name given to drizzle's prepare() when a statement is built: never sent, only its text is kept. */
export const BUILT = 'oja_built_once';
