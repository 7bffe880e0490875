import { ENDPOINTS, MESSAGES, type Product } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product_batches, products } from '../../src/db/schema';
import { createProduct, memberLoggedIn, signUpCeo } from '../factories';
import type { Answer } from '../http';
import { useShop } from '../shop';

const shop = useShop();
let rival: Awaited<ReturnType<typeof signUpCeo>>;
let rivalProduct: Product;
let ownProduct: Product;

beforeAll(async () => {
  rival = await signUpCeo(shop.t);
  ownProduct = await createProduct(shop.t, shop.ceo);
  rivalProduct = await createProduct(shop.t, rival, { product_name: 'Rival Secret Stock' });
});

type Route = { name: string; call(token: string, businessId: number, product: Product): Promise<Answer> };

/** Every stock route that names a product, as a call for a business and a product. */
const productRoutes: Route[] = [
  {
    name: 'get one',
    call: (token, business_id, product) =>
      shop.api.call(ENDPOINTS.stock.getProduct, { business_id, product_id: product.id }, { token }),
  },
  {
    name: 'update',
    call: (token, business_id, product) =>
      shop.api.call(ENDPOINTS.stock.updateProduct, { id: product.id, business_id, selling_price: '1.00' }, { token }),
  },
  {
    name: 'delete',
    call: (token, business_id, product) =>
      shop.api.call(ENDPOINTS.stock.deleteProduct, { id: product.id, business_id }, { token }),
  },
  {
    name: 'update stock',
    call: (token, business_id, product) =>
      shop.api.call(ENDPOINTS.stock.updateStock, { product_id: product.id, quantity: -1, business_id }, { token }),
  },
  {
    name: 'receive a batch',
    call: (token, business_id, product) =>
      shop.api.call(
        ENDPOINTS.stock.receiveBatch,
        { business_id, product_id: product.id, batch_number: `IN-${Math.random()}`, quantity: 5 },
        { token },
      ),
  },
  {
    name: 'adjust a batch',
    call: (token, business_id, product) =>
      shop.api.call(
        ENDPOINTS.stock.adjustBatch,
        { business_id, product_id: product.id, batch_id: product.batches[0]!.id, delta: -1, reason: 'damage' },
        { token },
      ),
  },
  {
    name: 'movements',
    call: (token, business_id, product) =>
      shop.api.call(ENDPOINTS.stock.listMovements, { business_id, product_id: product.id }, { token }),
  },
];

async function rivalState() {
  const [product] = await shop.t.db.select().from(products).where(eq(products.id, rivalProduct.id));
  const batches = await shop.t.db.select().from(product_batches).where(eq(product_batches.product_id, rivalProduct.id));
  return { product, batches };
}

describe('another business', () => {
  it.each(productRoutes)(
    'answers 404 for its product through my business ($name), and changes nothing',
    async (route) => {
      const before = await rivalState();
      const answer = await route.call(shop.ceo.token, shop.ceo.business.id, rivalProduct);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe(MESSAGES.product.notFound);
      expect(await rivalState()).toEqual(before);
    },
  );

  it.each(productRoutes)('answers 404 for its business itself ($name), exactly as for none', async (route) => {
    const before = await rivalState();
    const theirs = await route.call(shop.ceo.token, rival.business.id, rivalProduct);
    const none = await route.call(shop.ceo.token, 999_999, rivalProduct);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    expect(await rivalState()).toEqual(before);
  });

  it('never lists or creates into another business', async () => {
    const listed = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: rival.business.id },
      { token: shop.ceo.token },
    );
    expect(listed.status).toBe(404);
    const created = await shop.api.call(
      ENDPOINTS.stock.createProduct,
      {
        business_id: rival.business.id,
        product_name: 'Planted Product',
        cost_price: '1',
        selling_price: '2',
        batches: [{ batch_number: 'PLANT', quantity: 1 }],
      },
      { token: shop.ceo.token },
    );
    expect(created.status).toBe(404);
    const mine = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.business.id, search: 'Rival Secret' },
      { token: shop.ceo.token },
    );
    expect(mine.data.count).toBe(0);
  });

  it('refuses a caller with no session', async () => {
    const answer = await shop.api.call(ENDPOINTS.stock.listProducts, { business_id: shop.ceo.business.id });
    expect(answer.status).toBe(401);
  });
});

describe('roles', () => {
  const manageRoutes = productRoutes.filter((route) => !['get one', 'movements'].includes(route.name));

  it('a sales person may list and view but not create, update, delete or adjust', async () => {
    const seller = await memberLoggedIn(shop.t, shop.ceo.business.id, 'sales_person');
    const list = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.business.id },
      { token: seller.token },
    );
    expect(list.status).toBe(200);
    for (const route of productRoutes.filter((candidate) => !manageRoutes.includes(candidate))) {
      const answer = await route.call(seller.token, shop.ceo.business.id, ownProduct);
      expect(answer.status, route.name).toBe(200);
    }
    const before = await shop.t.db.select().from(product_batches).where(eq(product_batches.product_id, ownProduct.id));
    for (const route of manageRoutes) {
      const answer = await route.call(seller.token, shop.ceo.business.id, ownProduct);
      expect(answer.status, route.name).toBe(403);
      expect(answer.body.detail).toBe(MESSAGES.auth.forbidden);
    }
    const created = await shop.api.call(
      ENDPOINTS.stock.createProduct,
      {
        business_id: shop.ceo.business.id,
        product_name: 'Seller Product',
        cost_price: '1',
        selling_price: '2',
        batches: [{ batch_number: 'SELL1', quantity: 1 }],
      },
      { token: seller.token },
    );
    expect(created.status).toBe(403);
    expect(await shop.t.db.select().from(product_batches).where(eq(product_batches.product_id, ownProduct.id))).toEqual(
      before,
    );
  });

  it('a manager may create, edit, adjust and delete', async () => {
    const manager = await memberLoggedIn(shop.t, shop.ceo.business.id, 'manager');
    const product = await createProduct(shop.t, manager);
    const deleteLast = [...manageRoutes].sort((a, b) => Number(a.name === 'delete') - Number(b.name === 'delete'));
    for (const route of deleteLast) {
      const answer = await route.call(manager.token, shop.ceo.business.id, product);
      expect(answer.status, `${route.name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
  });

  it('a customer may browse products but not read the stock history', async () => {
    const customer = await memberLoggedIn(shop.t, shop.ceo.business.id, 'customer');
    const list = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.business.id },
      { token: customer.token },
    );
    expect(list.status).toBe(200);
    const history = await shop.api.call(
      ENDPOINTS.stock.listMovements,
      { business_id: shop.ceo.business.id, product_id: ownProduct.id },
      { token: customer.token },
    );
    expect(history.status).toBe(403);
  });
});
