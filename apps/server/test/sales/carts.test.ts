import { ENDPOINTS, type EndpointInput, type UpdateCartBody } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import {
  addMember,
  createCart,
  createProduct,
  lagosDay,
  logIn,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

const list = (s: Owner, query: Partial<EndpointInput<typeof ENDPOINTS.sales.listCarts>> = {}, token = s.token) =>
  shop.api.call(ENDPOINTS.sales.listCarts, { business_id: s.businessId, ...query }, { token });

describe('creating a cart', () => {
  it('prices every line from the product and sums the total on the server', async () => {
    const rice = await createProduct(shop.t, shop.ceo, {
      product_name: 'Rice 5kg',
      selling_price: '1000.00',
      selling_price_discount_percentage: '12.5',
    });
    const oil = await createProduct(shop.t, shop.ceo, {
      selling_price: '800.00',
      wholesale_price: '700.00',
      wholesale_price_discount_percentage: '10',
    });
    const answer = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
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
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe('Cart created 🎉');
    const cart = answer.data.cart;
    expect(cart).toMatchObject({ title: 'Mama Nkechi order', customer_name: 'Mama Nkechi', currency: 'NGN' });
    expect(cart.created_by).toBe(shop.ceo.user.id);
    expect(cart.items.map((item) => [item.product_name, item.net_unit_price, item.line_total])).toEqual([
      ['Rice 5kg', '875.00', '2625.00'],
      [oil.product_name, '630.00', '1260.00'],
      [oil.product_name, '800.00', '800.00'],
    ]);
    expect(cart.items[0]).toMatchObject({ unit_price: '1000.00', discount_percentage: '12.50', quantity_in_stock: 10 });
    expect(cart.total_cart_amount).toBe('4685.00');
  });

  it('lists a cart (one statement, its lines as JSON) exactly as it answered when written', async () => {
    const flour = await createProduct(shop.t, shop.ceo, {
      selling_price: '1500.50',
      selling_price_discount_percentage: '5',
      wholesale_price: '1200.25',
      wholesale_price_discount_percentage: '2.5',
      batches: [{ quantity: 4 }, { quantity: 7 }],
    });
    const salt = await createProduct(shop.t, shop.ceo, { selling_price: '250.00' });
    const cart = await createCart(
      shop.t,
      shop.ceo,
      [
        { product_id: flour.id, product_batch_id: flour.batches[1]!.id, quantity: 2, pricing_strategy: 'wholesale' },
        { product_id: salt.id, quantity: 3, apply_discount: false },
        { product_id: flour.id, quantity: 1 },
      ],
      { customer_name: 'Iya Basira' },
    );
    const listed = async () => (await list(shop.ceo, { id: cart.id })).data.results;
    // Every field of every line in its place: the prices, discounts, batch, strategy and stock as written.
    expect(await listed()).toEqual([cart]);
    expect(cart.items.map((item) => [item.product_batch_id, item.net_unit_price, item.quantity_in_stock])).toEqual([
      [flour.batches[1]!.id, '1170.24', 11],
      [null, '250.00', 10],
      [null, '1425.48', 11],
    ]);
    // A product archived since is shown as such.
    await shop.t.db.update(products).set({ archived_at: new Date() }).where(eq(products.id, salt.id));
    const [again] = await listed();
    expect(again?.items.map((item) => item.is_archived)).toEqual([false, true, false]);
  });

  it('defaults the title to "Cart-" and a timestamp and the customer to "Unnamed Customer"', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    expect(cart.title).toMatch(/^Cart-\d{8}-\d{6}$/);
    expect(cart.customer_name).toBe('Unnamed Customer');
  });

  it('merges lines asking for the same product the same way', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [
      { product_id: product.id, quantity: 2 },
      { product_id: product.id, quantity: 3 },
    ]);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(5);
  });

  it('refuses short titles and names and quantities below 1 with the spec messages', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const answer = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
        title: 'ab',
        customer_name: ' x ',
        items: [{ product_id: product.id, quantity: 0 }],
      },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      title: ['Title must be at least 3 characters'],
      customer_name: ['Customer name must be at least 3 characters'],
      'items.0.quantity': ['Quantity must be at least 1'],
    });
  });

  it('refuses a total sent by the client', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const answer = await shop.api.send(ENDPOINTS.sales.createCart, {
      token: shop.ceo.token,
      body: {
        business_id: shop.ceo.businessId,
        total_cart_amount: '1.00',
        items: [{ product_id: product.id, quantity: 1 }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ total_cart_amount: ['Unknown field: total_cart_amount.'] });
  });

  it('refuses an out-of-stock product, counting expired batches as no stock', async () => {
    const empty = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 0 }] });
    const expired = await createProduct(shop.t, shop.ceo, {
      batches: [{ quantity: 5, expiration_date: lagosDay(-1) }],
    });
    for (const product of [empty, expired]) {
      const answer = await shop.api.call(
        ENDPOINTS.sales.createCart,
        { business_id: shop.ceo.businessId, items: [{ product_id: product.id, quantity: 1 }] },
        { token: shop.ceo.token },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('Cannot add out-of-stock product to cart.');
      expect(answer.body.errors).toEqual({ 'items.0.product_id': ['Cannot add out-of-stock product to cart.'] });
    }
    const expiringToday = await createProduct(shop.t, shop.ceo, {
      batches: [{ quantity: 5, expiration_date: lagosDay(0) }],
    });
    expect((await createCart(shop.t, shop.ceo, [{ product_id: expiringToday.id, quantity: 1 }])).items).toHaveLength(1);
  });

  it('refuses lines in two currencies', async () => {
    const naira = await createProduct(shop.t, shop.ceo, { currency: 'NGN' });
    const dollars = await createProduct(shop.t, shop.ceo, { currency: 'USD' });
    const answer = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
        items: [
          { product_id: naira.id, quantity: 1 },
          { product_id: dollars.id, quantity: 1 },
        ],
      },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('All items in a cart must have the same currency.');
  });

  it('refuses a batch of another product and a product of another business, alike', async () => {
    const mine = await createProduct(shop.t, shop.ceo);
    const another = await createProduct(shop.t, shop.ceo);
    const foreign = await createProduct(shop.t, other);
    const wrongBatch = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
        items: [{ product_id: mine.id, product_batch_id: another.batches[0]!.id, quantity: 1 }],
      },
      { token: shop.ceo.token },
    );
    expect(wrongBatch.status).toBe(400);
    expect(wrongBatch.body.errors).toEqual({
      'items.0.product_batch_id': ['This batch does not belong to the product.'],
    });
    const answers = await Promise.all(
      [foreign.id, 987654321].map((productId) =>
        shop.api.call(
          ENDPOINTS.sales.createCart,
          { business_id: shop.ceo.businessId, items: [{ product_id: productId, quantity: 1 }] },
          { token: shop.ceo.token },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 400]);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(answers[0]?.body.detail).toBe('Product not found.');
  });

  it('names a registered customer of the business, and no one else', async () => {
    const customer = await addMember(shop.t, shop.ceo.businessId, {
      role: 'customer',
      first_name: 'Bola',
      last_name: 'Ade',
    });
    const seller = await addMember(shop.t, shop.ceo.businessId, { role: 'sales_person' });
    const outsider = await addMember(shop.t, other.businessId, { role: 'customer' });
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }], {
      customer_id: customer.id,
    });
    expect(cart).toMatchObject({ customer_id: customer.id, customer_name: 'Bola Ade' });
    for (const customerId of [seller.id, outsider.id]) {
      const answer = await shop.api.call(
        ENDPOINTS.sales.createCart,
        { business_id: shop.ceo.businessId, customer_id: customerId, items: [] },
        { token: shop.ceo.token },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ customer_id: ['Choose a registered customer of this business.'] });
    }
  });
});

