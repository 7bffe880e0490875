import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementNames } from '../../src/db/statement-names';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;

beforeAll(async () => {
  // One connection, so that every statement below runs on the connection whose prepared statements are read.
  t = await createTestApp({ poolSize: 1 });
});
afterAll(() => t.close());

const preparedOnConnection = async () =>
  (await t.database.pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

describe('statements planned once per connection', () => {
  it('names a parameterised statement from its second run, and runs it with other values', async () => {
    const marker = `marker_${Date.now()}`;
    const run = (n: number) => t.db.execute(sql`select ${n}::int + 1 as next, ${marker}::text as marker`);
    const first = await run(1);
    expect((await preparedOnConnection()).some((text) => text.includes('marker'))).toBe(false);
    const second = await run(2);
    const third = await run(41);
    expect([first, second, third].map((result) => result.rows[0]?.next)).toEqual([2, 3, 42]);
    expect((await preparedOnConnection()).filter((text) => text.includes('::int + 1 as next'))).toHaveLength(1);
  });

  it('leaves statements without parameters, which may be several at once, unnamed', async () => {
    for (let i = 0; i < 3; i++) await t.database.pool.query('select 1 as one; select 2 as two');
    expect((await preparedOnConnection()).some((text) => text.includes('select 2 as two'))).toBe(false);
  });

  it('leaves unnamed what must be planned for its values: lists of values, and pages', () => {
    const names = new StatementNames();
    for (const text of [
      'select id from sales where business_id = $1 and id in ($2, $3)',
      'select id from sales where business_id = $1 and id = any($2)',
      'select id from sales where business_id = $1 order by created_at desc limit $2 offset $3',
      'select id from sales where business_id = $1 order by created_at desc fetch first $2 rows with ties',
    ]) {
      // However often it runs: the first run keeps what the pattern said, later runs read it back.
      for (let run = 1; run <= 3; run++) expect(names.nameOf(text), `run ${run}`).toBeUndefined();
    }
  });

  it('names a page whose OFFSET is written `offset ($n)`: the opt-in of a plan that does not depend on it', () => {
    const names = new StatementNames();
    const text =
      'select id from products where business_id = $1 order by created_at desc, id desc limit 20 offset ($2)';
    expect(names.nameOf(text)).toBeUndefined(); // seen once
    expect(names.nameOf(text)).toBe('oja_s1');
  });

  it('answers the same name for a text, and none past its limits', () => {
    const names = new StatementNames({ names: 1, tracked: 2 });
    expect(names.nameOf('a')).toBeUndefined();
    const a = names.nameOf('a');
    expect(a).toBeDefined();
    expect(names.nameOf('a')).toBe(a);
    names.nameOf('b');
    expect(names.nameOf('b')).toBeUndefined(); // past the names' limit
    names.nameOf('c');
    expect(names.nameOf('c')).toBeUndefined(); // never tracked: past the tracked limit
  });
});
