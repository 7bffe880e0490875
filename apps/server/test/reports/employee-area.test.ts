import { type CreateSaleBody, ENDPOINTS, type EndpointData, fromKobo, toKobo } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import {
  type Caller,
  confirm,
  createCart,
  createProduct,
  hoursAgo,
  insertSale,
  lagosDay,
  type Member,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The employee area's own figures: Performance (the share of what they sold that is collected)
 * and the analytics (per day and per product over 7 / 30 / 90 days), each only of their own sales.
 */

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

/** Sells `quantity` units of a product at `price` as `by`, with this payment, and answers the sale. */
async function sell(
  shop: Owner,
  by: Caller,
  price: string,
  quantity: number,
  payment: Partial<CreateSaleBody>,
  currency: 'NGN' | 'USD' = 'NGN',
) {
  const product = await createProduct(t, shop, { selling_price: price, currency, batches: [{ quantity: 100 }] });
  const cart = await createCart(t, by, [{ product_id: product.id, quantity }]);
  const answer = await confirm(t, by, cart.id, payment);
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.data.sale;
}

async function pay(by: Caller, saleId: number, amount: string) {
  const answer = await api.call(
    ENDPOINTS.sales.recordPayment,
    { business_id: by.businessId, sale_id: saleId, amount, method: 'cash' },
    { token: by.token },
  );
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
}

/** The employee analytics' answer, as `send` (which takes any query) leaves it untyped. */
type Analytics = EndpointData<typeof ENDPOINTS.businesses.getEmployeeAnalytics>;

const figures = (by: Caller) =>
  api.call(ENDPOINTS.businesses.getEmployeeFigures, { business_id: by.businessId }, { token: by.token });

/** The test's own percentage, two decimals rounded half up, from whole kobo. */
function expectedPercent(collected: bigint, sold: bigint): string {
  return (Math.round(Number((collected * 1_000_000n) / sold) / 100) / 100).toFixed(2);
}

describe('Performance on the employee home', () => {
  it('is the share of the value they sold that is already collected, in the main currency, of their sales only', async () => {
    const shop = await signUpCeo(t);
    const seller = await memberLoggedIn(t, shop.businessId, 'sales_person');
    const colleague = await memberLoggedIn(t, shop.businessId, 'sales_person');
    expect((await figures(seller)).data.performance).toBeNull();

    // Theirs: paid in full, a partial sale later paid a little more (by the CEO: it is still their sale),
    // one on credit, one cancelled (it counts nowhere), and one in US dollars (not the main currency).
    const paid = await sell(shop, seller, '1234.50', 2, { payment_status: 'paid' });
    const partial = await sell(shop, seller, '999.99', 3, { payment_status: 'partial', deposit_amount: '1000.00' });
    await pay(shop, partial.id, '333.33');
    const credit = await sell(shop, seller, '4100.00', 1, { payment_status: 'not_paid' });
    const cancelled = await sell(shop, seller, '700.00', 1, { payment_status: 'paid' });
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: shop.businessId, id: cancelled.id, reason: 'Returned', refund_amount: '700.00' },
      { token: shop.token },
    );
    expect(cancel.status).toBe(200);
    await sell(shop, seller, '10.00', 1, { payment_status: 'not_paid' }, 'USD');
    // A colleague's sale, and a payment the seller took on it: neither is the seller's sale.
    const theirs = await sell(shop, colleague, '50000.00', 1, { payment_status: 'not_paid' });
    await pay(seller, theirs.id, '100.00');

    const sold = [paid, partial, credit].reduce((sum, sale) => sum + toKobo(sale.total_cart_amount), 0n);
    const collected = toKobo(paid.total_cart_amount) + toKobo('1000.00') + toKobo('333.33');
    const answer = await figures(seller);
    expect(answer.status).toBe(200);
    expect(answer.data.performance).toEqual({
      currency: 'NGN',
      sold: fromKobo(sold),
      collected: fromKobo(collected),
      percent: expectedPercent(collected, sold),
    });
    // 2469 + 2999.97 + 4100 sold, 2469 + 1333.33 collected: 3802.33 / 9568.97 = 39.74 %.
    expect(answer.data.performance?.percent).toBe('39.74');
    expect((await figures(colleague)).data.performance).toMatchObject({ sold: '50000.00', collected: '100.00' });
  });
});