describe('listing carts', () => {
  let listShop: Owner;
  let sellerId: number;
  beforeAll(async () => {
    listShop = await signUpCeo(shop.t);
    const seller = await memberLoggedIn(shop.t, listShop.businessId, 'sales_rep');
    sellerId = seller.user.id;
    const product = await createProduct(shop.t, listShop, { product_name: 'Garri', batches: [{ quantity: 100 }] });
    for (let index = 1; index <= 12; index++) {
      await createCart(shop.t, index <= 2 ? seller : listShop, [{ product_id: product.id, quantity: index }], {
        title: `Cart number ${index}`,
        customer_name: index === 7 ? 'Emeka 100%' : 'Walk-in buyer',
      });
    }
  });

  it('pages by ten, newest first, with items and totals', async () => {
    const first = await list(listShop);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ count: 12, next: 2, previous: null, current_page: 1, total_pages: 2 });
    expect(first.data.results).toHaveLength(10);
    expect(first.data.results[0]).toMatchObject({ title: 'Cart number 12', total_cart_amount: '1200.00' });
    expect(first.data.results[0]?.items[0]).toMatchObject({
      product_name: 'Garri',
      quantity: 12,
      line_total: '1200.00',
    });
    const second = await list(listShop, { page: 2 });
    expect(second.data.results.map((cart) => cart.title)).toEqual(['Cart number 2', 'Cart number 1']);
  });

  it('filters by creator, by id, and searches title and customer (literally)', async () => {
    const mine = await list(listShop, { user_id: sellerId });
    expect(mine.data.count).toBe(2);
    const one = await list(listShop, { id: mine.data.results[0]!.id });
    expect(one.data.results.map((cart) => cart.id)).toEqual([mine.data.results[0]?.id]);
    expect((await list(listShop, { search: 'number 1' })).data.count).toBe(4);
    expect((await list(listShop, { search: 'emeka 100%' })).data.results[0]?.title).toBe('Cart number 7');
    expect((await list(listShop, { search: '%' })).data.count).toBe(1);
  });

  it('refuses customers, and answers 404 for another business', async () => {
    const customer = await memberLoggedIn(shop.t, listShop.businessId, 'customer');
    const refused = await list(listShop, {}, customer.token);
    expect(refused.status).toBe(403);
    const foreign = await list(listShop, {}, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Business not found');
  });

  it('lets every staff role manage carts', async () => {
    const product = await createProduct(shop.t, listShop);
    for (const role of ['manager', 'sales_person', 'sales_rep'] as const) {
      const person = await memberLoggedIn(shop.t, listShop.businessId, role);
      const cart = await createCart(shop.t, person, [{ product_id: product.id, quantity: 1 }]);
      expect(cart.created_by).toBe(person.user.id);
    }
  });
});

