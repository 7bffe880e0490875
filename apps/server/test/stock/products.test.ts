import {
  ENDPOINTS,
  type EndpointInput,
  MESSAGES,
  MONEY_MESSAGES,
  type Product,
  SALES_MESSAGES,
  STOCK_MESSAGES,
} from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart_items, product_batches, products, sale_lines, sales, stock_movements } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, lagosDay, productBody, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let ceo: Awaited<ReturnType<typeof signUpCeo>>;
let businessId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  ceo = await signUpCeo(t);
  businessId = ceo.business.id;
});
afterAll(() => t.close());

const P = MESSAGES.product;

type ListQuery = Partial<EndpointInput<typeof ENDPOINTS.stock.listProducts>>;

async function list(query: ListQuery = {}, id = businessId) {
  const answer = await api.call(ENDPOINTS.stock.listProducts, { business_id: id, ...query }, { token: ceo.token });
  expect(answer.status).toBe(200);
  return answer.data;
}

describe('creating a product', () => {
  it('answers the product with its batches, soonest expiry first and no expiry last, and a generated SKU', async () => {
    const answer = await api.call(
      ENDPOINTS.stock.createProduct,
      productBody(businessId, {
        product_name: 'Peak Milk 400g',
        cost_price: '2000',
        selling_price: '2500.5',
        selling_price_discount_percentage: '5',
        wholesale_price: undefined,
        batches: [
          { batch_number: 'NOEXP', quantity: 4 },
          { batch_number: 'LATER', quantity: 3, expiration_date: lagosDay(90) },
          { batch_number: 'SOON1', quantity: 2, expiration_date: lagosDay(10) },
        ],
      }),
      { token: ceo.token },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe(P.created);
    const product = answer.data;
    expect(product).toMatchObject({
      product_name: 'Peak Milk 400g',
      cost_price: '2000.00',
      selling_price: '2500.50',
      selling_price_discount_percentage: '5.00',
      wholesale_price: null,
      wholesale_price_discount_percentage: '0.00',
      currency: 'NGN',
      quantity_in_stock: 9,
      expired_quantity: 0,
      business: { id: businessId, slug: ceo.business.slug },
    });
    expect(product.sku).toMatch(/^PEA-[2-9A-Z]{6}$/);
    expect(product.batches.map((batch) => batch.batch_number)).toEqual(['SOON1', 'LATER', 'NOEXP']);
    expect(product.batches.map((batch) => batch.expiration_date)).toEqual([lagosDay(10), lagosDay(90), null]);
  });

  it('brings the opening quantities in through the ledger', async () => {
    const product = await createProduct(t, ceo, {
      batches: [
        { batch_number: 'OPEN-1', quantity: 7 },
        { batch_number: 'OPEN-2', quantity: 0 },
      ],
    });
    const movements = await t.db
      .select({ delta: stock_movements.delta, reason: stock_movements.reason, user_id: stock_movements.user_id })
      .from(stock_movements)
      .where(and(eq(stock_movements.business_id, businessId), eq(stock_movements.product_id, product.id)));
    expect(movements).toEqual([{ delta: 7, reason: 'initial', user_id: ceo.user.id }]);
  });

  it('answers each of the spec validation messages, field by field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ product_name: 'Ri' }, 'product_name', P.nameMin],
      [{ product_name: undefined }, 'product_name', P.nameMin],
      [{ cost_price: '0' }, 'cost_price', P.costPositive],
      [{ cost_price: '-5.00' }, 'cost_price', P.costPositive],
      [{ cost_price: undefined }, 'cost_price', P.costPositive],
      [{ selling_price: '0.00' }, 'selling_price', P.sellingPositive],
      [{ selling_price: 'abc' }, 'selling_price', MONEY_MESSAGES.format],
      [{ selling_price: 1000 }, 'selling_price', MONEY_MESSAGES.format],
      [{ selling_price: '1e3' }, 'selling_price', MONEY_MESSAGES.format],
      [{ selling_price: { a: 1 } }, 'selling_price', MONEY_MESSAGES.format],
      [{ cost_price: '1.005' }, 'cost_price', MONEY_MESSAGES.decimals],
      [{ selling_price: '999999999999999.99' }, 'selling_price', MONEY_MESSAGES.tooLarge],
      [{ selling_price_discount_percentage: '100.01' }, 'selling_price_discount_percentage', P.discountRange],
      [{ wholesale_price_discount_percentage: '-1' }, 'wholesale_price_discount_percentage', P.discountRange],
      [{ batches: [{ batch_number: 'AB', quantity: 1 }] }, 'batches.0.batch_number', P.batchNumberMin],
      [{ batches: [{ batch_number: 'ABC', quantity: -1 }] }, 'batches.0.quantity', P.quantityNonNegative],
      [{ batches: [{ batch_number: 'ABC', quantity: 1.5 }] }, 'batches.0.quantity', STOCK_MESSAGES.wholeQuantity],
      [{ batches: [{ quantity: 1 }] }, 'batches.0.batch_number', P.createRequired],
      [{ batches: [{ batch_number: 'ABC' }] }, 'batches.0.quantity', P.createRequired],
      [{ batches: [] }, 'batches', P.createRequired],
      [{ batches: undefined }, 'batches', P.createRequired],
      [{ business_id: undefined }, 'business_id', P.createRequired],
      [{ currency: '' }, 'currency', P.currencyRequired],
    ];
    const before = (await t.db.select({ id: products.id }).from(products)).length;
    for (const [overrides, field, message] of cases) {
      const answer = await api.send(ENDPOINTS.stock.createProduct, {
        token: ceo.token,
        body: { ...productBody(businessId), ...overrides },
      });
      expect(answer.status, `${field}: ${message}`).toBe(400);
      expect(answer.body.errors?.[field], field).toEqual([message]);
    }
    expect((await t.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it('refuses unknown fields, a currency outside the list and repeated batch numbers', async () => {
    const unknown = await api.send(ENDPOINTS.stock.createProduct, {
      token: ceo.token,
      body: { ...productBody(businessId), quantity_in_stock: 99 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.quantity_in_stock).toEqual(['Unknown field: quantity_in_stock.']);
    const gbp = await api.send(ENDPOINTS.stock.createProduct, {
      token: ceo.token,
      body: productBody(businessId, { currency: 'GBP' as 'NGN' }),
    });
    expect(gbp.status).toBe(400);
    const repeated = await api.call(
      ENDPOINTS.stock.createProduct,
      productBody(businessId, {
        batches: [
          { batch_number: 'SAME-1', quantity: 1 },
          { batch_number: 'same-1', quantity: 2 },
        ],
      }),
      { token: ceo.token },
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors?.['batches.1.batch_number']).toEqual(['Each batch needs its own batch number.']);
  });

  it('keeps a SKU unique within the business whatever its case, and free across businesses', async () => {
    await createProduct(t, ceo, { sku: 'MILO-500' });
    const taken = await api.call(ENDPOINTS.stock.createProduct, productBody(businessId, { sku: 'milo-500' }), {
      token: ceo.token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.sku).toEqual([P.skuTaken]);
    const other = await signUpCeo(t);
    const elsewhere = await createProduct(t, other, { sku: 'MILO-500' });
    expect(elsewhere.sku).toBe('MILO-500');
  });
});

describe('listing products', () => {
  let shop: Awaited<ReturnType<typeof signUpCeo>>;
  const names: string[] = [];

  beforeAll(async () => {
    shop = await signUpCeo(t);
    for (let i = 1; i <= 23; i++) {
      const name = `Item ${String(i).padStart(2, '0')}`;
      names.push(name);
      await createProduct(t, shop, {
        product_name: name,
        sku: `SKU-${i}`,
        batches: [{ batch_number: `LOT-${i}`, quantity: i % 2 === 0 ? 0 : i }],
      });
    }
  });

  const shopList = async (query: ListQuery = {}) => {
    const answer = await api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.business.id, ...query },
      { token: shop.token },
    );
    expect(answer.status).toBe(200);
    return answer.data;
  };

  it('pages by 20, newest first, with true counts', async () => {
    const first = await shopList();
    expect(first).toMatchObject({ count: 23, next: 2, previous: null, current_page: 1, total_pages: 2 });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]?.product_name).toBe('Item 23');
    const second = await shopList({ page: 2 });
    expect(second).toMatchObject({ count: 23, next: null, previous: 1, current_page: 2, total_pages: 2 });
    expect(second.results.map((product) => product.product_name)).toEqual(['Item 03', 'Item 02', 'Item 01']);
  });

  it('searches the name or the SKU, any case, as a substring, on the server', async () => {
    const byName = await shopList({ search: 'tem 1' });
    expect(byName.results.map((product) => product.product_name).sort()).toEqual(
      names.filter((name) => name.startsWith('Item 1')),
    );
    expect(byName.count).toBe(10);
    const bySku = await shopList({ search: 'sku-7' });
    expect(bySku.results.map((product) => product.sku)).toEqual(['SKU-7']);
    const wildcard = await shopList({ search: '%' });
    expect(wildcard.count).toBe(0);
  });

  it('pages a search newest first, with its true count on every page, even past the last', async () => {
    const first = await shopList({ search: 'item' });
    expect(first).toMatchObject({ count: 23, next: 2, total_pages: 2 });
    expect(first.results.map((product) => product.product_name)).toEqual(names.slice(3).reverse());
    const second = await shopList({ search: 'item', page: 2 });
    expect(second).toMatchObject({ count: 23, next: null, previous: 1 });
    expect(second.results.map((product) => product.product_name)).toEqual(['Item 03', 'Item 02', 'Item 01']);
    const past = await shopList({ search: 'item', page: 3 });
    expect(past.count).toBe(23);
    expect(past.results).toEqual([]);
  });

  it('filters in stock and out of stock, and the counts follow', async () => {
    const inStock = await shopList({ stock: 'in_stock' });
    expect(inStock.count).toBe(12);
    expect(inStock.results.every((product) => product.quantity_in_stock > 0)).toBe(true);
    const out = await shopList({ stock: 'out_of_stock' });
    expect(out.count).toBe(11);
    expect(out.results.every((product) => product.quantity_in_stock === 0)).toBe(true);
    const both = await shopList({ stock: 'in_stock', search: 'Item 1' });
    expect(both.results.map((product) => product.product_name).sort()).toEqual([
      'Item 11',
      'Item 13',
      'Item 15',
      'Item 17',
      'Item 19',
    ]);
  });

  it('refuses an unknown filter with a 400', async () => {
    const answer = await api.send(ENDPOINTS.stock.listProducts, {
      token: shop.token,
      query: { business_id: shop.business.id, stock: 'plenty' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.stock).toBeDefined();
  });

  it('answers under the spec prefix /dev/api/v1 too', async () => {
    const answer = await api.send(ENDPOINTS.stock.listProducts, {
      prefix: '/dev/api/v1',
      token: shop.token,
      query: { business_id: shop.business.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.data.count).toBe(23);
  });
});

describe('expiry', () => {
  let product: Product;

  beforeAll(async () => {
    product = await createProduct(t, ceo, {
      product_name: 'Expiry Yoghurt',
      batches: [
        { batch_number: 'OLD-1', quantity: 6, expiration_date: lagosDay(-1) },
        { batch_number: 'TODAY', quantity: 2, expiration_date: lagosDay(0) },
        { batch_number: 'FAR-1', quantity: 3, expiration_date: lagosDay(45) },
      ],
    });
  });

  it('marks a batch past its date, counts it apart and never as stock; one expiring today still sells', () => {
    expect(product.quantity_in_stock).toBe(5);
    expect(product.expired_quantity).toBe(6);
    expect(product.batches.map((batch) => [batch.batch_number, batch.is_expired])).toEqual([
      ['OLD-1', true],
      ['TODAY', false],
      ['FAR-1', false],
    ]);
  });

  it('a product whose only stock has expired is out of stock', async () => {
    const stale = await createProduct(t, ceo, {
      product_name: 'Stale Bread Loaf',
      batches: [{ batch_number: 'STALE', quantity: 9, expiration_date: lagosDay(-3) }],
    });
    const out = await list({ stock: 'out_of_stock', search: 'Stale Bread' });
    expect(out.results.map((row) => row.id)).toEqual([stale.id]);
    expect(out.results[0]).toMatchObject({ quantity_in_stock: 0, expired_quantity: 9 });
    expect((await list({ stock: 'in_stock', search: 'Stale Bread' })).count).toBe(0);
  });

  it('filters products expiring soon (30 days by default, or the days asked), never the already expired', async () => {
    const soonOnly = await createProduct(t, ceo, {
      product_name: 'Soon Sardines',
      batches: [{ batch_number: 'SOON', quantity: 1, expiration_date: lagosDay(12) }],
    });
    const soon = await list({ expiring: 'soon' });
    expect(soon.count).toBeLessThan(20);
    const ids = soon.results.map((row) => row.id);
    expect(ids).toContain(soonOnly.id);
    expect(ids).toContain(product.id);
    expect(ids).not.toContain((await list({ search: 'Stale Bread' })).results[0]?.id);
    const farProduct = await createProduct(t, ceo, {
      product_name: 'Far Future Beans',
      batches: [{ batch_number: 'FAR', quantity: 1, expiration_date: lagosDay(50) }],
    });
    expect((await list({ expiring: 'soon', search: 'Far Future' })).count).toBe(0);
    const within60 = await list({ expiring: 'soon', days: 60, search: 'Far Future' });
    expect(within60.results.map((row) => row.id)).toEqual([farProduct.id]);
  });
});

describe('one product', () => {
  it('answers GET /stock/products/ with its stock, and 404 for an unknown id', async () => {
    const product = await createProduct(t, ceo);
    const found = await api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: businessId, product_id: product.id },
      { token: ceo.token },
    );
    expect(found.status).toBe(200);
    expect(found.data).toEqual(product);
    const missing = await api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: businessId, product_id: 999_999 },
      { token: ceo.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(P.notFound);
  });
});

describe('updating a product', () => {
  it('changes only the fields sent', async () => {
    const product = await createProduct(t, ceo, { sku: 'UPD-1' });
    const answer = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: businessId, selling_price: '1750', wholesale_price: null },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(P.updated);
    expect(answer.data).toMatchObject({
      ...product,
      selling_price: '1750.00',
      wholesale_price: null,
      updated_at: expect.any(String),
    });
    expect(answer.data.updated_at > product.updated_at).toBe(true);
  });

  it('answers the spec messages and refuses a SKU another product holds', async () => {
    const first = await createProduct(t, ceo, { sku: 'UPD-TAKEN' });
    const second = await createProduct(t, ceo);
    const missing = await api.send(ENDPOINTS.stock.updateProduct, { token: ceo.token, body: { selling_price: '10' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ id: [P.updateRequired], business_id: [P.updateRequired] });
    const bad = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: second.id, business_id: businessId, product_name: 'No', selling_price_discount_percentage: '150' },
      { token: ceo.token },
    );
    expect(bad.body.errors).toMatchObject({
      product_name: [P.nameMin],
      selling_price_discount_percentage: [P.discountRange],
    });
    const taken = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: second.id, business_id: businessId, sku: 'upd-taken' },
      { token: ceo.token },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.sku).toEqual([P.skuTaken]);
    const own = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: first.id, business_id: businessId, sku: 'upd-taken' },
      { token: ceo.token },
    );
    expect(own.status).toBe(200);
    expect(own.data.sku).toBe('upd-taken');
  });
});

