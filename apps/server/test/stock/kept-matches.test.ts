import { ENDPOINTS, PAGE_SIZE } from '@oja/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptMatches, keptMatchesOf, Matches } from '../../src/modules/stock/kept-matches';
import { KEPT_MATCHES_AT_MOST, WALKED_AT_MOST } from '../../src/modules/stock/list-products';
import { createTestApp, type TestApp } from '../app';
import { type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { statementsOf } from '../statements';

/**
 * The product search keeps a search's matches between requests with the business's search version, and
 * answers a page from them only while the version holds (list-products.ts, searchedProducts). What it
 * keeps is bounded; a search of more matches than it keeps, and a product written between a search's two
 * statements, still answer exactly what the rule says: the business's live products whose name or SKU
 * contains the words, newest first.
 */

let t: TestApp;
let api: ApiClient;
let ceo: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  ceo = await signUpCeo(t);
});
afterAll(() => t.close());

const matchesOf = (count: number, version = '1') =>
  new Matches(
    version,
    count,
    Float64Array.from({ length: count }, (_, i) => i),
  );

describe('what a process keeps', () => {
  it('drops the least recently used once the ids kept pass their bound', () => {
    const kept = new KeptMatches({ ids: 100, searches: 10 });
    kept.set('a', matchesOf(40));
    kept.set('b', matchesOf(40));
    expect(kept.get('a')?.count).toBe(40); // now the most recently used
    kept.set('c', matchesOf(40));
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.count).toBe(40);
    expect(kept.size).toEqual({ searches: 2, ids: 80 });
    // More ids than the bound alone: not kept, and nothing else dropped for it.
    kept.set('d', matchesOf(101));
    expect(kept.get('d')).toBeUndefined();
    expect(kept.size).toEqual({ searches: 2, ids: 80 });
  });

  it('bounds the searches kept, those that match nothing too', () => {
    const kept = new KeptMatches({ ids: 100, searches: 3 });
    for (const key of ['w', 'x', 'y', 'z']) kept.set(key, matchesOf(0));
    expect(kept.get('w')).toBeUndefined();
    expect(kept.size).toEqual({ searches: 3, ids: 0 });
    kept.set('x', matchesOf(5, '2'));
    expect(kept.size).toEqual({ searches: 3, ids: 5 });
    kept.delete('x');
    expect(kept.size).toEqual({ searches: 2, ids: 0 });
  });

  it('pages newest first, none past the end', () => {
    const matches = matchesOf(45);
    expect(matches.page(40, 20)).toEqual([40, 41, 42, 43, 44]);
    expect(matches.page(60, 20)).toEqual([]);
  });

  it('keeps a count without its ids for a key alone, with no page of ids to give', () => {
    const kept = new KeptMatches({ ids: 100, searches: 10 });
    kept.set('many', new Matches('1', 1_000_000, null));
    expect(kept.get('many')?.page(0, 20)).toBeNull();
    expect(kept.size).toEqual({ searches: 1, ids: 0 });
  });
});

/** The search through the API: its count and its page's ids. */
async function search(words: string, page = 1) {
  const answer = await api.call(
    ENDPOINTS.stock.listProducts,
    { business_id: ceo.businessId, search: words, page },
    { token: ceo.token },
  );
  expect(answer.status).toBe(200);
  return { count: answer.data.count, ids: answer.data.results.map((product) => product.id) };
}

/** The rule, in SQL: the live products whose name contains `words`, newest first, a page of them. */
async function rule(words: string, page = 1) {
  const { rows } = await t.database.pool.query<{ id: string; count: number }>(
    `select id, count(*) over ()::int as count from products
     where business_id = $1 and archived_at is null and product_name ilike $2
     order by created_at desc, id desc`,
    [ceo.businessId, `%${words}%`],
  );
  const size = PAGE_SIZE.products;
  return {
    count: rows[0]?.count ?? 0,
    ids: rows.slice((page - 1) * size, page * size).map((row) => Number(row.id)),
  };
}

/** The text of every statement the app's pool runs while `during` runs. */
const textsOf = async (during: () => Promise<unknown>) =>
  (await statementsOf(t, during)).map((statement) => statement.text);