describe('updating and deleting a cart', () => {
  it('replaces the title, customer and items, keeping quantities of at least 1', async () => {
    const a = await createProduct(shop.t, shop.ceo);
    const b = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: a.id, quantity: 1 }]);
    const update = (body: Pick<UpdateCartBody, 'items'>) =>
      shop.api.call(
        ENDPOINTS.sales.updateCart,
        { id: cart.id, business_id: shop.ceo.businessId, title: 'Renamed', customer_name: 'Tunde', ...body },
        { token: shop.ceo.token },
      );
    const answer = await update({ items: [{ product_id: b.id, quantity: 4 }] });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe('Cart updated ✅');
    expect(answer.data.cart).toMatchObject({ title: 'Renamed', customer_name: 'Tunde', total_cart_amount: '400.00' });
    expect(answer.data.cart.items.map((item) => [item.product_id, item.quantity])).toEqual([[b.id, 4]]);
    const zero = await update({ items: [{ product_id: b.id, quantity: 0 }] });
    expect(zero.status).toBe(400);
    expect(zero.body.detail).toBe('Quantity must be at least 1');
  });

  it('keeps a line whose product ran out since, but refuses adding another out-of-stock one', async () => {
    const soldOut = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 1 }] });
    const empty = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 0 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: soldOut.id, quantity: 1 }]);
    const sellAll = await createCart(shop.t, shop.ceo, [{ product_id: soldOut.id, quantity: 1 }]);
    expect(
      (
        await shop.api.call(
          ENDPOINTS.sales.confirmSale,
          { cart_id: sellAll.id, business_id: shop.ceo.businessId, payment_status: 'paid' },
          { token: shop.ceo.token },
        )
      ).status,
    ).toBe(201);
    const body = { id: cart.id, business_id: shop.ceo.businessId, title: 'Still here', customer_name: 'Walk-in' };
    const kept = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      { ...body, items: [{ product_id: soldOut.id, quantity: 1 }] },
      { token: shop.ceo.token },
    );
    expect(kept.status).toBe(200);
    expect(kept.data.cart.items[0]).toMatchObject({ quantity: 1, quantity_in_stock: 0 });
    // Kept, but not raised past what the stock (or the cart before) holds.
    const raised = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      { ...body, items: [{ product_id: soldOut.id, quantity: 2 }] },
      { token: shop.ceo.token },
    );
    expect(raised.status).toBe(400);
    expect(raised.body.detail).toBe('Insufficient stock for one or more items.');
    const added = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      { ...body, items: [{ product_id: empty.id, quantity: 1 }] },
      { token: shop.ceo.token },
    );
    expect(added.status).toBe(400);
    expect(added.body.detail).toBe('Cannot add out-of-stock product to cart.');
  });

  it('deletes a cart once; another business cannot touch it', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const foreignUpdate = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      { id: cart.id, business_id: other.businessId, title: 'Stolen', customer_name: 'Thief', items: [] },
      { token: other.token },
    );
    expect(foreignUpdate.status).toBe(404);
    expect(foreignUpdate.body.detail).toBe('Cart not found.');
    const foreignDelete = await shop.api.call(
      ENDPOINTS.sales.deleteCart,
      { id: cart.id, business_id: other.businessId },
      { token: other.token },
    );
    expect(foreignDelete.status).toBe(404);
    const intoOther = await shop.api.call(
      ENDPOINTS.sales.deleteCart,
      { id: cart.id, business_id: shop.ceo.businessId },
      { token: other.token },
    );
    expect(intoOther.status).toBe(404);
    expect(intoOther.body.detail).toBe('Business not found');

    const deleted = await shop.api.call(
      ENDPOINTS.sales.deleteCart,
      { id: cart.id, business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.response_description).toBe('Cart deleted 🚮');
    expect((await list(shop.ceo, { id: cart.id })).data.count).toBe(0);
    const again = await shop.api.call(
      ENDPOINTS.sales.deleteCart,
      { id: cart.id, business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(again.status).toBe(404);
  });

  it('deletes a cart named by its id alone, and answers a cart of another business like a missing one', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const foreign = await shop.api.call(ENDPOINTS.sales.deleteCart, { id: cart.id }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Cart not found.');
    const missing = await shop.api.call(ENDPOINTS.sales.deleteCart, { id: 987_654_321 }, { token: shop.ceo.token });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Cart not found.');
    expect((await list(shop.ceo, { id: cart.id })).data.count).toBe(1);

    const deleted = await shop.api.call(ENDPOINTS.sales.deleteCart, { id: cart.id }, { token: shop.ceo.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.response_description).toBe('Cart deleted 🚮');
    expect((await list(shop.ceo, { id: cart.id })).data.count).toBe(0);
  });
});

