import 'fake-indexeddb/auto';
import { CATALOGUE_FOLLOW_LIMIT, type Catalogue, type CatalogueProduct } from '@oja/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { readCopy, readCustomers, syncCatalogue } from './catalogue';
import { classifyFailure } from './counter-service';
import { keepFound } from './shop-search';
import { type CatalogueMeta, counterDb } from './store';

const product = (id: number, version: number, extra: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id,
  product_name: `Product ${id}`,
  sku: `SKU-${id}`,
  barcode: null,
  currency: 'NGN',
  selling_price: '100.00',
  selling_price_discount_percentage: '0.00',
  wholesale_price: null,
  wholesale_price_discount_percentage: '0.00',
  cost_price: null,
  stock_quantity: 5,
  next_expiry: null,
  is_removed: false,
  version,
  ...extra,
});

const page = (over: Partial<Catalogue>): Catalogue => ({
  version: 10,
  products: [],
  customers: [],
  next_cursor: null,
  is_partial: false,
  taken_at: '2026-12-05T10:42:00.000Z',
  ...over,
});

const db = counterDb(900, 1);
afterEach(() => db.delete().then(() => db.open()));

/** The copy's live products as the Sell screen reads them: [id, price] by id. */
const held = async () =>
  [...(await readCopy(db)).products.values()]
    .map((each) => [each.id, each.selling_price] as const)
    .sort((a, b) => a[0] - b[0]);

/** The same read by a tab that did not write the copy: from the store, not from memory. */
const readElsewhere = async () => {
  const meta = (await db.meta.get('catalogue')) as CatalogueMeta | undefined;
  if (meta) await db.meta.put({ ...meta, stamp: 'another tab' });
  return held();
};

describe("the phone's copy of the catalogue", () => {
  it('takes every page of the first copy, then only what changed since its version', async () => {
    const asked: { since?: number; cursor?: number; follow?: string }[] = [];
    const first = [
      page({ version: 10, products: [product(1, 3), product(2, 4)], next_cursor: 2 }),
      page({
        version: 10,
        products: [product(3, 9)],
        customers: [{ id: 7, name: 'Chidi', phone_number: null, owed: '0.00' }],
      }),
    ];
    await syncCatalogue(db, async (query) => {
      asked.push(query);
      return first[asked.length - 1] as Catalogue;
    });
    expect(asked).toEqual([
      { since: undefined, cursor: undefined },
      { since: undefined, cursor: 2 },
    ]);
    expect(await held()).toEqual([
      [1, '100.00'],
      [2, '100.00'],
      [3, '100.00'],
    ]);
    // A first copy is a record a page, not a record a product.
    expect(await db.pages.count()).toBe(2);
    expect(await db.products.count()).toBe(0);
    expect(await db.meta.get('catalogue')).toMatchObject({ version: 10, taken_at: '2026-12-05T10:42:00.000Z' });

    // A delta: product 2 changed price, product 3 was deleted, a new one came.
    const meta = await syncCatalogue(db, async (query) => {
      asked.push(query);
      return page({
        version: 14,
        products: [product(2, 12, { selling_price: '250.00' }), product(3, 13, { is_removed: true }), product(4, 14)],
        // Every copy's first page holds every customer with what they owe now.
        customers: [{ id: 7, name: 'Chidi', phone_number: null, owed: '500.00' }],
      });
    });
    expect(asked.at(-1)).toEqual({ since: 10, cursor: undefined });
    expect(meta.version).toBe(14);
    const expected = [
      [1, '100.00'],
      [2, '250.00'],
      [4, '100.00'],
    ];
    expect(await held()).toEqual(expected);
    // Another tab, or this one after a reload, reads the same copy from the store.
    expect(await readElsewhere()).toEqual(expected);
    expect(await readCustomers(db)).toEqual([{ id: 7, name: 'Chidi', phone_number: null, owed: '500.00' }]);
  });

  it('keeps the old copy whole when a page fails on the way', async () => {
    await syncCatalogue(db, async () => page({ products: [product(1, 3)] }));
    let calls = 0;
    await expect(
      syncCatalogue(db, async () => {
        calls += 1;
        if (calls === 2) throw new ApiError('', 0, 'network');
        return page({ version: 20, products: [product(1, 19, { is_removed: true })], next_cursor: 5 });
      }),
    ).rejects.toThrow();
    expect(await held()).toEqual([[1, '100.00']]);
    expect(await db.meta.get('catalogue')).toMatchObject({ version: 10 });
  });

  it('stores a copy all or nothing: a write that fails leaves the copy before it, in the store and in memory', async () => {
    const many = Array.from({ length: 1_200 }, (_, index) => product(index + 1, 1));
    await syncCatalogue(db, async () => page({ products: many }));
    expect((await readCopy(db)).products.size).toBe(1_200);

    // A first copy again (the store forgot its version) whose last product cannot be written: nothing of it stays.
    await db.meta.delete('catalogue');
    const unwritable = product(1_201, 2, { selling_price: 1n as unknown as string });
    const broken = page({
      version: 30,
      products: [...many.map((each) => ({ ...each, selling_price: '1.00', version: 2 })), unwritable],
    });
    await expect(syncCatalogue(db, async () => broken)).rejects.toThrow();
    expect((await readCopy(db)).products.get(1)?.selling_price).toBe('100.00');
    expect((await readElsewhere()).length).toBe(1_200);
  });

  it('writes many changes again as pages, the copy the same', async () => {
    await syncCatalogue(db, async () => page({ products: [product(1, 3), product(2, 3)] }));
    const changed = Array.from({ length: 1_500 }, (_, index) => product(index + 2, 11, { selling_price: '7.00' }));
    await syncCatalogue(db, async () =>
      page({ version: 12, products: [product(1, 11, { is_removed: true }), ...changed] }),
    );
    expect(await db.products.count()).toBe(0);
    const copy = await readElsewhere();
    expect(copy).toHaveLength(1_500);
    expect(copy.every(([id, price]) => id >= 2 && price === '7.00')).toBe(true);
  });

  it('reads a store written before pages: its products as records', async () => {
    await db.products.bulkPut([product(5, 1), product(6, 1, { is_removed: true })]);
    await db.meta.put({
      key: 'catalogue',
      version: 3,
      taken_at: '2026-12-01T08:00:00.000Z',
      is_partial: false,
      synced_at: 0,
    });
    expect(await held()).toEqual([[5, '100.00']]);
    await syncCatalogue(db, async () => page({ version: 9, products: [product(7, 8)] }));
    expect(await readElsewhere()).toEqual([
      [5, '100.00'],
      [7, '100.00'],
    ]);
  });
});

