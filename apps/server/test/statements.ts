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
