import 'fake-indexeddb/auto';
import type { Catalogue, CatalogueProduct } from '@oja/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { syncCatalogue } from './catalogue';
import { classifyFailure } from './counter-service';
import { counterDb } from './store';

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

describe("the phone's copy of the catalogue", () => {
  it('takes every page of the first copy, then only what changed since its version', async () => {
    const asked: { since?: number; cursor?: number }[] = [];
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
    expect(await db.products.count()).toBe(3);
    expect(await db.meta.get('catalogue')).toMatchObject({ version: 10, taken_at: '2026-12-05T10:42:00.000Z' });

    // A delta: product 2 changed price, product 3 was deleted, a new one came.
    const meta = await syncCatalogue(db, async (query) => {
      asked.push(query);
      return page({
        version: 14,
        products: [product(2, 12, { selling_price: '250.00' }), product(3, 13, { is_removed: true }), product(4, 14)],
      });
    });
    expect(asked.at(-1)).toEqual({ since: 10, cursor: undefined });
    expect(meta.version).toBe(14);
    expect((await db.products.toArray()).map((each) => [each.id, each.selling_price])).toEqual([
      [1, '100.00'],
      [2, '250.00'],
      [4, '100.00'],
    ]);
    expect(await db.customers.count()).toBe(1);
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
    expect(await db.products.count()).toBe(1);
    expect(await db.meta.get('catalogue')).toMatchObject({ version: 10 });
  });

  it('writes a large copy in batches, still all or nothing', async () => {
    const many = Array.from({ length: 1_200 }, (_, index) => product(index + 1, 1));
    await syncCatalogue(db, async () => page({ products: many }));
    expect(await db.products.count()).toBe(1_200);

    // A first copy again (the store forgot its version) whose last batch cannot be stored: nothing of it stays,
    // the copy before it is whole.
    await db.meta.delete('catalogue');
    const broken = [...many.map((each) => ({ ...each, version: 2 })), { ...product(0, 2), id: Number.NaN }];
    await expect(syncCatalogue(db, async () => page({ version: 30, products: broken }))).rejects.toThrow();
    expect(await db.products.count()).toBe(1_200);
    expect((await db.products.get(1))?.version).toBe(1);
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