describe('another business', () => {
  it('answers every sales call for a business the caller is not in with 404, as for no business at all', async () => {
    const business_id = shop.ceo.businessId;
    const token = other.token;
    const calls = [
      () => shop.api.call(ENDPOINTS.sales.listCarts, { business_id }, { token }),
      () => shop.api.call(ENDPOINTS.sales.createCart, { business_id, items: [] }, { token }),
      () =>
        shop.api.call(
          ENDPOINTS.sales.updateCart,
          { id: 1, business_id, title: 'Title', customer_name: 'Name', items: [] },
          { token },
        ),
      () => shop.api.call(ENDPOINTS.sales.deleteCart, { id: 1, business_id }, { token }),
      () => shop.api.call(ENDPOINTS.sales.listCustomers, { business_id }, { token }),
      () => shop.api.call(ENDPOINTS.sales.confirmSale, { cart_id: 1, business_id, payment_status: 'paid' }, { token }),
      () => shop.api.call(ENDPOINTS.sales.listSales, { business_id }, { token }),
      () => shop.api.call(ENDPOINTS.sales.getSale, { business_id, id: 1 }, { token }),
      () =>
        shop.api.call(
          ENDPOINTS.sales.recordPayment,
          { business_id, sale_id: 1, amount: '1', method: 'cash' },
          { token },
        ),
      () => shop.api.call(ENDPOINTS.sales.listDebts, { business_id }, { token }),
      () => shop.api.call(ENDPOINTS.sales.listMyDebts, { business_id }, { token }),
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
    const response = await shop.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const { path } of Object.values(ENDPOINTS.sales)) expect(paths).toContain(`/api/v1${path}`);
  });
});

describe('finding registered customers for a cart', () => {
  it('lists the active customers of this business only, searched by name', async () => {
    const lookupShop = await signUpCeo(shop.t);
    await addMember(shop.t, lookupShop.businessId, { role: 'customer', first_name: 'Ngozi', last_name: 'Okafor' });
    await addMember(shop.t, lookupShop.businessId, { role: 'customer', first_name: 'Yemi', last_name: 'Alade' });
    await addMember(shop.t, lookupShop.businessId, { role: 'customer', first_name: 'Ngozi', isActive: false });
    await addMember(shop.t, lookupShop.businessId, { role: 'sales_person', first_name: 'Ngozi' });
    await addMember(shop.t, other.businessId, { role: 'customer', first_name: 'Ngozi' });
    const seller = await addMember(shop.t, lookupShop.businessId, { role: 'sales_rep' });
    const token = (await logIn(shop.t, seller.username)).token;
    const answer = await shop.api.call(
      ENDPOINTS.sales.listCustomers,
      { business_id: lookupShop.businessId, search: 'ngo' },
      { token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.results.map((c) => `${c.first_name} ${c.last_name}`)).toEqual(['Ngozi Okafor']);
    const all = await shop.api.call(ENDPOINTS.sales.listCustomers, { business_id: lookupShop.businessId }, { token });
    expect(all.data.results).toHaveLength(2);
  });
});
