import { ENDPOINTS, STOCK_MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createProduct, insertSale, type Owner, productBody, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { searched } from '../searched';

/**
 * A product's barcode (issue 53): optional, unique among a business's live products whatever its case, editable,
 * and found by the inventory search as a SKU is, an exact SKU or barcode first (a scanner types the whole code).
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

const search = (text: string, by: Owner = ceo, query: { stock?: 'in_stock' } = {}) =>
  searched(api, ENDPOINTS.stock.listProducts, { business_id: by.businessId, search: text, ...query }, by);

const update = (id: number, fields: { barcode?: string | null; selling_price?: string }, by: Owner = ceo) =>
  api.call(ENDPOINTS.stock.updateProduct, { business_id: by.businessId, id, ...fields }, { token: by.token });

describe('a product with a barcode', () => {
  it('is created with it trimmed, shows it, and keeps it through an edit that does not name it', async () => {
    const product = await createProduct(t, ceo, { barcode: '  5901234123457 ' });
    expect(product.barcode).toBe('5901234123457');
    const edited = await update(product.id, { selling_price: '120.00' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.data.barcode).toBe('5901234123457');
    const read = await api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: ceo.businessId, product_id: product.id },
      { token: ceo.token },
    );
    expect(read.data.barcode).toBe('5901234123457');
  });

  it('answers null for a product without one, created as a client that knows no barcodes does', async () => {
    const product = await createProduct(t, ceo);
    expect(product.barcode).toBeNull();
  });

  it('is unique within the business whatever its case, told on the field; free in another business', async () => {
    await createProduct(t, ceo, { barcode: 'CODE128-abc' });
    const taken = await api.call(
      ENDPOINTS.stock.createProduct,
      productBody(ceo.businessId, { barcode: 'code128-ABC' }),
      {
        token: ceo.token,
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.barcode).toEqual([STOCK_MESSAGES.barcodeTaken]);

    const mine = await createProduct(t, ceo);
    const moved = await update(mine.id, { barcode: 'CODE128-ABC' });
    expect(moved.status).toBe(409);
    expect(moved.body.errors?.barcode).toEqual([STOCK_MESSAGES.barcodeTaken]);

    const other = await signUpCeo(t);
    expect((await createProduct(t, other, { barcode: 'CODE128-abc' })).barcode).toBe('CODE128-abc');
  });

  it('is changed and removed on edit, and its old code is free again', async () => {
    const product = await createProduct(t, ceo, { barcode: '036000291452' });
    const changed = await update(product.id, { barcode: '036000291453' });
    expect(changed.data.barcode).toBe('036000291453');
    expect((await createProduct(t, ceo, { barcode: '036000291452' })).barcode).toBe('036000291452');
    const cleared = await update(product.id, { barcode: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.data.barcode).toBeNull();
  });

  it("frees the code of an archived product (deleted after a sale), as a SKU's", async () => {
    const product = await createProduct(t, ceo, { barcode: '4006381333931' });
    await insertSale(t, ceo.businessId, { lines: [{ product, quantity: 1, unitPrice: '100.00' }] });
    const deleted = await api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: ceo.businessId, id: product.id },
      { token: ceo.token },
    );
    expect(deleted.data).toMatchObject({ archived: true });
    expect((await createProduct(t, ceo, { barcode: '4006381333931' })).barcode).toBe('4006381333931');
  });

  it('refuses a code with spaces or control characters, or longer than 64, with words', async () => {
    for (const [barcode, message] of [
      ['590 123', STOCK_MESSAGES.barcodeFormat],
      ['x'.repeat(65), STOCK_MESSAGES.barcodeTooLong],
    ] as const) {
      const refused = await api.call(ENDPOINTS.stock.createProduct, productBody(ceo.businessId, { barcode }), {
        token: ceo.token,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.barcode).toEqual([message]);
    }
    const control = await api.send(ENDPOINTS.stock.createProduct, {
      token: ceo.token,
      body: { ...productBody(ceo.businessId), barcode: '590\u0000123' },
    });
    expect(control.status).toBe(400);
  });
});

describe('the search finds a barcode as it finds a SKU', () => {
  let shop: Owner;
  beforeAll(async () => {
    shop = await signUpCeo(t);
  });

  it('finds a product by its whole barcode or a part of it, any case, in its own business only', async () => {
    const product = await createProduct(t, shop, { product_name: 'Peak Milk Tin', barcode: 'PK-8901030' });
    expect((await search('pk-8901030', shop)).ids).toEqual([product.id]);
    expect((await search('8901', shop)).ids).toEqual([product.id]);
    expect((await search('pk-8901030', ceo)).ids).toEqual([]);
  });

  it('puts the exact SKU or barcode first, however old, then the rest newest first; kept matches too', async () => {
    const exact = await createProduct(t, shop, { product_name: 'Sugar cube', barcode: '7777' });
    const newer = await createProduct(t, shop, { product_name: 'Sugar 7777 box' });
    const newest = await createProduct(t, shop, { product_name: 'Rice', sku: 'R-77770' });
    const expected = { count: 3, ids: [exact.id, newest.id, newer.id] };
    // The first search reads its matches; the second answers from those it kept (list-products.ts).
    expect(await search('7777', shop)).toEqual(expected);
    expect(await search('7777', shop)).toEqual(expected);
    // With a stock filter the matches are read in the one statement of searchedPage, in the same order.
    expect(await search('7777', shop, { stock: 'in_stock' })).toEqual(expected);

    const bySku = await createProduct(t, shop, { product_name: 'Old soap', sku: 'SOAP-9' });
    const named = await createProduct(t, shop, { product_name: 'soap-9 dish' });
    expect(await search('soap-9', shop)).toEqual({ count: 2, ids: [bySku.id, named.id] });
  });

  it('puts the exact code first in a search of more matches than are kept, whose pages are otherwise walked', async () => {
    const big = await signUpCeo(t);
    const exact = await createProduct(t, big, { product_name: 'Oldest thing', barcode: 'QX' });
    // More matches than list-products.ts keeps (KEPT_MATCHES_AT_MOST), all newer than the exact one.
    await t.database.pool.query(
      `insert into products (business_id, product_name, sku, cost_price, selling_price, created_at)
       select $1, 'Qx item ' || i, 'QXI-' || i, 10, 20, now() + make_interval(secs => i) from generate_series(1, 5001) i`,
      [big.businessId],
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await search('qx', big);
      expect(found.count).toBe(5002);
      expect(found.ids[0]).toBe(exact.id);
    }
  });
});
