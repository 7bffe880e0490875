import { ENDPOINTS, MAX_BATCH_QUANTITY, STOCK_MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { product_batches } from '../../src/db/schema';
import { createProduct, productBody } from '../factories';
import { useShop } from '../shop';

const shop = useShop();

const IMPOSSIBLE = ['0000-01-01', '2025-02-30', '20250-01-01', '2025-13-01', '1899-12-31'];

describe('impossible dates answer 400, never 500', () => {
  it('in batches (new product, received batch)', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    for (const date of IMPOSSIBLE) {
      const created = await shop.api.send(ENDPOINTS.stock.createProduct, {
        token: shop.ceo.token,
        body: productBody(shop.ceo.business.id, { batches: [{ quantity: 1, expiration_date: date }] }),
      });
      expect(created.status, date).toBe(400);
      const received = await shop.api.send(ENDPOINTS.stock.receiveBatch, {
        token: shop.ceo.token,
        body: {
          business_id: shop.ceo.business.id,
          product_id: product.id,
          batch_number: `R-${date}`,
          quantity: 1,
          expiration_date: date,
        },
      });
      expect(received.status, date).toBe(400);
    }
    const leap = await shop.api.send(ENDPOINTS.stock.createProduct, {
      token: shop.ceo.token,
      body: productBody(shop.ceo.business.id, { batches: [{ quantity: 1, expiration_date: '2028-02-29' }] }),
    });
    expect(leap.status).toBe(201);
  });

  it('in report periods', async () => {
    for (const date of IMPOSSIBLE) {
      const report = await shop.api.send(ENDPOINTS.businesses.getReport, {
        token: shop.ceo.token,
        query: { business_id: shop.ceo.business.id, from: date, to: '2026-01-31' },
      });
      expect(report.status, date).toBe(400);
    }
  });
});

describe("a product's stock stays in the integer range", () => {
  it('refuses the 22nd PUT /stock/update/ of 100,000,000 with 4xx; the product and its cart still work', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 0 }] });
    const add = () =>
      shop.api.call(
        ENDPOINTS.stock.updateStock,
        { business_id: shop.ceo.business.id, product_id: product.id, quantity: MAX_BATCH_QUANTITY },
        { token: shop.ceo.token },
      );
    for (let index = 1; index <= 21; index++) expect((await add()).status).toBe(200);
    const over = await add();
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe(STOCK_MESSAGES.productStockTooLarge);

    const shown = await shop.api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: shop.ceo.business.id, product_id: product.id },
      { token: shop.ceo.token },
    );
    expect(shown.data.quantity_in_stock).toBe(21 * MAX_BATCH_QUANTITY);
    const cart = await shop.api.call(
      ENDPOINTS.sales.createCart,
      { business_id: shop.ceo.business.id, items: [{ product_id: product.id, quantity: 1 }] },
      { token: shop.ceo.token },
    );
    expect(cart.status).toBe(201);
  });

  it('a product whose batches sum past 2^31 - 1 (written before the bound) does not break its cart', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 1 }, { quantity: 1 }] });
    await shop.t.db
      .update(product_batches)
      .set({ quantity: 2_000_000_000 })
      .where(sql`${product_batches.product_id} = ${product.id}`);
    const cart = await shop.api.call(
      ENDPOINTS.sales.createCart,
      { business_id: shop.ceo.business.id, items: [{ product_id: product.id, quantity: 1 }] },
      { token: shop.ceo.token },
    );
    expect(cart.status).toBe(201);
    const listed = await shop.api.call(
      ENDPOINTS.sales.listCarts,
      { business_id: shop.ceo.business.id },
      { token: shop.ceo.token },
    );
    expect(listed.status).toBe(200);
  });
});