/** Products named `${name} n` for n in 1…count, in one statement, as a bulk load makes them. */
async function insertProducts(name: string, count: number, from = 1) {
  await t.database.pool.query(
    `insert into products (business_id, product_name, sku, cost_price, selling_price)
     select $1, $2 || ' ' || n, 'K-' || $2 || n, 1, 2 from generate_series($3::int, $4::int) as n`,
    [ceo.businessId, name, from, from + count - 1],
  );
}

describe('the search answers the rule whatever it keeps', () => {
  it('pages a search of more matches than it keeps, keeping only their count', async () => {
    const key = `${ceo.businessId}:%plenty gourd%`;
    await insertProducts('Plenty Gourd', KEPT_MATCHES_AT_MOST + 1);
    expect(await search('plenty gourd', 2)).toEqual(await rule('plenty gourd', 2));
    const kept = keptMatchesOf(t.db).get(key);
    expect(kept?.count).toBe(KEPT_MATCHES_AT_MOST + 1);
    expect(kept?.page(0, 20)).toBeNull();
    // The next pages are walks of the catalogue, one statement each, down to the last page's one product.
    for (const page of [1, 2, 251]) {
      const expected = await rule('plenty gourd', page);
      let answer: Awaited<ReturnType<typeof search>> | undefined;
      const statements = await textsOf(async () => {
        answer = await search('plenty gourd', page);
      });
      expect(answer).toEqual(expected);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain(`limit ${WALKED_AT_MOST}`);
    }
    expect(keptMatchesOf(t.db).get(key)?.walkGivesUpFrom).toBe(Number.POSITIVE_INFINITY);

    // One renamed out of the matches: the walk reads the new version, and the matches are read afresh.
    await t.database.pool.query(
      `update products set product_name = 'Lone Gourd', sku = 'LONE-1' where business_id = $1 and product_name = 'Plenty Gourd 5000'`,
      [ceo.businessId],
    );
    expect(await search('plenty gourd', 1)).toEqual(await rule('plenty gourd', 1));
    expect(keptMatchesOf(t.db).get(key)?.page(0, 1)).toEqual([Number((await rule('plenty gourd', 1)).ids[0])]);

    // One archived: now few enough to keep, and kept.
    await t.database.pool.query(
      `update products set archived_at = now() where business_id = $1 and product_name = 'Plenty Gourd 7'`,
      [ceo.businessId],
    );
    expect(await search('plenty gourd', 2)).toEqual(await rule('plenty gourd', 2));
    expect(keptMatchesOf(t.db).get(key)?.count).toBe(KEPT_MATCHES_AT_MOST - 1);
    expect(await search('plenty gourd', 250)).toEqual(await rule('plenty gourd', 250));
  });

  it('reads a page afresh where the walk for it gives up, and the pages after it at once', async () => {
    const key = `${ceo.businessId}:%sparse loom%`;
    await insertProducts('Sparse Loom', KEPT_MATCHES_AT_MOST + 1);
    // Newer than every match: the walk meets all of them before its first match.
    await insertProducts('Filler Bolt', WALKED_AT_MOST);
    expect(await search('sparse loom')).toEqual(await rule('sparse loom'));
    expect(keptMatchesOf(t.db).get(key)?.walkGivesUpFrom).toBe(Number.POSITIVE_INFINITY);

    const first = await rule('sparse loom');
    let statements = await textsOf(async () => expect(await search('sparse loom')).toEqual(first));
    // The walk, then the matches and their page read afresh.
    expect(statements.filter((text) => text.includes(`limit ${WALKED_AT_MOST}`))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('json_agg(id order by'))).toHaveLength(1);
    expect(keptMatchesOf(t.db).get(key)?.walkGivesUpFrom).toBe(0);

    const third = await rule('sparse loom', 3);
    statements = await textsOf(async () => expect(await search('sparse loom', 3)).toEqual(third));
    expect(statements.filter((text) => text.includes(`limit ${WALKED_AT_MOST}`))).toHaveLength(0);
    expect(keptMatchesOf(t.db).get(key)?.walkGivesUpFrom).toBe(0);
  });

  it('answers exactly when products are written between its matches and their page', async () => {
    await insertProducts('Racing Churn', 30);
    // Each time the search has read its matches, a new matching product is written before it reads their
    // page, as another clerk's write would: the first two times, then no more.
    const pool = t.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = pool.query;
    let written = 0;
    pool.query = async function (this: unknown, ...args: unknown[]) {
      const result = await query.apply(this, args);
      const [config] = args as [string | { text: string }];
      const text = typeof config === 'string' ? config : config.text;
      if (text.includes('json_agg(id order by') && written < 2) {
        written += 1;
        await insertProducts('Racing Churn', 1, 100 + written);
      }
      return result;
    };
    try {
      const answer = await search('racing churn');
      expect(written).toBe(2);
      expect(answer).toEqual(await rule('racing churn'));
      expect(answer.count).toBe(32);
    } finally {
      pool.query = query;
    }
    // What the search answers next is the rule too, whether it kept the matches or not.
    expect(await search('racing churn', 2)).toEqual(await rule('racing churn', 2));
  });
});