describe('GET /users/businesses/employee-analytics/', () => {
  let shop: Owner;
  let seller: Member;
  beforeAll(async () => {
    shop = await signUpCeo(t);
    seller = await memberLoggedIn(t, shop.businessId, 'sales_person');
    const rep = await memberLoggedIn(t, shop.businessId, 'sales_rep');
    const soap = await createProduct(t, shop, { product_name: 'Soap' });
    const rice = await createProduct(t, shop, { product_name: 'Rice' });
    const mine = { id: seller.user.id, name: 'Chidi Eze' };
    const at = [hoursAgo(1), hoursAgo(1), hoursAgo(24 * 12), hoursAgo(24 * 50), hoursAgo(24 * 120)];
    await insertSale(t, shop.businessId, {
      lines: [{ product: soap, quantity: 4, unitPrice: '250.00' }],
      soldBy: mine,
      createdAt: at[0],
    });
    await insertSale(t, shop.businessId, {
      lines: [
        { product: rice, quantity: 1, unitPrice: '60000.00' },
        { product: soap, quantity: 1, unitPrice: '250.00' },
      ],
      soldBy: mine,
      createdAt: at[1],
    });
    await insertSale(t, shop.businessId, {
      lines: [{ product: rice, quantity: 2, unitPrice: '60000.00' }],
      soldBy: mine,
      createdAt: at[2],
    });
    await insertSale(t, shop.businessId, {
      lines: [{ product: soap, quantity: 10, unitPrice: '250.00' }],
      soldBy: mine,
      createdAt: at[3],
    });
    await insertSale(t, shop.businessId, {
      lines: [{ product: soap, quantity: 99, unitPrice: '250.00' }],
      soldBy: mine,
      createdAt: at[4],
    });
    // Somebody else's sale today never shows in the seller's analytics.
    await insertSale(t, shop.businessId, {
      lines: [{ product: rice, quantity: 50, unitPrice: '60000.00' }],
      soldBy: { id: rep.user.id, name: 'Rep' },
      createdAt: hoursAgo(1),
    });
  });

  const analytics = (days: number | string, by: Caller = seller) =>
    api.send(ENDPOINTS.businesses.getEmployeeAnalytics, {
      token: by.token,
      query: { business_id: String(by.businessId), days: String(days) },
    });

  it('gives their revenue per Lagos day, every day present, and their top products, over 7 days', async () => {
    const answer = await analytics(7);
    expect(answer.status).toBe(200);
    const data = answer.data as Analytics;
    expect(data).toMatchObject({ days: 7, total_sales: 2, revenue: [{ currency: 'NGN', amount: '61250.00' }] });
    expect(data.revenue_by_day.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => lagosDay(i - 6)));
    const withSales = data.revenue_by_day.filter((day) => day.amounts.length > 0);
    expect(withSales.map((day) => day.amounts)).toEqual([[{ currency: 'NGN', amount: '61250.00' }]]);
    expect(data.top_products.map((p) => [p.product_name, p.quantity, p.revenue])).toEqual([
      ['Soap', 5, '1250.00'],
      ['Rice', 1, '60000.00'],
    ]);
  });

  it('widens to 30 and 90 days', async () => {
    const month = (await analytics(30)).data as Analytics;
    expect(month).toMatchObject({ days: 30, total_sales: 3, revenue: [{ currency: 'NGN', amount: '181250.00' }] });
    expect(month.revenue_by_day).toHaveLength(30);
    expect(month.top_products.map((p) => [p.product_name, p.quantity])).toEqual([
      ['Soap', 5],
      ['Rice', 3],
    ]);
    const quarter = (await analytics(90)).data as Analytics;
    expect(quarter).toMatchObject({ days: 90, total_sales: 4, revenue: [{ currency: 'NGN', amount: '183750.00' }] });
    expect(quarter.revenue_by_day).toHaveLength(90);
    expect(quarter.top_products[0]).toMatchObject({ product_name: 'Soap', quantity: 15 });
  });

  it('offers only 7, 30 or 90 days, and is for staff of this business', async () => {
    for (const days of [1, 365, 'week']) {
      const answer = await analytics(days);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.days).toEqual(['Choose 7, 30 or 90 days.']);
    }
    const customer = await memberLoggedIn(t, shop.businessId, 'customer');
    expect((await analytics(7, customer)).status).toBe(403);
    const stranger = await signUpCeo(t);
    expect((await analytics(7, { token: stranger.token, businessId: shop.businessId })).status).toBe(404);
    // The CEO looking in sees their own sales: none here.
    expect(((await analytics(7, shop)).data as Analytics).total_sales).toBe(0);
  });
});
