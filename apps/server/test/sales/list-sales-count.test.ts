import { ENDPOINTS, PAYMENT_STATUSES } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../src/db/schema';
import { createProduct, hoursAgo, insertSale, memberLoggedIn, type Owner, saleCount, signUpCeo } from '../factories';
import { useShop } from '../shop';

/**
 * The whole business's sales list, and one of a payment status, a seller or both, is counted from the maintained
 * totals (active sales) plus the cancelled ones (list-sales.ts): the count, pages and links must stay those of
 * counting the rows.
 */
const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

const list = (owner: Owner, query: Record<string, unknown> = {}) =>
  shop.api.call(ENDPOINTS.sales.listSales, { business_id: owner.businessId, ...query }, { token: owner.token });

describe('GET /sales/ count', () => {
  it('counts every sale of the business, cancelled ones included, and pages as the rows do', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const line = { product, quantity: 1, unitPrice: '100.00' };
    const ids: number[] = [];
    // Several sales on one day, seller and status (one totals key), others days back and in dollars.
    for (let i = 0; i < 13; i++) {
      const sale = await insertSale(shop.t, shop.ceo.businessId, {
        lines: [line],
        createdAt: hoursAgo(i < 6 ? 1 : 24 * i),
        currency: i % 4 === 0 ? 'USD' : 'NGN',
        paymentStatus: i % 3 === 0 ? 'not_paid' : 'paid',
      });
      ids.push(sale.id);
    }
    const otherProduct = await createProduct(shop.t, other);
    await insertSale(shop.t, other.businessId, { lines: [{ ...line, product: otherProduct }] });

    expect((await list(shop.ceo)).data).toMatchObject({ count: 13, total_pages: 2, next: 2, previous: null });
    // The days before today closed into report_sale_past (what the day's first overview does): the same count,
    // and what follows changes sales of those days, which land there.
    await shop.t.db.execute(
      sql`select report_sale_past_refresh(${shop.ceo.businessId}, (now() at time zone 'Africa/Lagos')::date)`,
    );
    expect((await list(shop.ceo)).data.count).toBe(13);

    // Cancelled sales stay in the list (and so in its count); the totals no longer hold them.
    await shop.t.db
      .update(sales)
      .set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'test' })
      .where(and(eq(sales.business_id, shop.ceo.businessId), inArray(sales.id, [ids[0]!, ids[7]!])));
    // A sale gone altogether (not something the API does) leaves both.
    await shop.t.db.execute(
      sql`delete from sale_lines where business_id = ${shop.ceo.businessId} and sale_id = ${ids[3]!}`,
    );
    await shop.t.db.delete(sales).where(and(eq(sales.business_id, shop.ceo.businessId), eq(sales.id, ids[3]!)));

    expect(await saleCount(shop.t, shop.ceo.businessId)).toBe(12);
    const first = await list(shop.ceo);
    expect(first.data).toMatchObject({ count: 12, total_pages: 2, next: 2, previous: null, current_page: 1 });
    expect(first.data.results).toHaveLength(10);
    const second = await list(shop.ceo, { page: 2 });
    expect(second.data).toMatchObject({ count: 12, total_pages: 2, next: null, previous: 1, current_page: 2 });
    expect(second.data.results).toHaveLength(2);
    const listed = [...first.data.results, ...second.data.results];
    expect(listed.filter((row) => row.status === 'cancelled').map((row) => row.id)).toEqual([ids[0], ids[7]]);
    expect((await list(other)).data.count).toBe(1);

    // A payment status's list is counted from the totals too, as its rows.
    const unpaid = await list(shop.ceo, { payment_status: 'not_paid' });
    const [unpaidRows] = await shop.t.db
      .select({ value: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(eq(sales.business_id, shop.ceo.businessId), eq(sales.payment_status, 'not_paid')));
    expect(unpaid.data.count).toBe(unpaidRows?.value);
  });

  it("answers the whole business's page (one statement) as every filtered list answers its sales", async () => {
    const store = await signUpCeo(shop.t);
    const seller = { id: store.user.id, name: 'Ada Seller' };
    const [rice, beans] = [await createProduct(shop.t, store), await createProduct(shop.t, store)];
    const lines = (...items: [typeof rice, number][]) =>
      items.map(([product, quantity]) => ({ product, quantity, unitPrice: '150.50' }));
    // Rice sold from two batches around beans (summed, in the order first sold), a customer's sale in
    // dollars on credit, a cancelled one, and more than a page of them.
    const mixed = await insertSale(shop.t, store.businessId, {
      lines: lines([rice, 2], [beans, 1], [rice, 3]),
      soldBy: seller,
      createdAt: hoursAgo(30),
    });
    const credit = await insertSale(shop.t, store.businessId, {
      lines: lines([beans, 4]),
      customerId: store.user.id,
      customerName: 'Mama Nkechi',
      currency: 'USD',
      paymentStatus: 'not_paid',
      soldBy: seller,
      createdAt: hoursAgo(20),
    });
    for (let i = 0; i < 10; i++) {
      await insertSale(shop.t, store.businessId, {
        lines: lines([beans, 1]),
        soldBy: seller,
        createdAt: hoursAgo(10 - i),
      });
    }
    const cancelledAt = hoursAgo(1);
    await shop.t.db
      .update(sales)
      .set({
        status: 'cancelled',
        cancelled_at: cancelledAt,
        cancelled_by: store.user.id,
        cancel_reason: 'Wrong price',
      })
      .where(and(eq(sales.business_id, store.businessId), eq(sales.id, credit.id)));

    const whole = [...(await list(store)).data.results, ...(await list(store, { page: 2 })).data.results];
    // The same sales through the seller's list (its own where): all have this seller.
    const filtered = [
      ...(await list(store, { created_by: seller.id })).data.results,
      ...(await list(store, { created_by: seller.id, page: 2 })).data.results,
    ];
    expect(whole).toHaveLength(12);
    expect(whole).toEqual(filtered);
    // And as each sale's own answer has it: its lines summed per product in node, not in SQL.
    for (const sale of whole) {
      const detail = await shop.api.call(
        ENDPOINTS.sales.getSale,
        { business_id: store.businessId, id: sale.id },
        { token: store.token },
      );
      expect(detail.data.sale).toMatchObject(sale);
    }
    expect(whole.at(-1)).toMatchObject({
      id: mixed.id,
      created_by_name: 'Ada Seller',
      items: [
        { product: { id: rice.id, product_name: rice.product_name }, quantity: 5 },
        { product: { id: beans.id, product_name: beans.product_name }, quantity: 1 },
      ],
    });
    expect(whole.at(-2)).toMatchObject({
      id: credit.id,
      customer_id: store.user.id,
      currency: 'USD',
      balance: '602.00',
      status: 'cancelled',
      cancelled_at: cancelledAt.toISOString(),
      cancel_reason: 'Wrong price',
    });
  });

  it('counts a payment status, a seller or both as their rows, through payments, a cancellation and the anchor', async () => {
    const store = await signUpCeo(shop.t);
    const clerk = await memberLoggedIn(shop.t, store.businessId, 'sales_person');
    const sellers = [
      { id: store.user.id, name: 'Owner' },
      { id: clerk.user.id, name: 'Clerk' },
    ];
    const product = await createProduct(shop.t, store);
    const ids: number[] = [];
    // Two sellers, both currencies, paid and on credit, over today, yesterday and weeks back.
    for (let i = 0; i < 16; i++) {
      const sale = await insertSale(shop.t, store.businessId, {
        lines: [{ product, quantity: 1, unitPrice: '200.00' }],
        soldBy: sellers[i % 2],
        createdAt: hoursAgo([1, 30, 24 * 20][i % 3]!),
        currency: i % 5 === 0 ? 'USD' : 'NGN',
        paymentStatus: i % 4 === 0 ? 'paid' : 'not_paid',
      });
      ids.push(sale.id);
    }
    const otherProduct = await createProduct(shop.t, other);
    await insertSale(shop.t, other.businessId, {
      lines: [{ product: otherProduct, quantity: 1, unitPrice: '1.00' }],
      paymentStatus: 'not_paid',
    });

    const filters: { payment_status?: (typeof PAYMENT_STATUSES)[number]; created_by?: number }[] = [
      {},
      ...PAYMENT_STATUSES.map((payment_status) => ({ payment_status })),
      ...sellers.map((seller) => ({ created_by: seller.id })),
      ...PAYMENT_STATUSES.flatMap((payment_status) =>
        sellers.map((seller) => ({ payment_status, created_by: seller.id })),
      ),
    ];
    const expectCountsOfRows = async (when: string) => {
      for (const filter of filters) {
        const [rows] = await shop.t.db
          .select({ value: sql<number>`count(*)::int` })
          .from(sales)
          .where(
            and(
              eq(sales.business_id, store.businessId),
              filter.payment_status ? eq(sales.payment_status, filter.payment_status) : undefined,
              filter.created_by ? eq(sales.created_by, filter.created_by) : undefined,
            ),
          );
        const listed = await list(store, filter);
        expect(listed.status).toBe(200);
        expect(listed.data.count, `${when}: ${JSON.stringify(filter)}`).toBe(rows?.value);
        expect(listed.data.results, `${when}: ${JSON.stringify(filter)}`).toHaveLength(Math.min(rows!.value, 10));
      }
    };
    await expectCountsOfRows('as sold');
    expect((await list(store, { payment_status: 'partial' })).data.count).toBe(0);

    // Payments move sales from one status to another: not paid → partial, and not paid → paid.
    const pay = (saleId: number, amount: string) =>
      shop.api.call(
        ENDPOINTS.sales.recordPayment,
        { business_id: store.businessId, sale_id: saleId, amount, method: 'cash' },
        { token: store.token },
      );
    expect((await pay(ids[1]!, '50.00')).status).toBe(201);
    expect((await pay(ids[2]!, '200.00')).status).toBe(201);
    expect((await pay(ids[5]!, '120.00')).status).toBe(201);
    await expectCountsOfRows('after payments');
    expect((await list(store, { payment_status: 'partial' })).data.count).toBe(2);

    // The days before today closed into report_sale_past, then a cancelled sale (out of the totals, still listed).
    await shop.t.db.execute(
      sql`select report_sale_past_refresh(${store.businessId}, (now() at time zone 'Africa/Lagos')::date)`,
    );
    await expectCountsOfRows('after the anchor moved');
    const cancel = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: store.businessId, id: ids[4]!, reason: 'Wrong customer' },
      { token: store.token },
    );
    expect(cancel.status).toBe(200);
    await expectCountsOfRows('after a cancellation');
    // A payment on a sale of weeks back, whose day is in report_sale_past now.
    expect((await pay(ids[3]!, '10.00')).status).toBe(201);
    await expectCountsOfRows('after a payment on a closed day');
  });

  it('answers 0 and one page for a business without sales', async () => {
    const empty = await signUpCeo(shop.t);
    expect((await list(empty)).data).toMatchObject({ count: 0, total_pages: 1, next: null, previous: null });
  });
});
