import { ENDPOINTS, MAX_BATCH_QUANTITY, STOCK_MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product_batches } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { createProduct, type Owner, productBody, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  shop = await signUpCeo(t);
});
afterAll(() => t.close());

const IMPOSSIBLE = ['0000-01-01', '2025-02-30', '20250-01-01', '2025-13-01', '1899-12-31'];

describe('impossible dates answer 400, never 500', () => {
  it('in batches (new product, received batch)', async () => {
    const product = await createProduct(t, shop);
    for (const date of IMPOSSIBLE) {
      const created = await api.send(ENDPOINTS.stock.createProduct, {
        token: shop.token,
        body: productBody(shop.business.id, { batches: [{ quantity: 1, expiration_date: date }] }),
      });
      expect(created.status, date).toBe(400);
      const received = await api.send(ENDPOINTS.stock.receiveBatch, {
        token: shop.token,
        body: {
          business_id: shop.business.id,
          product_id: product.id,
          batch_number: `R-${date}`,
          quantity: 1,
          expiration_date: date,
        },
      });
      expect(received.status, date).toBe(400);
    }
    const leap = await api.send(ENDPOINTS.stock.createProduct, {
      token: shop.token,
      body: productBody(shop.business.id, { batches: [{ quantity: 1, expiration_date: '2028-02-29' }] }),
    });
    expect(leap.status).toBe(201);
  });

  it('in report periods', async () => {
    for (const date of IMPOSSIBLE) {
      const report = await api.send(ENDPOINTS.businesses.getReport, {
        token: shop.token,
        query: { business_id: shop.business.id, from: date, to: '2026-01-31' },
      });
      expect(report.status, date).toBe(400);
    }
  });
});

describe("a product's stock stays in the integer range", () => {
  it('refuses the 22nd PUT /stock/update/ of 100,000,000 with 4xx; the product and its cart still work', async () => {
    const product = await createProduct(t, shop, { batches: [{ quantity: 0 }] });
    const add = () =>
      api.call(
        ENDPOINTS.stock.updateStock,
        { business_id: shop.business.id, product_id: product.id, quantity: MAX_BATCH_QUANTITY },
        { token: shop.token },
      );
    for (let index = 1; index <= 21; index++) expect((await add()).status).toBe(200);
    const over = await add();
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe(STOCK_MESSAGES.productStockTooLarge);

    const shown = await api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: shop.business.id, product_id: product.id },
      { token: shop.token },
    );
    expect(shown.data.quantity_in_stock).toBe(21 * MAX_BATCH_QUANTITY);
    const cart = await api.call(
      ENDPOINTS.sales.createCart,
      { business_id: shop.business.id, items: [{ product_id: product.id, quantity: 1 }] },
      { token: shop.token },
    );
    expect(cart.status).toBe(201);
  });

  it('a product whose batches sum past 2^31 - 1 (written before the bound) does not break its cart', async () => {
    const product = await createProduct(t, shop, { batches: [{ quantity: 1 }, { quantity: 1 }] });
    await t.db
      .update(product_batches)
      .set({ quantity: 2_000_000_000 })
      .where(sql`${product_batches.product_id} = ${product.id}`);
    const cart = await api.call(
      ENDPOINTS.sales.createCart,
      { business_id: shop.business.id, items: [{ product_id: product.id, quantity: 1 }] },
      { token: shop.token },
    );
    expect(cart.status).toBe(201);
    const listed = await api.call(ENDPOINTS.sales.listCarts, { business_id: shop.business.id }, { token: shop.token });
    expect(listed.status).toBe(200);
  });
});
