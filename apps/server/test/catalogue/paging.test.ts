import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueLimits, getCatalogue } from '../../src/modules/catalogue/get-catalogue';
import type { ActorContext } from '../../src/platform/context';
import { type BusinessContext, requireBusiness } from '../../src/platform/tenancy';
import { createTestApp, type TestApp } from '../app';
import { createProduct, insertSale, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { settledCopy } from './copy';

/**
 * A copy comes in pages by version (ADR 0014), and a device that takes them one after another, with writes going
 * on meanwhile, misses nothing: not a product changed between two pages, not a write still in flight when a page
 * was read. The use case is called with small limits (a page of 2 products, a whole copy up to 3 products).
 */

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

function contextOf(owner: Owner): Promise<BusinessContext> {
  const actor = { userId: owner.user.id, sessionId: '', user: owner.user, via: 'bearer' as const };
  const ctx = { ...t.app.deps, client: { ip: '127.0.0.1', userAgent: undefined }, actor } as unknown as ActorContext;
  return requireBusiness(ctx, owner.businessId, 'sale.confirm');
}

const SMALL: CatalogueLimits = { pageSize: 2, fullCopy: 3 };

/** Every page from `since` through the use case, with `between` run after the first page. */
async function pagesOf(
  owner: Owner,
  since: number | undefined,
  limits: CatalogueLimits,
  between?: () => Promise<void>,
  follow?: number[],
) {
  const ctx = await contextOf(owner);
  const pages = [];
  let cursor: number | undefined;
  do {
    const page = await getCatalogue(ctx, { business_id: owner.businessId, since, cursor, follow }, limits);
    pages.push(page);
    if (pages.length === 1) await between?.();
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return pages;
}

const setPrice = (owner: Owner, id: number, selling_price: string) =>
  api.call(ENDPOINTS.stock.updateProduct, { business_id: owner.businessId, id, selling_price }, { token: owner.token });

describe('pages of a copy', () => {
  it('come by version, two products a page, each but the last telling the next cursor as its version', async () => {
    const ceo = await signUpCeo(t);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createProduct(t, ceo));
    await settledCopy(t, api, ceo);
    const pages = await pagesOf(ceo, undefined, { ...SMALL, fullCopy: 100 });
    expect(pages.map((page) => page.products.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.products.map((product) => product.id))).toEqual(made.map((p) => p.id));
    for (const page of pages.slice(0, -1)) expect(page.version).toBe(page.next_cursor);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    // Customers come on the first page of a copy only.
    expect(pages.slice(1).every((page) => page.customers.length === 0)).toBe(true);
  });

  it('never split the products one transaction wrote', async () => {
    const ceo = await signUpCeo(t);
    await t.database.pool.query(
      `insert into products (business_id, product_name, sku, cost_price, selling_price)
       select $1, 'Bulk ' || i, 'BLK-' || i, 10, 20 from generate_series(1, 3) i`,
      [ceo.businessId],
    );
    await settledCopy(t, api, ceo);
    const pages = await pagesOf(ceo, undefined, { ...SMALL, fullCopy: 100 });
    expect(pages[0]?.products).toHaveLength(3);
    expect(new Set(pages[0]?.products.map((product) => product.version)).size).toBe(1);
    // That page holds every change: it is the last, with no empty page after it to ask for.
    expect(pages).toHaveLength(1);
  });

  it('end at the page that holds the last change, full or not: no empty page to ask for', async () => {
    const ceo = await signUpCeo(t);
    for (let i = 0; i < 4; i++) await createProduct(t, ceo);
    await settledCopy(t, api, ceo);
    const pages = await pagesOf(ceo, undefined, { ...SMALL, fullCopy: 100 });
    expect(pages.map((page) => page.products.length)).toEqual([2, 2]);
    expect(pages[0]?.next_cursor).toBe(pages[0]?.products.at(-1)?.version);
    expect(pages[1]?.next_cursor).toBeNull();
    // The last page's version covers what the copy read, as an empty page after it would have told.
    expect(pages[1]?.version).toBeGreaterThanOrEqual(pages[1]?.products.at(-1)?.version ?? Number.POSITIVE_INFINITY);
  });

  it('lose no product changed between two pages: it comes again, as it is now', async () => {
    const ceo = await signUpCeo(t);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createProduct(t, ceo));
    await settledCopy(t, api, ceo);
    const first = made[0]!;
    const pages = await pagesOf(ceo, undefined, { ...SMALL, fullCopy: 100 }, async () => {
      await setPrice(ceo, first.id, '321.00');
      await settledCopy(t, api, ceo);
    });
    const seen = pages.flatMap((page) => page.products);
    expect(seen.filter((product) => product.id === first.id).map((product) => product.selling_price)).toEqual([
      '100.00',
      '321.00',
    ]);
    expect(new Set(seen.map((product) => product.id))).toEqual(new Set(made.map((product) => product.id)));
  });
});

