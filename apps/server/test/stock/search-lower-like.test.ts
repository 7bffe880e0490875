import { ENDPOINTS } from '@oja/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { products } from '../../src/db/schema';
import { containsPattern } from '../../src/db/search';
import { listProducts } from '../../src/modules/stock/list-products';
import type { BusinessContext } from '../../src/platform/context';
import { createTestApp, type TestApp } from '../app';
import { signUpCeo } from '../factories';
import { withDatabase } from '../global-setup';

/**
 * The product search matches `lower(col) like lower(pattern)` instead of `col ilike pattern`, lower(col)
 * being stored in product_search (`name_lower`, `sku_lower`), the narrow copy of the live products that
 * triggers on products keep, with trigram indexes of those columns (migration 0024; list-products.ts,
 * searchedPage). That is a change of speed only if the two match exactly the same rows, for every name
 * and every search, in this database: PostgreSQL's like.c says ILIKE in a UTF8 database lowers the text
 * and the pattern with lower() under the same collation, and these tests hold it to that on names that
 * case mapping finds hard (Turkish dotted and dotless i, German ß and ẞ, Greek final sigma, Yoruba letters
 * with dots below and tones, precomposed and combining, the Kelvin sign, title-case digraphs, ligatures,
 * full-width letters, emoji), with the pattern's own wildcards and escapes. A seeded run each time;
 * FUZZ_RUNS and FUZZ_SEED run more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const LETTERS = [
  ...'aAiIsSkKzZeEoO07 -.',
  '%',
  '_',
  '\\',
  'İ',
  'ı',
  'ß',
  'ẞ',
  'Σ',
  'σ',
  'ς',
  'Ά',
  'ά',
  'Ω',
  'ẹ',
  'ọ',
  'ṣ',
  'Ẹ',
  'Ọ',
  'Ṣ',
  'à',
  'á',
  'È',
  'é',
  'Ì',
  'ó',
  'Ù',
  'ń',
  'Ǹ',
  'Ẹ́',
  'Ọ̀',
  '\u0300',
  '\u0301',
  '\u0323',
  '\u0307',
  'K',
  'Å',
  'ǅ',
  'ǆ',
  'Ǆ',
  'ſ',
  'ﬁ',
  'Ⅻ',
  'ⅻ',
  'Ａ',
  'ｚ',
  'Ж',
  'ж',
  'Ğ',
  'ş',
  '₦',
  '🙂',
  '👩🏽‍🍳',
];

const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...LETTERS), { maxLength }).map((letters) => letters.join(''));

/** Part of the name, each letter's case maybe flipped (by JavaScript's mapping: only a source of variety). */
const searchOf = (name: string) =>
  fc
    .record({
      start: fc.nat(),
      length: fc.nat({ max: 8 }),
      flips: fc.array(fc.constantFrom('upper', 'lower', 'same'), { minLength: 16, maxLength: 16 }),
      noise: text(2),
      isNoiseFirst: fc.boolean(),
    })
    .map(({ start, length, flips, noise, isNoiseFirst }) => {
      const letters = [...name];
      const from = letters.length === 0 ? 0 : start % letters.length;
      const part = letters
        .slice(from, from + length)
        .map((letter, index) =>
          flips[index % flips.length] === 'upper'
            ? letter.toUpperCase()
            : flips[index % flips.length] === 'lower'
              ? letter.toLowerCase()
              : letter,
        )
        .join('');
      return isNoiseFirst ? noise + part : part + noise;
    });

const pair = text(12).chain((name) => fc.tuple(fc.constant(name), fc.oneof(searchOf(name), text(4))));

let t: TestApp;
let direct: Database;

beforeAll(async () => {
  t = await createTestApp();
  // The list's own statement on a connection that may not scan the table: every search goes through
  // the trigram indexes of product_search's lowered columns, whose candidates must include every row
  // that ILIKE matches. Without JIT: before PostgreSQL 18 a disabled scan adds 10^10 to the plan's cost, past
  // jit_above_cost, and the JIT of a server built with LLVM (Debian's PostgreSQL 15, CI's second pass) then
  // compiled every statement, which took the test to its time limit there.
  const { rows } = await t.database.pool.query<{ name: string }>('select current_database() as name');
  const url = new URL(withDatabase(inject('adminUrl'), rows[0]!.name));
  url.searchParams.set('options', '-c enable_seqscan=off -c jit=off');
  direct = connect(url.toString(), { max: 1 });
});
afterAll(async () => {
  await direct.close();
  await t.close();
});

/** Pairs where `name ilike pattern` and `lower(name) like lower(pattern)` disagree. */
async function disagreements(pairs: [string, string][]) {
  const { rows } = await t.database.pool.query<{ name: string; pattern: string; ilike: boolean; lower: boolean }>(
    `select name, pattern, name ilike pattern as ilike, lower(name) like lower(pattern) as lower
     from unnest($1::text[], $2::text[]) as x(name, pattern)
     where (name ilike pattern) is distinct from (lower(name) like lower(pattern))`,
    [pairs.map(([name]) => name), pairs.map(([, pattern]) => pattern)],
  );
  return rows;
}

