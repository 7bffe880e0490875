import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedPage, countedRows } from '../../src/db/counted-page';
import { createTestApp, type TestApp } from '../app';

/**
 * countedPage given the page's offset reads the page only when the count reaches past it: a search that matches
 * nothing, or a page past the end, is answered from the count alone (the receipts and the sales pages, whose walk
 * for rows that are not there reads a whole history). The pages here that must not be read are made of a
 * function that fails the statement whenever a row of them is read, so a page read when it should not be fails
 * the test, and so does one not read when it should be.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.pool.query(
    `create function page_was_read(n bigint) returns bigint language plpgsql volatile as $$
     begin raise exception 'the page was read (%)', n; end $$`,
  );
});
afterAll(async () => {
  await t.close();
});

type Row = { total: number; id: number | null };

async function run(parts: { count: number; page: SQL; offset?: number }): Promise<{ total: number; ids: unknown[] }> {
  const { rows } = await t.db.execute<Row>(
    countedPage({
      total: sql`${parts.count}::int`,
      columns: sql`p.id`,
      page: parts.page,
      offset: parts.offset,
      order: sql`p.id`,
    }),
  );
  const counted = countedRows(rows);
  return { total: counted.total, ids: counted.rows.map((row) => Number(row.id)) };
}

/** Whether the statement failed because its page was read (drizzle wraps PostgreSQL's error as the cause). */
async function pageWasRead(answer: Promise<unknown>): Promise<boolean> {
  try {
    await answer;
    return false;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    if (cause?.message?.startsWith('the page was read')) return true;
    throw error;
  }
}

/** A page whose rows fail the statement when read. */
const failingPage = (offset: number) =>
  sql`select page_was_read(n) as id from generate_series(1, 50) n order by n limit 10 offset (${offset})`;
/** A page of 1 to `count`. */
const page = (count: number, offset: number) =>
  sql`select n as id from generate_series(1, ${count}::int) n order by n limit 10 offset (${offset})`;

describe('countedPage with the offset', () => {
  it('does not read the page when nothing is counted', async () => {
    expect(await run({ count: 0, offset: 0, page: failingPage(0) })).toEqual({ total: 0, ids: [] });
  });

  it('does not read a page past the end, nor the page that starts at the end', async () => {
    expect(await run({ count: 20, offset: 20, page: failingPage(20) })).toEqual({ total: 20, ids: [] });
    expect(await run({ count: 20, offset: 990, page: failingPage(990) })).toEqual({ total: 20, ids: [] });
  });

  it('reads the page as soon as the count reaches past the offset', async () => {
    expect(await pageWasRead(run({ count: 21, offset: 20, page: failingPage(20) }))).toBe(true);
    expect(await pageWasRead(run({ count: 1, offset: 0, page: failingPage(0) }))).toBe(true);
  });

  it('answers the page and its count', async () => {
    expect(await run({ count: 25, offset: 0, page: page(25, 0) })).toEqual({
      total: 25,
      ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    expect(await run({ count: 25, offset: 20, page: page(25, 20) })).toEqual({ total: 25, ids: [21, 22, 23, 24, 25] });
    expect(await run({ count: 25, offset: 30, page: page(25, 30) })).toEqual({ total: 25, ids: [] });
  });

  it('without the offset, reads the page whatever the count (a count that is not of the page, as the search version)', async () => {
    expect(await pageWasRead(run({ count: 0, page: failingPage(0) }))).toBe(true);
  });
});
