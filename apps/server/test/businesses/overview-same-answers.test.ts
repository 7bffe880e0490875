import { type BusinessOverview, ENDPOINTS, type MemberRole, TREND_DAYS } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, products } from '../../src/db/schema';
import { getBusinessOverview } from '../../src/modules/businesses/get-overview';
import { attentionOf } from '../../src/modules/reports/attention';
import { collectedByMethod } from '../../src/modules/reports/collected-by-method';
import { lastDays, recentSales, revenueByDay, saleTotals, topProducts } from '../../src/modules/reports/sale-figures';
import type { BusinessContext } from '../../src/platform/tenancy';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  type Caller,
  confirm,
  createCart,
  createProduct,
  hoursAgo,
  insertSale,
  lagosDay,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The overview is one statement (get-overview.ts): each figure a JSON subquery, the attention lists
 * from attentionColumns. Its answer must stay exactly the one of the figures' own functions, run side
 * by side as separate statements as the overview did before (saleTotals, topProducts, the members by
 * role, recentSales, revenueByDay, attentionOf): checked here after each kind of change, on a business
 * with another business beside it. Both read the same subqueries (saleTotalsJson and the others), so
 * what this holds is the overview's composition: each subquery in its column with the scope, period and
 * limit its function is given, read by that figure's parser, and the attention lists' fallback. The
 * subqueries themselves are held to hand-counted figures by figures.test.ts, report.test.ts and
 * batch-alerts.test.ts.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

/** The overview as its parts' own functions answer it: the formulation before one statement. */
async function recount(context: BusinessContext): Promise<BusinessOverview> {
  const scope = { businessId: context.businessId };
  const [totals, todayByMethod, best, roles, recent, trend, attention] = await Promise.all([
    saleTotals(context.db, scope),
    collectedByMethod(context.db, context.businessId, lastDays(1)),
    topProducts(context.db, scope, 1),
    context.db.execute<{ role: MemberRole; count: number }>(sql`
      select m.role, count(*)::int as count
      from memberships m
      join users u on u.id = m.user_id
      where m.business_id = ${context.businessId} and m.is_active and u.is_active
      group by m.role
      order by count(*) desc, m.role`),
    recentSales(context.db, scope),
    revenueByDay(context.db, scope, lastDays(TREND_DAYS)),
    attentionOf(context.db, context.businessId, { withCost: true, withCounter: true, withTeam: true }),
  ]);
  return {
    total_revenue: totals.amounts,
    collected: totals.collected,
    collected_today_by_method: todayByMethod,
    total_sales: totals.count,
    best_seller: best[0] ?? null,
    active_users: roles.rows.reduce((total, row) => total + row.count, 0),
    role_summary: roles.rows,
    recent_sales: recent,
    revenue_by_day: trend,
    attention,
  };
}

async function contextOf(caller: Caller): Promise<BusinessContext> {
  const [business] = await t.db.select().from(businesses).where(eq(businesses.id, caller.businessId));
  return { db: t.db, businessId: caller.businessId, role: 'ceo', business } as unknown as BusinessContext;
}

/** The one statement, its recount and the API's answer: all three the same, keys in the same order. */
async function expectSameAnswers(caller: Caller): Promise<BusinessOverview> {
  const context = await contextOf(caller);
  const [overview, expected] = await Promise.all([getBusinessOverview(context), recount(context)]);
  expect(overview).toStrictEqual(expected);
  expect(JSON.stringify(overview)).toBe(JSON.stringify(expected));
  const answer = await api.call(
    ENDPOINTS.businesses.getOverview,
    { business_id: caller.businessId },
    { token: caller.token },
  );
  expect(answer.status).toBe(200);
  expect(answer.data).toStrictEqual(JSON.parse(JSON.stringify(expected)));
  return overview;
}