describe('a search of many matches, through any sequence of writes', () => {
  type Step =
    | { kind: 'search'; page: number }
    | { kind: 'rename out' | 'rename in' | 'archive' | 'restore' | 'price'; n: number }
    | { kind: 'create'; count: number };
  const PRODUCTS = KEPT_MATCHES_AT_MOST + 5;
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('search' as const), page: fc.integer({ min: 1, max: 260 }) }),
    },
    fc.record({
      kind: fc.constantFrom(
        'rename out' as const,
        'rename in' as const,
        'archive' as const,
        'restore' as const,
        'price' as const,
      ),
      n: fc.integer({ min: 1, max: PRODUCTS }),
    }),
    fc.record({ kind: fc.constant('create' as const), count: fc.integer({ min: 1, max: 60 }) }),
  );

  it('answers every page as the rule says, whether it keeps the ids, the count or nothing', async () => {
    // Just above what is kept: renames, archives and creates move the matches across the bound both ways.
    const shop = await signUpCeo(t);
    await t.database.pool.query(
      `insert into products (business_id, product_name, sku, cost_price, selling_price)
       select $1, 'Dense Reed ' || n, 'DR-' || n, 1, 2 from generate_series(1, $2::int) as n`,
      [shop.businessId, PRODUCTS],
    );
    let created = 0;
    const run = async (s: Step) => {
      const pool = t.database.pool;
      const where = `business_id = $1 and sku in ('DR-' || $2::int, 'ST-' || $2::int)`;
      if (s.kind === 'search') {
        const answer = await api.call(
          ENDPOINTS.stock.listProducts,
          { business_id: shop.businessId, search: 'dense reed', page: s.page },
          { token: shop.token },
        );
        expect(answer.status).toBe(200);
        const { rows } = await pool.query<{ id: string; count: number }>(
          `select id, count(*) over ()::int as count from products
           where business_id = $1 and archived_at is null and (product_name ilike $2 or sku ilike $2)
           order by created_at desc, id desc`,
          [shop.businessId, '%dense reed%'],
        );
        const size = PAGE_SIZE.products;
        expect({ count: answer.data.count, ids: answer.data.results.map((product) => product.id) }).toEqual({
          count: rows[0]?.count ?? 0,
          ids: rows.slice((s.page - 1) * size, s.page * size).map((row) => Number(row.id)),
        });
        return;
      }
      switch (s.kind) {
        case 'rename out':
          await pool.query(
            `update products set product_name = 'Sparse Twig ' || $2, sku = 'ST-' || $2 where ${where}`,
            [shop.businessId, s.n],
          );
          return;
        case 'rename in':
          await pool.query(`update products set product_name = 'Dense Reed ' || $2, sku = 'DR-' || $2 where ${where}`, [
            shop.businessId,
            s.n,
          ]);
          return;
        case 'archive':
        case 'restore':
          await pool.query(
            `update products set archived_at = ${s.kind === 'archive' ? 'now()' : 'null'} where ${where}`,
            [shop.businessId, s.n],
          );
          return;
        case 'price':
          await pool.query(`update products set selling_price = selling_price + 1 where ${where}`, [
            shop.businessId,
            s.n,
          ]);
          return;
        case 'create':
          await pool.query(
            `insert into products (business_id, product_name, sku, cost_price, selling_price)
             select $1, 'Dense Reed new ' || n, 'DRN-' || n, 1, 2 from generate_series($2::int, $3::int) as n`,
            [shop.businessId, created + 1, created + s.count],
          );
          created += s.count;
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const s of steps) await run(s);
      }),
      { numRuns: 12, seed: 20261125 },
    );
  }, 60_000);
});
