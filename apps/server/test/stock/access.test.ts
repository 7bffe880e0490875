import { MESSAGES, type Product } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product_batches, products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { memberLoggedIn, signUpCeo } from '../factories';
import { type ApiClient, apiClient, type CallOptions } from '../http';
import { createProduct } from './support';

let t: TestApp;
let api: ApiClient;
let ceo: Awaited<ReturnType<typeof signUpCeo>>;
let rival: Awaited<ReturnType<typeof signUpCeo>>;
let rivalProduct: Product;
let ownProduct: Product;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  ceo = await signUpCeo(t);
  rival = await signUpCeo(t);
  ownProduct = await createProduct(api, ceo.token, ceo.business.id);
  rivalProduct = await createProduct(api, rival.token, rival.business.id, { product_name: 'Rival Secret Stock' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Route = { name: string; method: Method; path: string; options(businessId: number, product: Product): CallOptions };

/** Every stock route that names a product, as a call for a business and a product. */
const productRoutes: Route[] = [
  {
    name: 'get one',
    method: 'GET',
    path: '/stock/products/',
    options: (business_id, product) => ({ query: { business_id, product_id: product.id } }),
  },
  {
    name: 'update',
    method: 'PATCH',
    path: '/stock/products/update/',
    options: (business_id, product) => ({ body: { id: product.id, business_id, selling_price: '1.00' } }),
  },
  {
    name: 'delete',
    method: 'DELETE',
    path: '/stock/products/delete/',
    options: (business_id, product) => ({ body: { id: product.id, business_id } }),
  },
  {
    name: 'update stock',
    method: 'PUT',
    path: '/stock/update/',
    options: (business_id, product) => ({ body: { product_id: product.id, quantity: -1, business_id } }),
  },
  {
    name: 'receive a batch',
    method: 'POST',
    path: '/stock/products/batches/',
    options: (business_id, product) => ({
      body: { business_id, product_id: product.id, batch_number: `IN-${Math.random()}`, quantity: 5 },
    }),
  },
  {
    name: 'adjust a batch',
    method: 'POST',
    path: '/stock/batches/adjust/',
    options: (business_id, product) => ({
      body: { business_id, product_id: product.id, batch_id: product.batches[0]!.id, delta: -1, reason: 'damage' },
    }),
  },
  {
    name: 'movements',
    method: 'GET',
    path: '/stock/products/movements/',
    options: (business_id, product) => ({ query: { business_id, product_id: product.id } }),
  },
];

async function rivalState() {
  const [product] = await t.db.select().from(products).where(eq(products.id, rivalProduct.id));
  const batches = await t.db.select().from(product_batches).where(eq(product_batches.product_id, rivalProduct.id));
  return { product, batches };
}

describe('another business', () => {
  it.each(productRoutes)(
    'answers 404 for its product through my business ($name), and changes nothing',
    async (route) => {
      const before = await rivalState();
      const answer = await api.call(route.method, route.path, {
        token: ceo.token,
        ...route.options(ceo.business.id, rivalProduct),
      });
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe(MESSAGES.product.notFound);
      expect(await rivalState()).toEqual(before);
    },
  );

  it.each(productRoutes)('answers 404 for its business itself ($name), exactly as for none', async (route) => {
    const before = await rivalState();
    const theirs = await api.call(route.method, route.path, {
      token: ceo.token,
      ...route.options(rival.business.id, rivalProduct),
    });
    const none = await api.call(route.method, route.path, {
      token: ceo.token,
      ...route.options(999_999, rivalProduct),
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    expect(await rivalState()).toEqual(before);
  });

  it('never lists or creates into another business', async () => {
    const listed = await api.get('/stock/products/list_products/', {
      token: ceo.token,
      query: { business_id: rival.business.id },
    });
    expect(listed.status).toBe(404);
    const created = await api.post('/stock/products/', {
      token: ceo.token,
      body: {
        business_id: rival.business.id,
        product_name: 'Planted Product',
        cost_price: '1',
        selling_price: '2',
        batches: [{ batch_number: 'PLANT', quantity: 1 }],
      },
    });
    expect(created.status).toBe(404);
    const mine = await api.get('/stock/products/list_products/', {
      token: ceo.token,
      query: { business_id: ceo.business.id, search: 'Rival Secret' },
    });
    expect(mine.data.count).toBe(0);
  });

  it('refuses a caller with no session', async () => {
    const answer = await api.get('/stock/products/list_products/', { query: { business_id: ceo.business.id } });
    expect(answer.status).toBe(401);
  });
});

describe('roles', () => {
  const manageRoutes = productRoutes.filter((route) => !['get one', 'movements'].includes(route.name));

  it('a sales person may list and view but not create, update, delete or adjust', async () => {
    const seller = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    const list = await api.get('/stock/products/list_products/', {
      token: seller.token,
      query: { business_id: ceo.business.id },
    });
    expect(list.status).toBe(200);
    for (const route of productRoutes.filter((candidate) => !manageRoutes.includes(candidate))) {
      const answer = await api.call(route.method, route.path, {
        token: seller.token,
        ...route.options(ceo.business.id, ownProduct),
      });
      expect(answer.status, route.name).toBe(200);
    }
    const before = await t.db.select().from(product_batches).where(eq(product_batches.product_id, ownProduct.id));
    for (const route of manageRoutes) {
      const answer = await api.call(route.method, route.path, {
        token: seller.token,
        ...route.options(ceo.business.id, ownProduct),
      });
      expect(answer.status, route.name).toBe(403);
      expect(answer.body.detail).toBe(MESSAGES.auth.forbidden);
    }
    const created = await api.post('/stock/products/', {
      token: seller.token,
      body: {
        business_id: ceo.business.id,
        product_name: 'Seller Product',
        cost_price: '1',
        selling_price: '2',
        batches: [{ batch_number: 'SELL1', quantity: 1 }],
      },
    });
    expect(created.status).toBe(403);
    expect(await t.db.select().from(product_batches).where(eq(product_batches.product_id, ownProduct.id))).toEqual(
      before,
    );
  });

  it('a manager may create, edit, adjust and delete', async () => {
    const manager = await memberLoggedIn(t, ceo.business.id, 'manager');
    const product = await createProduct(api, manager.token, ceo.business.id);
    const deleteLast = [...manageRoutes].sort((a, b) => Number(a.name === 'delete') - Number(b.name === 'delete'));
    for (const route of deleteLast) {
      const answer = await api.call(route.method, route.path, {
        token: manager.token,
        ...route.options(ceo.business.id, product),
      });
      expect(answer.status, `${route.name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
  });

  it('a customer may browse products but not read the stock history', async () => {
    const customer = await memberLoggedIn(t, ceo.business.id, 'customer');
    const list = await api.get('/stock/products/list_products/', {
      token: customer.token,
      query: { business_id: ceo.business.id },
    });
    expect(list.status).toBe(200);
    const history = await api.get('/stock/products/movements/', {
      token: customer.token,
      query: { business_id: ceo.business.id, product_id: ownProduct.id },
    });
    expect(history.status).toBe(403);
  });
});