describe('the overview in one statement', () => {
  it('answers what its parts answer, after sales, payments, cancellations, expiring stock and archiving', async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    // An empty business: nulls and empty lists.
    const empty = await expectSameAnswers(ceo);
    expect(empty.best_seller).toBeNull();
    expect(empty.revenue_by_day).toHaveLength(TREND_DAYS);

    // Members: active ones of three roles, an inactive membership, an inactive account.
    await addMember(t, ceo.businessId, { role: 'manager' });
    await addMember(t, ceo.businessId, { role: 'sales_rep' });
    await addMember(t, ceo.businessId, { role: 'sales_rep' });
    await addMember(t, ceo.businessId, { role: 'manager', isActive: false });
    const gone = await addMember(t, ceo.businessId, { role: 'sales_rep' });
    await t.db.execute(sql`update users set is_active = false where id = ${gone.id}`);
    // Two who joined by a link and wait for activation.
    for (const name of ['Waiting One', 'Waiting Two']) {
      const joiner = await addMember(t, ceo.businessId, { role: 'sales_person', isActive: false, first_name: name });
      await t.db.execute(sql`update memberships set awaiting_activation = true where user_id = ${joiner.id}`);
    }

    // Stock: low against its reorder level, batches expiring soon, expired, and without a date.
    const rice = await createProduct(t, ceo, {
      product_name: 'Rice',
      selling_price: '1000.00',
      cost_price: '700.00',
      reorder_level: 40,
      batches: [
        { quantity: 30, expiration_date: lagosDay(5) },
        { quantity: 4, expiration_date: lagosDay(-2) },
      ],
    });
    const oil = await createProduct(t, ceo, {
      product_name: 'Oil',
      selling_price: '25.50',
      cost_price: '18.25',
      currency: 'USD',
      reorder_level: 3,
      batches: [{ quantity: 20 }],
    });
    const beans = await createProduct(t, ceo, {
      product_name: 'Beans',
      selling_price: '333.33',
      reorder_level: 100,
      batches: [
        { quantity: 7, expiration_date: lagosDay(0) },
        { quantity: 9, expiration_date: lagosDay(29) },
        { quantity: 2, expiration_date: lagosDay(30) },
        { quantity: 5, expiration_date: lagosDay(-40) },
      ],
    });
    // The other business sells more of everything: none of it may show.
    const theirs = await createProduct(t, other, { selling_price: '99999.99', batches: [{ quantity: 500 }] });
    const theirCart = await createCart(t, other, [{ product_id: theirs.id, quantity: 400 }], { customer_name: 'Bola' });
    expect((await confirm(t, other, theirCart.id, { payment_status: 'not_paid' })).status).toBe(201);
    await expectSameAnswers(ceo);

    // Sales through the API: paid, part-paid and owed, named and walk-in, in two currencies.
    const sell = async (
      items: { product_id: number; quantity: number }[],
      body: Parameters<typeof confirm>[3],
      customerName?: string,
    ) => {
      const cart = await createCart(t, ceo, items, customerName ? { customer_name: customerName } : {});
      const sale = await confirm(t, ceo, cart.id, body);
      expect(sale.status).toBe(201);
      return sale.data.sale.id;
    };
    await sell([{ product_id: rice.id, quantity: 3 }], { payment_status: 'not_paid' }, 'Ada Obi');
    const partial = await sell(
      [
        { product_id: beans.id, quantity: 2 },
        { product_id: rice.id, quantity: 1 },
      ],
      { payment_status: 'partial', deposit_amount: '100.01' },
      'Emeka',
    );
    await sell([{ product_id: oil.id, quantity: 2 }], { payment_status: 'paid' });
    await sell([{ product_id: oil.id, quantity: 1 }], { payment_status: 'not_paid' }, 'ada obi ');
    const cancelled = await sell([{ product_id: beans.id, quantity: 6 }], { payment_status: 'paid' });
    // Older sales, written as the tables keep them: the trend's days and the recent list's 24 hours.
    await insertSale(t, ceo.businessId, {
      lines: [{ product: rice, quantity: 2, unitPrice: '1000.00' }],
      createdAt: hoursAgo(30),
      paymentStatus: 'not_paid',
      customerName: 'Chidi',
    });
    await insertSale(t, ceo.businessId, {
      lines: [{ product: oil, quantity: 5, unitPrice: '25.50' }],
      createdAt: hoursAgo(24 * 4),
      currency: 'USD',
    });
    await insertSale(t, ceo.businessId, {
      lines: [{ product: beans, quantity: 1, unitPrice: '333.33' }],
      createdAt: hoursAgo(24 * 20),
    });
    const afterSales = await expectSameAnswers(ceo);
    expect(afterSales.recent_sales.length).toBeGreaterThan(0);
    expect(afterSales.attention.top_debtors.length).toBeGreaterThan(0);
    expect(afterSales.attention.low_stock.length).toBeGreaterThan(0);
    expect(afterSales.attention.expiring.length).toBeGreaterThan(0);
    expect(afterSales.attention.expired.length).toBeGreaterThan(0);
    expect(afterSales.attention.waiting_members.map((member) => member.first_name)).toEqual([
      'Waiting One',
      'Waiting Two',
    ]);

    // A payment, then a cancellation.
    const payment = await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: ceo.businessId, sale_id: partial, amount: '250.50', method: 'cash' },
      { token: ceo.token },
    );
    expect(payment.status).toBe(201);
    await expectSameAnswers(ceo);
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id: cancelled, reason: 'Wrong customer' },
      { token: ceo.token },
    );
    expect(cancel.status).toBe(200);
    await expectSameAnswers(ceo);

    // More expiring and expired batches than the lists show, then the first ones' products archived:
    // fewer than 5 live among the first 10 candidates, so the lists are read whole (attentionFrom).
    const shelf = [];
    for (let i = 0; i < 12; i++) {
      shelf.push(
        await createProduct(t, ceo, {
          product_name: `Shelf ${i}`,
          cost_price: i % 3 === 0 ? '10.10' : '7.00',
          batches: [
            { quantity: 1 + i, expiration_date: lagosDay(-30 + Math.floor(i / 2)) },
            { quantity: 2 + i, expiration_date: lagosDay(1 + Math.floor(i / 2)) },
          ],
        }),
      );
    }
    await expectSameAnswers(ceo);
    const archived = shelf.slice(0, 9).map((product) => product.id);
    await t.db
      .update(products)
      .set({ archived_at: new Date() })
      .where(and(eq(products.business_id, ceo.businessId), inArray(products.id, archived)));
    const afterArchiving = await expectSameAnswers(ceo);
    expect(afterArchiving.attention.expiring.map((batch) => batch.product_name)).toContain('Shelf 9');

    // The counter's lists and the margin guard's are read only when the statement says they hold something:
    // each kind alone, so a list the statement's test forgets shows here as missing.
    expect(afterArchiving.attention.shortfalls).toEqual([]);
    expect(afterArchiving.attention.below_cost).toEqual([]);
    await t.db.execute(sql`insert into stock_shortfalls (business_id, sale_id, product_id, product_name, quantity, sold_by_name)
      values (${ceo.businessId}, ${partial}, ${rice.id}, 'Rice', 2, 'Clerk')`);
    expect((await expectSameAnswers(ceo)).attention.shortfalls).toHaveLength(1);
    await t.db.execute(sql`update stock_shortfalls set settled_at = now() where business_id = ${ceo.businessId}`);
    await t.db.execute(sql`insert into price_flags (business_id, sale_id, product_id, product_name, charged_unit_price,
        charged_discount_percentage, product_unit_price, product_discount_percentage, sold_by_name)
      values (${ceo.businessId}, ${partial}, ${rice.id}, 'Rice', '900.00', '0', '1000.00', '0', 'Clerk')`);
    expect((await expectSameAnswers(ceo)).attention.price_flags).toHaveLength(1);
    await t.db.execute(sql`update price_flags set settled_at = now() where business_id = ${ceo.businessId}`);
    await t.db.execute(sql`insert into counter_devices (business_id, device_id, prefix, label, pending_count, oldest_pending_at)
      values (${ceo.businessId}, 'phone-1', 'AB', 'Phone', 3, now() - interval '1 day')`);
    expect((await expectSameAnswers(ceo)).attention.unsynced_devices).toHaveLength(1);
    await t.db.execute(sql`update counter_devices set oldest_pending_at = null where business_id = ${ceo.businessId}`);
    await t.db.execute(
      sql`update products set selling_price = '500.00' where business_id = ${ceo.businessId} and id = ${rice.id}`,
    );
    const belowCost = await expectSameAnswers(ceo);
    expect(belowCost.attention.below_cost.map((item) => item.product_name)).toEqual(['Rice']);
    expect(belowCost.attention.shortfalls).toEqual([]);
  });
});
