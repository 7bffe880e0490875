import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createCart, createProduct, type Member, memberLoggedIn, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The employee area lists a seller's own carts and, beside them, the customers' open requests, which they
 * confirm: a request never showed there, because the list asked for the seller's own carts only.
 */
let t: TestApp;
let api: ApiClient;
let shop: Owner;
let other: Owner;
let seller: Member;
let colleague: Member;
let customer: Member;
let otherCustomer: Member;
const ids: Record<'own' | 'colleagues' | 'ceos' | 'request' | 'foreignOwn' | 'foreignRequest', number> = {
  own: 0,
  colleagues: 0,
  ceos: 0,
  request: 0,
  foreignOwn: 0,
  foreignRequest: 0,
};

type Query = Omit<EndpointInput<typeof ENDPOINTS.sales.listCarts>, 'business_id' | 'page'>;
const listed = async (by: Member | Owner, query: Query, businessId = by.businessId) => {
  const answer = await api.call(
    ENDPOINTS.sales.listCarts,
    { business_id: businessId, page: 1, ...query },
    { token: by.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ids: answer.data.results.map((cart) => cart.id).sort((a, b) => a - b), count: answer.data.count };
};
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  [shop, other] = await Promise.all([signUpCeo(t), signUpCeo(t)]);
  [seller, colleague, customer, otherCustomer] = await Promise.all([
    memberLoggedIn(t, shop.businessId, 'sales_person'),
    memberLoggedIn(t, shop.businessId, 'sales_person'),
    memberLoggedIn(t, shop.businessId, 'customer'),
    memberLoggedIn(t, other.businessId, 'customer'),
  ]);
  const [rice, foreignRice] = await Promise.all([
    createProduct(t, shop, { batches: [{ quantity: 50 }] }),
    createProduct(t, other, { batches: [{ quantity: 50 }] }),
  ]);
  const line = (productId: number) => [{ product_id: productId, quantity: 1 }];
  const request = async (by: Member, productId: number) => {
    const answer = await api.call(
      ENDPOINTS.sales.requestProducts,
      { business_id: by.businessId, items: line(productId) },
      { token: by.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.data.cart.id;
  };
  ids.own = (await createCart(t, seller, line(rice.id), { title: 'Own cart' })).id;
  ids.colleagues = (await createCart(t, colleague, line(rice.id), { title: 'Colleague cart' })).id;
  ids.ceos = (await createCart(t, shop, line(rice.id), { title: 'CEO cart' })).id;
  ids.request = await request(customer, rice.id);
  ids.foreignOwn = (await createCart(t, other, line(foreignRice.id), { title: 'Own cart' })).id;
  ids.foreignRequest = await request(otherCustomer, foreignRice.id);
});
afterAll(() => t.close());

describe("a seller's carts with the customers' requests", () => {
  it("are the seller's own carts and the business's customer requests, nobody else's carts", async () => {
    expect(await listed(seller, { user_id: seller.user.id, customer_requests: 'also' })).toEqual({
      ids: sorted(ids.own, ids.request),
      count: 2,
    });
    // The CEO's own in the same business: their cart and the same request.
    expect(await listed(shop, { user_id: shop.user.id, customer_requests: 'also' })).toEqual({
      ids: sorted(ids.ceos, ids.request),
      count: 2,
    });
  });

  it("stay the seller's own carts alone without it, as the add-to-cart button asks for them", async () => {
    expect(await listed(seller, { user_id: seller.user.id })).toEqual({ ids: [ids.own], count: 1 });
  });

  it('are searched like any carts', async () => {
    expect(await listed(seller, { user_id: seller.user.id, customer_requests: 'also', search: 'own cart' })).toEqual({
      ids: [ids.own],
      count: 1,
    });
  });

  it("only: the business's open requests, which another business never sees", async () => {
    expect(await listed(seller, { customer_requests: 'only' })).toEqual({ ids: [ids.request], count: 1 });
    expect(await listed(other, { customer_requests: 'only' })).toEqual({ ids: [ids.foreignRequest], count: 1 });
    expect(await listed(other, { user_id: other.user.id, customer_requests: 'also' })).toEqual({
      ids: sorted(ids.foreignOwn, ids.foreignRequest),
      count: 2,
    });
  });

  it('are gone from the list once confirmed into a sale', async () => {
    const sale = await api.call(
      ENDPOINTS.sales.confirmSale,
      { business_id: shop.businessId, cart_id: ids.request, payment_status: 'paid' },
      { token: seller.token },
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(await listed(seller, { user_id: seller.user.id, customer_requests: 'also' })).toEqual({
      ids: [ids.own],
      count: 1,
    });
    expect(await listed(seller, { customer_requests: 'only' })).toEqual({ ids: [], count: 0 });
  });

  it('refuses any other value', async () => {
    const answer = await api.send(ENDPOINTS.sales.listCarts, {
      token: seller.token,
      query: { business_id: String(shop.businessId), page: '1', customer_requests: 'all' },
    });
    expect(answer.status).toBe(400);
  });
});
