import { CATALOGUE_FOLLOW_LIMIT, ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { addMember, confirm, createCart, createProduct, insertSale, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { settledCopy, wholeCopy } from './copy';

/**
 * The device's copy of what selling needs (GET /counter/catalogue/, ADR 0014): a whole copy, then deltas since
 * the version it kept, which hold exactly the products changed since: by an edit, a sale, a receipt, a removal.
 */

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('a whole copy', () => {
  let ceo: Owner;
  beforeAll(async () => {
    ceo = await signUpCeo(t);
  });

  it('holds the live products with prices, barcode, unexpired stock and next expiry; customers with what they owe', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const product = await createProduct(t, ceo, {
      product_name: 'Indomie Chicken',
      barcode: '6154000034015',
      selling_price: '250.00',
      selling_price_discount_percentage: '5.00',
      batches: [
        { quantity: 7, expiration_date: soon },
        { quantity: 3, expiration_date: null },
      ],
    });
    const removed = await createProduct(t, ceo);
    await api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: ceo.businessId, id: removed.id },
      { token: ceo.token },
    );
    const customer = await addMember(t, ceo.businessId, { role: 'customer', first_name: 'Bisi', last_name: 'Ade' });
    await insertSale(t, ceo.businessId, {
      lines: [{ product, quantity: 2, unitPrice: '250.00' }],
      customerId: customer.id,
      paymentStatus: 'not_paid',
    });

    // Settled: another test file's transaction still running holds the cluster's xmin, and with it this write.
    const settled = await settledCopy(t, api, ceo);
    expect(settled.pages).toHaveLength(1);
    const copy = settled.pages[0]!;
    expect(copy.products).toEqual([
      {
        id: product.id,
        product_name: 'Indomie Chicken',
        sku: product.sku,
        barcode: '6154000034015',
        currency: 'NGN',
        selling_price: '250.00',
        selling_price_discount_percentage: '5.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
        cost_price: '50.00',
        stock_quantity: 10,
        next_expiry: soon,
        is_removed: false,
        version: expect.any(Number),
        base_unit: 'piece',
        is_weighed: false,
        packs: [],
      },
    ]);
    expect(copy.customers).toEqual([{ id: customer.id, name: 'Bisi Ade', phone_number: null, owed: '500.00' }]);
    expect(copy).toMatchObject({ next_cursor: null, is_partial: false });
    expect(copy.version).toBeGreaterThanOrEqual(copy.products[0]!.version);
    expect(Date.parse(copy.taken_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("never holds another business's products or customers, whatever since is asked", async () => {
    const neighbour = await signUpCeo(t);
    const theirs = await createProduct(t, neighbour);
    const theirCustomer = await addMember(t, neighbour.businessId, { role: 'customer' });
    for (const since of [undefined, 0]) {
      const copy = await wholeCopy(api, ceo, since);
      const ids = copy.products.map((product) => product.id);
      expect(ids).not.toContain(theirs.id);
      expect(copy.pages[0]!.customers.map((customer) => customer.id)).not.toContain(theirCustomer.id);
    }
    // And their own copy is theirs alone.
    expect((await settledCopy(t, api, neighbour)).products.map((product) => product.id)).toEqual([theirs.id]);
  });

  it('takes the products a phone follows as ids joined by commas, at most 500, and refuses anything else with words', async () => {
    const ask = (follow: string) =>
      api.call(
        ENDPOINTS.catalogue.getCatalogue,
        { business_id: ceo.businessId, since: 0, follow },
        { token: ceo.token },
      );
    const many = Array.from({ length: CATALOGUE_FOLLOW_LIMIT }, (_, index) => index + 1);
    expect((await ask('7')).status).toBe(200);
    expect((await ask(many.join(','))).status).toBe(200);
    for (const bad of ['1,,2', '1;2', '-1', '1.5', 'abc', `${many.join(',')},${CATALOGUE_FOLLOW_LIMIT + 1}`]) {
      const answer = await ask(bad);
      expect(answer.status, bad).toBe(400);
      expect(JSON.stringify(answer.body), bad).toContain('follow');
    }
  });
});

describe('a delta since a version', () => {
  let ceo: Owner;
  let kept: number;
  let first: Awaited<ReturnType<typeof createProduct>>;
  let second: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    ceo = await signUpCeo(t);
    first = await createProduct(t, ceo, { batches: [{ quantity: 10 }] });
    second = await createProduct(t, ceo, { batches: [{ quantity: 10 }] });
  });

  /** The version of a copy that holds everything written so far. */
  const settledVersion = async () => (await settledCopy(t, api, ceo)).version;

  it('holds nothing when nothing changed', async () => {
    kept = await settledVersion();
    const copy = await wholeCopy(api, ceo, kept);
    expect(copy.products).toEqual([]);
    expect(copy.version).toBeGreaterThanOrEqual(kept);
  });

  it('holds the product whose price changed, and only it', async () => {
    kept = await settledVersion();
    await api.call(
      ENDPOINTS.stock.updateProduct,
      { business_id: ceo.businessId, id: first.id, selling_price: '175.00' },
      { token: ceo.token },
    );
    const delta = await settledCopy(t, api, ceo, kept);
    expect(delta.products.map((product) => [product.id, product.selling_price])).toEqual([[first.id, '175.00']]);
    expect(delta.products[0]!.version).toBeGreaterThan(kept);
  });

  it('holds the product a sale took stock from, with its new quantity', async () => {
    kept = await settledVersion();
    const cart = await createCart(t, ceo, [{ product_id: second.id, quantity: 4 }]);
    expect((await confirm(t, ceo, cart.id)).status).toBe(201);
    const delta = await settledCopy(t, api, ceo, kept);
    expect(delta.products.map((product) => [product.id, product.stock_quantity])).toEqual([[second.id, 6]]);
  });

  it('holds the product that received stock', async () => {
    kept = await settledVersion();
    const received = await api.call(
      ENDPOINTS.stock.receiveBatch,
      { business_id: ceo.businessId, product_id: first.id, batch_number: 'R-100', quantity: 5 },
      { token: ceo.token },
    );
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    const delta = await settledCopy(t, api, ceo, kept);
    expect(delta.products.map((product) => [product.id, product.stock_quantity])).toEqual([[first.id, 15]]);
  });

  it('tells a deleted product and an archived one as removed', async () => {
    const neverSold = await createProduct(t, ceo);
    kept = await settledVersion();
    await api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: ceo.businessId, id: neverSold.id },
      { token: ceo.token },
    );
    const deleted = await settledCopy(t, api, ceo, kept);
    expect(deleted.products).toMatchObject([{ id: neverSold.id, is_removed: true }]);

    kept = await settledVersion();
    // `second` was sold above: its deletion archives it.
    const archived = await api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: ceo.businessId, id: second.id },
      { token: ceo.token },
    );
    expect(archived.data).toMatchObject({ archived: true });
    const delta = await settledCopy(t, api, ceo, kept);
    expect(delta.products).toMatchObject([{ id: second.id, is_removed: true }]);
    // A fresh copy leaves both out.
    const fresh = await wholeCopy(api, ceo);
    expect(fresh.products.map((product) => product.id)).toEqual([first.id]);
  });

  it('holds a barcode given on edit', async () => {
    kept = await settledVersion();
    await api.call(
      ENDPOINTS.stock.updateProduct,
      { business_id: ceo.businessId, id: first.id, barcode: '0012345678905' },
      { token: ceo.token },
    );
    const delta = await settledCopy(t, api, ceo, kept);
    expect(delta.products).toMatchObject([{ id: first.id, barcode: '0012345678905' }]);
  });
});
