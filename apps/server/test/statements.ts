import type pg from 'pg';
import type { TestApp } from './app';

export type Statement = { text: string; values: unknown[] };

/** Every statement the test app's pool runs while `during` runs, with its values, in the order they ran. */
export async function statementsOf(t: TestApp, during: () => Promise<unknown>): Promise<Statement[]> {
  const pool = t.database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query;
  const seen: Statement[] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(
      typeof config === 'string'
        ? { text: config, values: values ?? [] }
        : { text: config.text, values: config.values ?? values ?? [] },
    );
    return query.apply(this, args);
  };
  try {
    await during();
  } finally {
    pool.query = query;
  }
  return seen;
}

/**
 * EXPLAIN (with `options`, e.g. `analyze, format json`) of `statement` as the app runs it: prepared, then executed
 * with its values, on a connection of its own set by `settings` (e.g. `plan_cache_mode = force_generic_plan`).
 * Answers EXPLAIN's rows.
 */
export async function explained(
  t: TestApp,
  statement: Statement,
  options: string,
  settings: string[] = [],
): Promise<Record<string, unknown>[]> {
  const client = (await t.database.pool.connect()) as pg.PoolClient;
  try {
    for (const setting of settings) await client.query(`set ${setting}`);
    await client.query(`prepare explained as ${statement.text}`);
    const values = statement.values.map((value) => (value === null ? 'null' : client.escapeLiteral(literalOf(value))));
    const { rows } = await client.query(`explain (${options}) execute explained(${values.join(', ')})`);
    return rows;
  } finally {
    await client.query('deallocate explained').catch(() => undefined);
    await client.query('reset all').catch(() => undefined);
    client.release();
  }
}

/** The root of the plan of `statement` as PostgreSQL ran it once (EXPLAIN ANALYZE), on a connection set by `settings`. */
export async function analyzedPlan<Node>(t: TestApp, statement: Statement, settings: string[] = []): Promise<Node> {
  const [row] = await explained(t, statement, 'analyze, format json', settings);
  const plan = row?.['QUERY PLAN'] as [{ Plan: Node }] | undefined;
  if (!plan) throw new Error('EXPLAIN answered no plan.');
  return plan[0].Plan;
}

/**
 * A value as node-postgres sends it: arrays as PostgreSQL's array literal, dates as ISO text. Written into the text:
 * EXECUTE, a utility statement, takes no bind parameters of its own.
 */
function literalOf(value: unknown): string {
  if (Array.isArray(value))
    return `{${value.map((item) => `"${String(item).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
