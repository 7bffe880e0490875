import { SALES_PATHS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { addMember, logIn } from '../factories';
import { createCart, createProduct, daysFromToday, member, openShop, type Shop } from './factories';

let t: TestApp;
let shop: Shop;
let other: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await openShop(t);
  other = await openShop(t);
});
afterAll(() => t.close());

const list = (s: Shop, query: Record<string, string | number | undefined> = {}, token = s.ceo.token) =>
  s.api.get('/sales/carts/list_carts/', { token, query: { business_id: s.businessId, ...query } });

describe('creating a cart', () => {
  it('prices every line from the product and sums the total on the server', async () => {
    const rice = await createProduct(t, shop.businessId, {
      product_name: 'Rice 5kg',
      selling_price: '1000.00',
      selling_price_discount_percentage: '12.5',
    });
    const oil = await createProduct(t, shop.businessId, {
      selling_price: '800.00',
      wholesale_price: '700.00',
      wholesale_price_discount_percentage: '10',
    });
    const answer = await shop.api.post('/sales/carts/', {
      token: shop.ceo.token,
      body: {
        business_id: shop.businessId,
        title: 'Mama Nkechi order',
        customer_name: 'Mama Nkechi',
        items: [
          {
            product_id: rice.id,
            product_batch_id: null,
            quantity: 3,
            pricing_strategy: 'retail',
            apply_discount: true,
          },
          { product_id: oil.id, quantity: 2, pricing_strategy: 'wholesale', apply_discount: true },
          { product_id: oil.id, quantity: 1, pricing_strategy: 'retail', apply_discount: false },
        ],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe('Cart created 🎉');
    const cart = answer.data.cart;
    expect(cart).toMatchObject({ title: 'Mama Nkechi order', customer_name: 'Mama Nkechi', currency: 'NGN' });
    expect(cart.created_by).toBe(shop.ceo.user.id);
    expect(cart.items.map((item: any) => [item.product_name, item.net_unit_price, item.line_total])).toEqual([
      ['Rice 5kg', '875.00', '2625.00'],
      [oil.product_name, '630.00', '1260.00'],
      [oil.product_name, '800.00', '800.00'],
    ]);
    expect(cart.items[0]).toMatchObject({ unit_price: '1000.00', discount_percentage: '12.50', quantity_in_stock: 10 });
    expect(cart.total_cart_amount).toBe('4685.00');
  });

  it('defaults the title to "Cart-" and a timestamp and the customer to "Unnamed Customer"', async () => {
    const product = await createProduct(t, shop.businessId);
    const cart = await createCart(shop, [{ product_id: product.id, quantity: 1 }]);
    expect(cart.title).toMatch(/^Cart-\d{8}-\d{6}$/);
    expect(cart.customer_name).toBe('Unnamed Customer');
  });

  it('merges lines asking for the same product the same way', async () => {
    const product = await createProduct(t, shop.businessId);
    const cart = await createCart(shop, [
      { product_id: product.id, quantity: 2 },
      { product_id: product.id, quantity: 3 },
    ]);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(5);
  });

  it('refuses short titles and names and quantities below 1 with the spec messages', async () => {
    const product = await createProduct(t, shop.businessId);
    const answer = await shop.api.post('/sales/carts/', {
      token: shop.ceo.token,
      body: {
        business_id: shop.businessId,
        title: 'ab',
        customer_name: ' x ',
        items: [{ product_id: product.id, quantity: 0 }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      title: ['Title must be at least 3 characters'],
      customer_name: ['Customer name must be at least 3 characters'],
      'items.0.quantity': ['Quantity must be at least 1'],
    });
  });

  it('refuses a total sent by the client', async () => {
    const product = await createProduct(t, shop.businessId);
    const answer = await shop.api.post('/sales/carts/', {
      token: shop.ceo.token,
      body: {
        business_id: shop.businessId,
        total_cart_amount: '1.00',
        items: [{ product_id: product.id, quantity: 1 }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ total_cart_amount: ['Unknown field: total_cart_amount.'] });
  });

  it('refuses an out-of-stock product, counting expired batches as no stock', async () => {
    const empty = await createProduct(t, shop.businessId, { batches: [{ quantity: 0 }] });
    const expired = await createProduct(t, shop.businessId, {
      batches: [{ quantity: 5, expiration_date: daysFromToday(-1) }],
    });
    for (const product of [empty, expired]) {
      const answer = await shop.api.post('/sales/carts/', {
        token: shop.ceo.token,
        body: { business_id: shop.businessId, items: [{ product_id: product.id, quantity: 1 }] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('Cannot add out-of-stock product to cart.');
      expect(answer.body.errors).toEqual({ 'items.0.product_id': ['Cannot add out-of-stock product to cart.'] });
    }
    const expiringToday = await createProduct(t, shop.businessId, {
      batches: [{ quantity: 5, expiration_date: daysFromToday(0) }],
    });
    expect((await createCart(shop, [{ product_id: expiringToday.id, quantity: 1 }])).items).toHaveLength(1);
  });

  it('refuses lines in two currencies', async () => {
    const naira = await createProduct(t, shop.businessId, { currency: 'NGN' });
    const dollars = await createProduct(t, shop.businessId, { currency: 'USD' });
    const answer = await shop.api.post('/sales/carts/', {
      token: shop.ceo.token,
      body: {
        business_id: shop.businessId,
        items: [
          { product_id: naira.id, quantity: 1 },
          { product_id: dollars.id, quantity: 1 },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('All items in a cart must have the same currency.');
  });

  it('refuses a batch of another product and a product of another business, alike', async () => {
    const mine = await createProduct(t, shop.businessId);
    const another = await createProduct(t, shop.businessId);
    const foreign = await createProduct(t, other.businessId);
    const wrongBatch = await shop.api.post('/sales/carts/', {
      token: shop.ceo.token,
      body: {
        business_id: shop.businessId,
        items: [{ product_id: mine.id, product_batch_id: another.batchIds[0], quantity: 1 }],
      },
    });
    expect(wrongBatch.status).toBe(400);
    expect(wrongBatch.body.errors).toEqual({
      'items.0.product_batch_id': ['This batch does not belong to the product.'],
    });
    const answers = await Promise.all(
      [foreign.id, 987654321].map((productId) =>
        shop.api.post('/sales/carts/', {
          token: shop.ceo.token,
          body: { business_id: shop.businessId, items: [{ product_id: productId, quantity: 1 }] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 400]);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(answers[0]?.body.detail).toBe('Product not found.');
  });

  it('names a registered customer of the business, and no one else', async () => {
    const customer = await addMember(t, shop.businessId, { role: 'customer', first_name: 'Bola', last_name: 'Ade' });
    const seller = await addMember(t, shop.businessId, { role: 'sales_person' });
    const outsider = await addMember(t, other.businessId, { role: 'customer' });
    const product = await createProduct(t, shop.businessId);
    const cart = await createCart(shop, [{ product_id: product.id, quantity: 1 }], { customer_id: customer.id });
    expect(cart).toMatchObject({ customer_id: customer.id, customer_name: 'Bola Ade' });
    for (const customerId of [seller.id, outsider.id]) {
      const answer = await shop.api.post('/sales/carts/', {
        token: shop.ceo.token,
        body: { business_id: shop.businessId, customer_id: customerId, items: [] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ customer_id: ['Choose a registered customer of this business.'] });
    }
  });
});

describe('listing carts', () => {
  let listShop: Shop;
  let sellerId: number;
  beforeAll(async () => {
    listShop = await openShop(t);
    const seller = await member(listShop, 'sales_rep');
    sellerId = seller.user.id;
    const product = await createProduct(t, listShop.businessId, { product_name: 'Garri' });
    for (let index = 1; index <= 12; index++) {
      await createCart(listShop, [{ product_id: product.id, quantity: index }], {
        title: `Cart number ${index}`,
        customer_name: index === 7 ? 'Emeka 100%' : 'Walk-in buyer',
        token: index <= 2 ? seller.token : listShop.ceo.token,
      });
    }
  });

  it('pages by ten, newest first, with items and totals', async () => {
    const first = await list(listShop);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ count: 12, next: 2, previous: null, current_page: 1, total_pages: 2 });
    expect(first.data.results).toHaveLength(10);
    expect(first.data.results[0]).toMatchObject({ title: 'Cart number 12', total_cart_amount: '1200.00' });
    expect(first.data.results[0].items[0]).toMatchObject({
      product_name: 'Garri',
      quantity: 12,
      line_total: '1200.00',
    });
    const second = await list(listShop, { page: 2 });
    expect(second.data.results.map((cart: any) => cart.title)).toEqual(['Cart number 2', 'Cart number 1']);
  });

  it('filters by creator, by id, and searches title and customer (literally)', async () => {
    const mine = await list(listShop, { user_id: sellerId });
    expect(mine.data.count).toBe(2);
    const one = await list(listShop, { id: mine.data.results[0].id });
    expect(one.data.results.map((cart: any) => cart.id)).toEqual([mine.data.results[0].id]);
    expect((await list(listShop, { search: 'number 1' })).data.count).toBe(4);
    expect((await list(listShop, { search: 'emeka 100%' })).data.results[0].title).toBe('Cart number 7');
    expect((await list(listShop, { search: '%' })).data.count).toBe(1);
  });

  it('refuses customers, and answers 404 for another business', async () => {
    const customer = await member(listShop, 'customer');
    const refused = await list(listShop, {}, customer.token);
    expect(refused.status).toBe(403);
    const foreign = await list(listShop, {}, other.ceo.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Business not found');
  });

  it('lets every staff role manage carts', async () => {
    const product = await createProduct(t, listShop.businessId);
    for (const role of ['manager', 'sales_person', 'sales_rep'] as const) {
      const person = await member(listShop, role);
      const cart = await createCart(listShop, [{ product_id: product.id, quantity: 1 }], { token: person.token });
      expect(cart.created_by).toBe(person.user.id);
    }
  });
});

describe('updating and deleting a cart', () => {
  it('replaces the title, customer and items, keeping quantities of at least 1', async () => {
    const a = await createProduct(t, shop.businessId);
    const b = await createProduct(t, shop.businessId);
    const cart = await createCart(shop, [{ product_id: a.id, quantity: 1 }]);
    const update = (body: Record<string, unknown>) =>
      shop.api.put('/sales/carts/update/', {
        token: shop.ceo.token,
        body: { id: cart.id, business_id: shop.businessId, title: 'Renamed', customer_name: 'Tunde', ...body },
      });
    const answer = await update({ items: [{ product_id: b.id, quantity: 4 }] });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe('Cart updated ✅');
    expect(answer.data.cart).toMatchObject({ title: 'Renamed', customer_name: 'Tunde', total_cart_amount: '400.00' });
    expect(answer.data.cart.items.map((item: any) => [item.product_id, item.quantity])).toEqual([[b.id, 4]]);
    const zero = await update({ items: [{ product_id: b.id, quantity: 0 }] });
    expect(zero.status).toBe(400);
    expect(zero.body.detail).toBe('Quantity must be at least 1');
  });

  it('keeps a line whose product ran out since, but refuses adding another out-of-stock one', async () => {
    const soldOut = await createProduct(t, shop.businessId, { batches: [{ quantity: 1 }] });
    const empty = await createProduct(t, shop.businessId, { batches: [{ quantity: 0 }] });
    const cart = await createCart(shop, [{ product_id: soldOut.id, quantity: 1 }]);
    const sellAll = await createCart(shop, [{ product_id: soldOut.id, quantity: 1 }]);
    expect(
      (
        await shop.api.post('/sales/', {
          token: shop.ceo.token,
          body: { cart_id: sellAll.id, business_id: shop.businessId, payment_status: 'paid' },
        })
      ).status,
    ).toBe(201);
    const body = { id: cart.id, business_id: shop.businessId, title: 'Still here', customer_name: 'Walk-in' };
    const kept = await shop.api.put('/sales/carts/update/', {
      token: shop.ceo.token,
      body: { ...body, items: [{ product_id: soldOut.id, quantity: 2 }] },
    });
    expect(kept.status).toBe(200);
    expect(kept.data.cart.items[0]).toMatchObject({ quantity: 2, quantity_in_stock: 0 });
    const added = await shop.api.put('/sales/carts/update/', {
      token: shop.ceo.token,
      body: { ...body, items: [{ product_id: empty.id, quantity: 1 }] },
    });
    expect(added.status).toBe(400);
    expect(added.body.detail).toBe('Cannot add out-of-stock product to cart.');
  });

  it('deletes a cart once; another business cannot touch it', async () => {
    const product = await createProduct(t, shop.businessId);
    const cart = await createCart(shop, [{ product_id: product.id, quantity: 1 }]);
    const foreignUpdate = await other.api.put('/sales/carts/update/', {
      token: other.ceo.token,
      body: { id: cart.id, business_id: other.businessId, title: 'Stolen', customer_name: 'Thief', items: [] },
    });
    expect(foreignUpdate.status).toBe(404);
    expect(foreignUpdate.body.detail).toBe('Cart not found.');
    const foreignDelete = await other.api.delete('/sales/carts/delete/', {
      token: other.ceo.token,
      body: { id: cart.id, business_id: other.businessId },
    });
    expect(foreignDelete.status).toBe(404);
    const intoOther = await other.api.delete('/sales/carts/delete/', {
      token: other.ceo.token,
      body: { id: cart.id, business_id: shop.businessId },
    });
    expect(intoOther.status).toBe(404);
    expect(intoOther.body.detail).toBe('Business not found');

    const deleted = await shop.api.delete('/sales/carts/delete/', {
      token: shop.ceo.token,
      body: { id: cart.id, business_id: shop.businessId },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.response_description).toBe('Cart deleted 🚮');
    expect((await list(shop, { id: cart.id })).data.count).toBe(0);
    const again = await shop.api.delete('/sales/carts/delete/', {
      token: shop.ceo.token,
      body: { id: cart.id, business_id: shop.businessId },
    });
    expect(again.status).toBe(404);
  });
});

describe('another business', () => {
  it('answers every sales call for a business the caller is not in with 404, as for no business at all', async () => {
    const business_id = shop.businessId;
    const token = other.ceo.token;
    const calls = [
      () => other.api.get(SALES_PATHS.carts, { token, query: { business_id } }),
      () => other.api.post(SALES_PATHS.createCart, { token, body: { business_id, items: [] } }),
      () =>
        other.api.put(SALES_PATHS.updateCart, {
          token,
          body: { id: 1, business_id, title: 'Title', customer_name: 'Name', items: [] },
        }),
      () => other.api.delete(SALES_PATHS.deleteCart, { token, body: { id: 1, business_id } }),
      () => other.api.get(SALES_PATHS.customers, { token, query: { business_id } }),
      () => other.api.post(SALES_PATHS.sales, { token, body: { cart_id: 1, business_id, payment_status: 'paid' } }),
      () => other.api.get(SALES_PATHS.sales, { token, query: { business_id } }),
      () => other.api.get(SALES_PATHS.sale, { token, query: { business_id, id: 1 } }),
      () =>
        other.api.post(SALES_PATHS.payments, { token, body: { business_id, sale_id: 1, amount: '1', method: 'cash' } }),
      () => other.api.get(SALES_PATHS.debts, { token, query: { business_id } }),
      () => other.api.get(SALES_PATHS.myDebts, { token, query: { business_id } }),
    ];
    for (const call of calls) {
      const answer = await call();
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Business not found');
    }
  });
});

describe('the sales API documentation', () => {
  it('lists every sales call in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const path of Object.values(SALES_PATHS)) expect(paths).toContain(`/api/v1${path}`);
  });
});

describe('finding registered customers for a cart', () => {
  it('lists the active customers of this business only, searched by name', async () => {
    const lookupShop = await openShop(t);
    await addMember(t, lookupShop.businessId, { role: 'customer', first_name: 'Ngozi', last_name: 'Okafor' });
    await addMember(t, lookupShop.businessId, { role: 'customer', first_name: 'Yemi', last_name: 'Alade' });
    await addMember(t, lookupShop.businessId, { role: 'customer', first_name: 'Ngozi', isActive: false });
    await addMember(t, lookupShop.businessId, { role: 'sales_person', first_name: 'Ngozi' });
    await addMember(t, other.businessId, { role: 'customer', first_name: 'Ngozi' });
    const seller = await addMember(t, lookupShop.businessId, { role: 'sales_rep' });
    const token = (await logIn(t, seller.username)).token;
    const answer = await lookupShop.api.get('/sales/customers/', {
      token,
      query: { business_id: lookupShop.businessId, search: 'ngo' },
    });
    expect(answer.status).toBe(200);
    expect(answer.data.results.map((c: any) => `${c.first_name} ${c.last_name}`)).toEqual(['Ngozi Okafor']);
    const all = await lookupShop.api.get('/sales/customers/', { token, query: { business_id: lookupShop.businessId } });
    expect(all.data.results).toHaveLength(2);
  });
});