describe("a partial copy's products found online", () => {
  const partialCopy = () => syncCatalogue(db, async () => page({ is_partial: true, products: [product(1, 3)] }));

  it('are kept, and followed by every delta after, the most recently found first', async () => {
    await partialCopy();
    await keepFound(db, [product(1, 3), product(50, 4), product(51, 4)]);
    await keepFound(db, [product(51, 4), product(52, 5)]);
    expect((await held()).map(([id]) => id)).toEqual([1, 50, 51, 52]);
    // Product 1 is the copy's own: only what the copy did not hold is followed.
    expect((await db.meta.get('catalogue')) as CatalogueMeta).toMatchObject({ followed: [51, 52, 50] });

    const asked: { since?: number; follow?: string }[] = [];
    await syncCatalogue(db, async (query) => {
      asked.push(query);
      return page({ version: 15, is_partial: true, products: [product(50, 14, { selling_price: '120.00' })] });
    });
    expect(asked).toEqual([{ since: 10, cursor: undefined, follow: '51,52,50' }]);
    expect(await readElsewhere()).toEqual([
      [1, '100.00'],
      [50, '120.00'],
      [51, '100.00'],
      [52, '100.00'],
    ]);
  });

  it('found while a delta was on its way: the version stays, and the next delta asks for them', async () => {
    await partialCopy();
    await syncCatalogue(db, async () => {
      await keepFound(db, [product(60, 12)]);
      return page({ version: 16, is_partial: true });
    });
    expect(await db.meta.get('catalogue')).toMatchObject({ version: 10, followed: [60] });
    const asked: { since?: number; follow?: string }[] = [];
    await syncCatalogue(db, async (query) => {
      asked.push(query);
      return page({ version: 17, is_partial: true });
    });
    expect(asked).toEqual([{ since: 10, cursor: undefined, follow: '60' }]);
    expect(await db.meta.get('catalogue')).toMatchObject({ version: 17 });
  });

  it(`past ${CATALOGUE_FOLLOW_LIMIT}, the oldest found leave the copy: no delta would keep them true`, async () => {
    await partialCopy();
    const found = Array.from({ length: CATALOGUE_FOLLOW_LIMIT }, (_, index) => product(1_000 + index, 5));
    await keepFound(db, found);
    await keepFound(db, [product(5_000, 5), product(1, 3)]);
    const copy = await readElsewhere();
    expect(copy).toHaveLength(CATALOGUE_FOLLOW_LIMIT + 1);
    // Of one answer, the last listed counts as the oldest found.
    expect(copy.map(([id]) => id)).not.toContain(1_000 + CATALOGUE_FOLLOW_LIMIT - 1);
    expect(copy.map(([id]) => id)).toContain(5_000);
    const meta = (await db.meta.get('catalogue')) as CatalogueMeta;
    expect(meta.followed).toHaveLength(CATALOGUE_FOLLOW_LIMIT);
    expect(meta.followed?.[0]).toBe(5_000);
  });
});

describe('what a failed send comes to', () => {
  it('retries what the network or the server failed, and sets aside what the server refused with its reason', () => {
    expect(classifyFailure(new ApiError('', 0, 'network'))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(new ApiError('', 503, 'internal'))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(new ApiError('Session expired', 401, 'unauthenticated'))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(new ApiError('Slow down', 429, 'rate_limited'))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(new Error('aborted'))).toMatchObject({ kind: 'retry' });
    expect(
      classifyFailure(
        new ApiError('Check the sale.', 400, 'validation_error', { sold_at: ["This sale's time is in the future."] }),
      ),
    ).toEqual({ kind: 'refused', message: "Check the sale. This sale's time is in the future.", fields: ['sold_at'] });
    // The server's message repeated under its field is said once.
    expect(
      classifyFailure(new ApiError('Not sold here.', 400, 'validation_error', { lines: ['Not sold here.'] })),
    ).toEqual({ kind: 'refused', message: 'Not sold here.', fields: ['lines'] });
    expect(classifyFailure(new ApiError('Only the CEO or a salesperson can sell.', 403, 'forbidden'))).toEqual({
      kind: 'refused',
      message: 'Only the CEO or a salesperson can sell.',
      fields: [],
    });
  });
});
