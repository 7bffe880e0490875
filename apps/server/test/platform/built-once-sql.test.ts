import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT, builtOnce, builtOnceSql, builtOnceSqlPer } from '../../src/db/built-once';
import { rate_limits } from '../../src/db/schema';
import { transaction } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../app';

/**
 * builtOnceSql (db/built-once.ts) keeps a raw statement's text and parameters from its first run: the
 * overview's and the product list's statements run through it. Each run must answer what db.execute of
 * the same SQL with the values written in answers, in the pool and in a transaction, and build nothing again.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('builtOnceSql', () => {
  it('builds once, then answers each run with its own values as db.execute does', async () => {
    let builds = 0;
    const statement = builtOnceSql<{ id: number; name: string }, { id: number; name: string; twice: number }>(() => {
      builds += 1;
      const id = sql.placeholder('id');
      return sql`select ${id}::int as id, ${sql.placeholder('name')}::text as name, ${id}::int * ${2}::int as twice`;
    });
    expect(await statement(t.db, { id: 7, name: 'Ada' })).toEqual([{ id: 7, name: 'Ada', twice: 14 }]);
    const inTransaction = await t.db.transaction((tx) => statement(tx, { id: 8, name: 'Bola' }));
    expect(inTransaction).toEqual([{ id: 8, name: 'Bola', twice: 16 }]);
    const { rows } = await t.db.execute(
      sql`select ${9}::int as id, ${'Chi'}::text as name, ${9}::int * ${2}::int as twice`,
    );
    expect(await statement(t.db, { id: 9, name: 'Chi' })).toEqual(rows);
    expect(builds).toBe(1);
  });

  it('refuses a run without a value for one of its placeholders', async () => {
    const statement = builtOnceSql<Record<string, unknown>, { id: number }>(
      () => sql`select ${sql.placeholder('id')}::int as id`,
    );
    await expect(statement(t.db, {})).rejects.toThrow('No value for placeholder "id"');
  });
});

describe('builtOnceSqlPer', () => {
  it('keeps one statement per shape up to its limit, and still answers past it', async () => {
    const builds: string[] = [];
    const statement = builtOnceSqlPer<string, { n: number }, { shape: string; n: number }>(2, String, (shape) => {
      builds.push(shape);
      return sql`select ${shape}::text as shape, ${sql.placeholder('n')}::int as n`;
    });
    for (const n of [1, 2]) {
      for (const shape of ['a', 'b', 'c']) expect(await statement(t.db, shape, { n })).toEqual([{ shape, n }]);
    }
    // 'a' and 'b' kept from their first run; 'c', past the limit, built on each of its runs.
    expect(builds).toEqual(['a', 'b', 'c', 'c']);
  });
});

/**
 * builtOnce prepares a query builder's statement once per connection it runs on: one prepared on the pool
 * would run outside the transaction it is called in, and not see (or lock) what the transaction does.
 */
describe('builtOnce', () => {
  const hitsOf = builtOnce((db) =>
    db
      .select({ failures: rate_limits.failures })
      .from(rate_limits)
      .where(eq(rate_limits.key, sql.placeholder('key')))
      .prepare(BUILT),
  );

  it('runs inside the transaction it is called in, on the pool outside one', async () => {
    const key = `built-once-${Date.now()}`;
    const inside = async (tx: Parameters<Parameters<typeof transaction>[1]>[0]) => {
      await tx.insert(rate_limits).values({ key, failures: 3, window_started_at: new Date() });
      const seen = await hitsOf(tx, { key });
      expect(await hitsOf(t.db, { key })).toEqual([]);
      throw Object.assign(new Error('roll back'), { seen });
    };
    for (let run = 0; run < 3; run += 1) {
      const begun = await transaction(t.db, inside).catch((error: { seen?: unknown }) => error.seen);
      expect(begun).toEqual([{ failures: 3 }]);
      const plain = await t.db.transaction(inside).catch((error: { seen?: unknown }) => error.seen);
      expect(plain).toEqual([{ failures: 3 }]);
    }
    expect(await hitsOf(t.db, { key })).toEqual([]);
  });
});
