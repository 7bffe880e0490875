import { ENDPOINTS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  createProduct,
  hoursAgo,
  insertSale,
  lagosDay,
  logIn,
  memberLoggedIn,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const zeroWeek = () => Array.from({ length: 7 }, (_, index) => ({ date: lagosDay(index - 6), amounts: [] }));

describe('GET /users/businesses/overview/', () => {
  it('shows zero figures for a business without sales', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.business.id },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      total_revenue: [],
      collected: [],
      collected_today_by_method: [],
      total_sales: 0,
      best_seller: null,
      active_users: 1,
      role_summary: [{ role: 'ceo', count: 1 }],
      recent_sales: [],
      revenue_by_day: zeroWeek(),
      attention: {
        low_stock: [],
        expiring: [],
        expired: [],
        top_debtors: [],
        shortfalls: [],
        price_flags: [],
        unsynced_devices: [],
        waiting_members: [],
        below_cost: [],
      },
    });
  });

  it('computes every figure from the sales of this business only', async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    const seller = await addMember(t, ceo.business.id, { role: 'sales_person', first_name: 'Sade' });
    await addMember(t, ceo.business.id, { role: 'sales_person' });
    await addMember(t, ceo.business.id, { role: 'customer' });
    await addMember(t, ceo.business.id, { role: 'sales_person', isActive: false });
    const rice = await createProduct(t, ceo, { product_name: 'Rice 50kg' });
    const oil = await createProduct(t, ceo, { product_name: 'Palm Oil' });
    const perfume = await createProduct(t, ceo, { product_name: 'Perfume', currency: 'USD' });

    // Three days ago (Lagos): outside the last 24 hours, inside the 7-day trend.
    await insertSale(t, ceo.business.id, {
      lines: [{ product: oil, quantity: 10, unitPrice: '1000.10' }],
      createdAt: new Date(`${lagosDay(-3)}T12:00:00+01:00`),
    });
    // 00:30 in Lagos is still the previous day in UTC: it belongs to the Lagos day.
    await insertSale(t, ceo.business.id, {
      lines: [{ product: rice, quantity: 1, unitPrice: '0.20' }],
      createdAt: new Date(`${lagosDay(-2)}T00:30:00+01:00`),
    });
    const recent = await insertSale(t, ceo.business.id, {
      lines: [
        { product: rice, quantity: 2, unitPrice: '45000.00' },
        { product: oil, quantity: 1, unitPrice: '0.10' },
      ],
      customerName: 'Bola',
      soldBy: { id: seller.id, name: 'Sade Eze' },
      paymentStatus: 'partial',
      createdAt: hoursAgo(1),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: perfume, quantity: 1, unitPrice: '25.50' }],
      currency: 'USD',
      createdAt: hoursAgo(2),
    });
    // Eight days ago: counted in the totals, not in the trend.
    await insertSale(t, ceo.business.id, {
      lines: [{ product: rice, quantity: 1, unitPrice: '100.00' }],
      createdAt: new Date(`${lagosDay(-8)}T12:00:00+01:00`),
    });
    const otherProduct = await createProduct(t, other);
    await insertSale(t, other.business.id, {
      lines: [{ product: otherProduct, quantity: 99, unitPrice: '5.00' }],
      createdAt: hoursAgo(1),
    });

    const answer = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.business.id },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    const overview = answer.data;
    // 10001.00 + 0.20 + 90000.10 + 100.00 in Naira, exact to the kobo; the dollars apart.
    expect(overview.total_revenue).toEqual([
      { currency: 'NGN', amount: '100101.30' },
      { currency: 'USD', amount: '25.50' },
    ]);
    expect(overview.total_sales).toBe(5);
    // Oil sold 11 units over all lines (not only first items), rice 4.
    expect(overview.best_seller).toMatchObject({ product_id: oil.id, product_name: 'Palm Oil', quantity: 11 });
    expect(overview.active_users).toBe(4);
    expect(overview.role_summary).toEqual([
      { role: 'sales_person', count: 2 },
      { role: 'ceo', count: 1 },
      { role: 'customer', count: 1 },
    ]);
    expect(overview.recent_sales).toHaveLength(2);
    expect(overview.recent_sales[0]).toMatchObject({
      id: recent.id,
      product_name: 'Rice 50kg',
      quantity: 2,
      item_count: 2,
      customer_name: 'Bola',
      total_cart_amount: '90000.10',
      currency: 'NGN',
      payment_status: 'partial',
      sold_by: 'Sade Eze',
    });
    expect(overview.recent_sales[1]).toMatchObject({ product_name: 'Perfume', currency: 'USD' });

    const week = zeroWeek() as { date: string; amounts: unknown[] }[];
    week[3]!.amounts = [{ currency: 'NGN', amount: '10001.00' }];
    week[4]!.amounts = [{ currency: 'NGN', amount: '0.20' }];
    const today = [
      { currency: 'NGN', amount: '90000.10' },
      { currency: 'USD', amount: '25.50' },
    ];
    // A sale of the last hours may fall on yesterday's Lagos date just after midnight.
    const lastHours = overview.revenue_by_day.slice(5).flatMap((day: { amounts: unknown[] }) => day.amounts);
    expect(lastHours).toEqual(expect.arrayContaining(today));
    expect(overview.revenue_by_day.map((day: { date: string }) => day.date)).toEqual(week.map((day) => day.date));
    expect(overview.revenue_by_day.slice(0, 5)).toEqual(week.slice(0, 5));
  });

  it('is for the CEO: 403 to an employee, 404 to another owner', async () => {
    const ceo = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    const manager = await memberLoggedIn(t, ceo.business.id, 'manager');
    const query = { business_id: ceo.business.id };
    expect((await api.call(ENDPOINTS.businesses.getOverview, query, { token: manager.token })).status).toBe(403);
    expect((await api.call(ENDPOINTS.businesses.getOverview, query, { token: stranger.token })).status).toBe(404);
  });
});