describe('a write still in flight when a copy is read', () => {
  it('is left for the next delta, and the copy does not run past it', async () => {
    const ceo = await signUpCeo(t);
    const slow = await createProduct(t, ceo);
    const quick = await createProduct(t, ceo);
    const base = (await settledCopy(t, api, ceo)).version;
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('update products set selling_price = 555 where business_id = $1 and id = $2', [
        ceo.businessId,
        slow.id,
      ]);
      // Committed after the slow write began: a copy read now must not answer a version that passes the slow one.
      expect((await setPrice(ceo, quick.id, '444.00')).status).toBe(200);
      const meanwhile = (await pagesOf(ceo, base, SMALL)).at(-1)!;
      expect(meanwhile.products.map((product) => product.id)).not.toContain(slow.id);
      await client.query('commit');
      const after = await settledCopy(t, api, ceo, meanwhile.version);
      const changed = Object.fromEntries(after.products.map((product) => [product.id, product.selling_price]));
      expect(changed[slow.id]).toBe('555.00');
      // The quick one too, unless the copy read meanwhile had it already.
      if (!meanwhile.products.some((product) => product.id === quick.id)) expect(changed[quick.id]).toBe('444.00');
    } finally {
      client.release();
    }
  });
});

describe('a business with more products than a phone keeps', () => {
  it('answers a partial copy: the products sold in the last 90 days', async () => {
    const ceo = await signUpCeo(t);
    const recent = await createProduct(t, ceo);
    const old = await createProduct(t, ceo);
    await createProduct(t, ceo);
    await createProduct(t, ceo);
    await insertSale(t, ceo.businessId, { lines: [{ product: recent, quantity: 1, unitPrice: '100.00' }] });
    await insertSale(t, ceo.businessId, {
      lines: [{ product: old, quantity: 1, unitPrice: '100.00' }],
      createdAt: new Date(Date.now() - 100 * 86_400_000),
    });
    await settledCopy(t, api, ceo);
    const pages = await pagesOf(ceo, undefined, SMALL);
    expect(pages.every((page) => page.is_partial)).toBe(true);
    expect(pages.flatMap((page) => page.products.map((product) => product.id))).toEqual([recent.id]);
    // Under the limit, the same business is copied whole.
    const whole = await pagesOf(ceo, undefined, { ...SMALL, fullCopy: 4 });
    expect(whole.every((page) => !page.is_partial)).toBe(true);
    expect(whole.flatMap((page) => page.products)).toHaveLength(4);
  });

  it("tells the changes of the products the phone found by searching and follows, and no other's", async () => {
    const ceo = await signUpCeo(t);
    const sold = await createProduct(t, ceo);
    const searched = await createProduct(t, ceo);
    const unseen = await createProduct(t, ceo);
    await createProduct(t, ceo);
    await insertSale(t, ceo.businessId, { lines: [{ product: sold, quantity: 1, unitPrice: '100.00' }] });
    await settledCopy(t, api, ceo);
    const first = await pagesOf(ceo, undefined, SMALL);
    expect(first.flatMap((page) => page.products.map((product) => product.id))).toEqual([sold.id]);
    const version = first.at(-1)?.version;

    // The phone searched online and keeps `searched`; both products change afterwards.
    await setPrice(ceo, searched.id, '321.00');
    await setPrice(ceo, unseen.id, '654.00');
    const neighbour = await signUpCeo(t);
    const theirs = await createProduct(t, neighbour);
    await setPrice(neighbour, theirs.id, '999.00');
    await settledCopy(t, api, ceo, version);
    const delta = await pagesOf(ceo, version, SMALL, undefined, [searched.id, theirs.id]);
    const told = delta.flatMap((page) => page.products);
    expect(told.map((product) => [product.id, product.selling_price])).toEqual([[searched.id, '321.00']]);
    expect(delta.every((page) => page.is_partial)).toBe(true);
    // Not following it, the phone is told nothing of it: the copy is what sold lately.
    const unfollowed = await pagesOf(ceo, version, SMALL);
    expect(unfollowed.flatMap((page) => page.products)).toEqual([]);
  });
});