describe('deleting a product', () => {
  it('erases a product never sold, with its batches and movements', async () => {
    const product = await createProduct(t, ceo);
    const answer = await api.call(
      ENDPOINTS.stock.deleteProduct,
      { id: product.id, business_id: businessId },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(P.deleted);
    expect(answer.data).toEqual({ id: product.id, archived: false });
    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toHaveLength(0);
    expect(await t.db.select().from(product_batches).where(eq(product_batches.product_id, product.id))).toHaveLength(0);
    expect(await t.db.select().from(stock_movements).where(eq(stock_movements.product_id, product.id))).toHaveLength(0);
    const again = await api.call(
      ENDPOINTS.stock.deleteProduct,
      { id: product.id, business_id: businessId },
      { token: ceo.token },
    );
    expect(again.status).toBe(404);
  });

  it('archives a product that is in a cart, which then says it is no longer sold instead of losing the line', async () => {
    const product = await createProduct(t, ceo, { product_name: 'Carted Custard' });
    const cart = await createCart(t, ceo, [{ product_id: product.id, quantity: 2 }]);
    const answer = await api.call(
      ENDPOINTS.stock.deleteProduct,
      { id: product.id, business_id: businessId },
      { token: ceo.token },
    );
    expect(answer.data).toEqual({ id: product.id, archived: true });
    expect((await list({ search: 'Carted Custard' })).count).toBe(0);
    // The line stays for the clerk to see and remove (the cart editor marks it), where a delete's cascade took it.
    const kept = await t.db.select().from(cart_items).where(eq(cart_items.cart_id, cart.id));
    expect(kept.map((item) => item.product_id)).toEqual([product.id]);
    const sale = await confirm(t, ceo, cart.id);
    expect(sale.status).toBe(400);
    expect(sale.body.response_description).toBe(SALES_MESSAGES.productUnavailable);
  });

  it('archives a product that appears in a past sale: gone from lists and lookups, history whole, SKU free again', async () => {
    const product = await createProduct(t, ceo, {
      sku: 'SOLD-ONCE',
      product_name: 'Sold Once Soap',
    });
    const [sale] = await t.db
      .insert(sales)
      .values({
        business_id: businessId,
        total_cart_amount: '1500.00',
        customer_name: 'Bola',
        created_by_name: 'Ada Obi',
        payment_status: 'paid',
      })
      .returning({ id: sales.id });
    await t.db.insert(sale_lines).values({
      business_id: businessId,
      sale_id: sale!.id,
      product_id: product.id,
      product_name: product.product_name,
      sku: product.sku,
      quantity: 1,
      unit_price: '1500.00',
      line_total: '1500.00',
    });
    const answer = await api.call(
      ENDPOINTS.stock.deleteProduct,
      { id: product.id, business_id: businessId },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ id: product.id, archived: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.archived_at).toBeInstanceOf(Date);
    expect(await t.db.select().from(stock_movements).where(eq(stock_movements.product_id, product.id))).toHaveLength(1);
    expect((await list({ search: 'Sold Once Soap' })).count).toBe(0);
    const lookup = await api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: businessId, product_id: product.id },
      { token: ceo.token },
    );
    expect(lookup.status).toBe(404);
    const update = await api.call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: businessId, selling_price: '1.00' },
      { token: ceo.token },
    );
    expect(update.status).toBe(404);
    const reused = await createProduct(t, ceo, { sku: 'SOLD-ONCE' });
    expect(reused.sku).toBe('SOLD-ONCE');
  });
});