describe('GET /users/businesses/report/', () => {
  it('sums a period of Lagos days with its daily revenue and top products', async () => {
    const ceo = await signUpCeo(t);
    const beans = await createProduct(t, ceo, { product_name: 'Beans' });
    const garri = await createProduct(t, ceo, { product_name: 'Garri' });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: beans, quantity: 3, unitPrice: '500.00' }],
      createdAt: new Date(`${lagosDay(-10)}T09:00:00+01:00`),
    });
    await insertSale(t, ceo.business.id, {
      lines: [
        { product: garri, quantity: 5, unitPrice: '200.00' },
        { product: beans, quantity: 1, unitPrice: '500.00' },
      ],
      createdAt: new Date(`${lagosDay(-12)}T23:59:00+01:00`),
    });
    // Just outside the period on either side.
    await insertSale(t, ceo.business.id, {
      lines: [{ product: garri, quantity: 50, unitPrice: '200.00' }],
      createdAt: new Date(`${lagosDay(-13)}T23:59:00+01:00`),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: garri, quantity: 50, unitPrice: '200.00' }],
      createdAt: new Date(`${lagosDay(-9)}T00:00:00+01:00`),
    });

    const from = lagosDay(-12);
    const to = lagosDay(-10);
    const answer = await api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: ceo.business.id, from, to },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    // What the report answered before the profit figures, unchanged (report.test.ts checks the rest).
    expect(answer.data).toMatchObject({
      from,
      to,
      total_revenue: [{ currency: 'NGN', amount: '3000.00' }],
      total_sales: 2,
      revenue_by_day: [
        { date: from, amounts: [{ currency: 'NGN', amount: '1500.00' }] },
        { date: lagosDay(-11), amounts: [] },
        { date: to, amounts: [{ currency: 'NGN', amount: '1500.00' }] },
      ],
      top_products: [
        { product_id: garri.id, product_name: 'Garri', quantity: 5, currency: 'NGN', revenue: '1000.00' },
        { product_id: beans.id, product_name: 'Beans', quantity: 4, currency: 'NGN', revenue: '2000.00' },
      ],
    });
  });

  it('refuses a reversed or too long period', async () => {
    const ceo = await signUpCeo(t);
    const reversed = await api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: ceo.business.id, from: '2026-02-01', to: '2026-01-01' },
      { token: ceo.token },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.from).toEqual(['The start date must be on or before the end date.']);
    const tooLong = await api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: ceo.business.id, from: '2024-01-01', to: '2026-01-01' },
      { token: ceo.token },
    );
    expect(tooLong.status).toBe(400);
    const badDate = await api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: ceo.business.id, from: 'yesterday', to: '2026-01-01' },
      { token: ceo.token },
    );
    expect(badDate.status).toBe(400);
  });
});