describe('lower(name) like lower(pattern) matches what name ilike pattern matches', () => {
  it('in this database: UTF8, with a collation whose lower() is not ASCII-only', async () => {
    const { rows } = await t.database.pool.query<{ encoding: string; lowered: string }>(
      `select pg_encoding_to_char(encoding) as encoding, lower('ÀẸ́Σİẞ') as lowered
       from pg_database where datname = current_database()`,
    );
    expect(rows[0]!.encoding).toBe('UTF8');
    // Were lower() ASCII-only (a "C" ctype), the pairs below would prove less: ILIKE would be too.
    expect(rows[0]!.lowered).not.toBe('ÀẸ́Σİẞ');
  });

  it('for raw patterns of the letters, their wildcards and escapes included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 60 }), async (pairs) => {
        expect(await disagreements(pairs)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("for the search's own patterns (containsPattern), which match the search literally", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 60 }), async (pairs) => {
        const searches = pairs.map(([name, search]): [string, string] => [name, containsPattern(search)]);
        expect(await disagreements(searches)).toEqual([]);
        // lower() keeps the escapes: the pattern matches where the lowered search is a substring of
        // the lowered name, so `%`, `_` and `\` in a search are letters, not wildcards.
        const { rows } = await t.database.pool.query<{ name: string; search: string }>(
          `select name, search from unnest($1::text[], $2::text[], $3::text[]) as x(name, search, pattern)
           where (lower(name) like lower(pattern)) is distinct from (strpos(lower(name), lower(search)) > 0)`,
          [pairs.map(([name]) => name), pairs.map(([, search]) => search), searches.map(([, pattern]) => pattern)],
        );
        expect(rows).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED + 1 },
    );
  });

  it('through the list: the same products and count as ILIKE, on both ways the search finds its matches', async () => {
    const shop = await signUpCeo(t);
    const names = fc.sample(text(12), { numRuns: 400, seed: SEED + 2 });
    await t.db.insert(products).values(
      names.map((name, index) => ({
        business_id: shop.businessId,
        product_name: `${name}${index % 3 === 0 ? '' : ' x'}`,
        sku: `S${index}-${names[(index * 7) % names.length]}`,
        cost_price: '1.00',
        selling_price: '2.00',
      })),
    );
    const business = (await t.db.query.businesses.findFirst({ where: (b, { eq }) => eq(b.id, shop.businessId) }))!;
    const ctx = { db: direct.db, businessId: shop.businessId, role: 'ceo', business } as unknown as BusinessContext;
    const searches = fc
      .sample(fc.oneof(text(3), fc.constantFrom(...names).chain(searchOf)), { numRuns: 60, seed: SEED + 3 })
      .map((search) => search.trim())
      .filter((search) => search.length > 0);

    const expectSameAsIlike = async () => {
      for (const search of searches) {
        const query = ENDPOINTS.stock.listProducts.input!.parse({ business_id: shop.businessId, search });
        const answer = await listProducts(ctx, query as never);
        const { rows } = await t.database.pool.query<{ id: string; total: number }>(
          `select id, count(*) over ()::int as total from products
           where business_id = $1 and archived_at is null and (product_name ilike $2 or sku ilike $2)
           order by created_at desc, id desc limit 20`,
          [shop.businessId, containsPattern(search)],
        );
        expect({ search, count: answer.count, ids: answer.results.map((product) => product.id) }).toEqual({
          search,
          count: rows[0]?.total ?? 0,
          ids: rows.map((row) => Number(row.id)),
        });
      }
    };
    const holdsMost = async () => {
      const { rows } = await t.database.pool.query<{ most: boolean }>(
        `select coalesce((select live_products from product_counts where business_id = $1) * 2
           > (select reltuples from pg_class where oid = 'product_search'::regclass and reltuples >= 0), false) as most`,
        [shop.businessId],
      );
      return rows[0]!.most;
    };

    // This shop holds nearly all products: the trigrams alone find the candidates.
    await t.database.pool.query('analyze product_search');
    expect(await holdsMost()).toBe(true);
    await expectSameAsIlike();

    // product_search follows every write: a quarter of the products renamed (name and SKU), the
    // search still answers what ILIKE on the new names answers, and a renamed product is found by its
    // new name and no longer by its old SKU.
    await t.database.pool.query(
      `update products set product_name = reverse(product_name) || ' Ọ̀RANGE', sku = sku || '-ẞ'
       where business_id = $1 and id % 4 = 0`,
      [shop.businessId],
    );
    await expectSameAsIlike();
    const before = await t.database.pool.query<{ id: string; sku: string }>(
      `select id, sku from products where business_id = $1 and sku like 'S7-%'`,
      [shop.businessId],
    );
    const { id, sku: oldSku } = before.rows[0]!;
    await t.database.pool.query(
      `update products set product_name = 'Zebra ÀṢỌ', sku = 'ZB-Ẹ1' where business_id = $1 and id = $2`,
      [shop.businessId, id],
    );
    const found = async (search: string) => {
      const query = ENDPOINTS.stock.listProducts.input!.parse({ business_id: shop.businessId, search });
      return (await listProducts(ctx, query as never)).results.map((product) => product.id);
    };
    expect(await found('zebra àṣọ')).toEqual([Number(id)]);
    expect(await found('zb-ẹ1')).toEqual([Number(id)]);
    expect(await found(oldSku)).not.toContain(Number(id));

    // Another shop with twice as many: the index's business key narrows them.
    const other = await signUpCeo(t);
    await t.database.pool.query(
      `insert into products (business_id, product_name, sku, cost_price, selling_price)
       select $1, 'Filler ' || n, 'F-' || n, 1, 2 from generate_series(1, 900) as n`,
      [other.businessId],
    );
    await t.database.pool.query('analyze product_search');
    expect(await holdsMost()).toBe(false);
    await expectSameAsIlike();
    // The searches ran often enough on one connection for the statement's generic plan (db/statement-names.ts).
    const { rows } = await direct.pool.query<{ generic: number }>(
      `select coalesce(max(generic_plans), 0)::int as generic from pg_prepared_statements where statement like '%matches%'`,
    );
    expect(rows[0]!.generic).toBeGreaterThan(0);
  }, 60_000);
});