describe('own figures', () => {
  it("gives an employee their own sales only, with their share of the month's revenue", async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.business.id, { role: 'sales_person' });
    const colleague = await addMember(t, ceo.business.id, { role: 'sales_rep' });
    const soap = await createProduct(t, ceo, { product_name: 'Soap' });
    const sugar = await createProduct(t, ceo, { product_name: 'Sugar' });
    const mine = { id: seller.id, name: 'Chidi Eze' };
    await insertSale(t, ceo.business.id, {
      lines: [{ product: soap, quantity: 4, unitPrice: '250.00' }],
      customerName: 'Bola',
      soldBy: mine,
      createdAt: hoursAgo(3),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: sugar, quantity: 1, unitPrice: '500.00' }],
      customerName: ' bola ',
      soldBy: mine,
      createdAt: hoursAgo(48),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: sugar, quantity: 1, unitPrice: '1000.00' }],
      customerName: '',
      soldBy: mine,
      createdAt: hoursAgo(72),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: sugar, quantity: 9, unitPrice: '500.00' }],
      customerName: 'Tunde',
      soldBy: { id: colleague.id, name: 'Other' },
      createdAt: hoursAgo(1),
    });

    const person = await logIn(t, seller.username);
    const answer = await api.call(
      ENDPOINTS.businesses.getEmployeeFigures,
      { business_id: ceo.business.id },
      { token: person.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      total_sales: 3,
      revenue: [{ currency: 'NGN', amount: '2500.00' }],
      // "Bola" and " bola " are one customer; the blank name is "Anonymous".
      customers_handled: 2,
      top_product: { product_name: 'Soap', quantity: 4 },
      // 2500 of 7000 over 30 days.
      revenue_share: { percent: '35.71', currency: 'NGN' },
    });
    expect(answer.data.recent_sales).toHaveLength(1);
    expect(answer.data.recent_sales[0]).toMatchObject({ product_name: 'Soap', customer_name: 'Bola' });
  });

  it('counts the customers a seller handled as one count(distinct) of their names would, over many names', async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.business.id, { role: 'sales_person' });
    const soap = await createProduct(t, ceo, { product_name: 'Soap' });
    const names = ['Ada', ' ADA', 'ada ', '', '   ', 'Émeka', 'émeka', 'Zainab', 'anonymous', 'Bola', 'Bola Ade'];
    for (let i = 0; i < 40; i++) {
      await insertSale(t, ceo.business.id, {
        lines: [{ product: soap, quantity: 1, unitPrice: '10.00' }],
        customerName: `${names[i % names.length]}${i % 13 === 0 ? ` ${i}` : ''}`,
        soldBy: { id: i % 3 === 0 ? ceo.user.id : seller.id, name: 'Seller' },
      });
    }
    const { rows } = await t.db.execute<{ count: number }>(sql`
      select count(distinct coalesce(nullif(lower(trim(customer_name)), ''), 'anonymous'))::int as count
      from sales where business_id = ${ceo.business.id} and created_by = ${seller.id}`);
    const person = await logIn(t, seller.username);
    const answer = await api.call(
      ENDPOINTS.businesses.getEmployeeFigures,
      { business_id: ceo.business.id },
      { token: person.token },
    );
    expect(rows[0]?.count).toBeGreaterThan(5);
    expect(answer.data.customers_handled).toBe(rows[0]?.count);
  });

  it('gives a customer their own orders only, and refuses their figures to others', async () => {
    const ceo = await signUpCeo(t);
    const customer = await addMember(t, ceo.business.id, { role: 'customer' });
    const neighbour = await addMember(t, ceo.business.id, { role: 'customer' });
    const milk = await createProduct(t, ceo, { product_name: 'Milk' });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: milk, quantity: 2, unitPrice: '350.50' }],
      customerId: customer.id,
      createdAt: hoursAgo(5),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: milk, quantity: 1, unitPrice: '350.50' }],
      customerId: customer.id,
      createdAt: hoursAgo(30),
    });
    await insertSale(t, ceo.business.id, {
      lines: [{ product: milk, quantity: 7, unitPrice: '350.50' }],
      customerId: neighbour.id,
      createdAt: hoursAgo(1),
    });

    const person = await logIn(t, customer.username);
    const query = { business_id: ceo.business.id };
    const answer = await api.call(ENDPOINTS.businesses.getCustomerFigures, query, { token: person.token });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ total_orders: 2, amount_spent: [{ currency: 'NGN', amount: '1051.50' }] });
    expect(answer.data.recent_orders).toHaveLength(1);
    expect(answer.data.recent_orders[0]).toMatchObject({ product_name: 'Milk', quantity: 2 });

    const employee = await memberLoggedIn(t, ceo.business.id, 'sales_person');
    expect((await api.call(ENDPOINTS.businesses.getCustomerFigures, query, { token: employee.token })).status).toBe(
      403,
    );
    expect((await api.call(ENDPOINTS.businesses.getEmployeeFigures, query, { token: person.token })).status).toBe(403);
  });
});
