import {
  DAY_CLOSE_MESSAGES,
  type DayCloseExpectedLine,
  ENDPOINTS,
  EXPENSE_MESSAGES,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type PaymentMethod,
} from '@oja/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { day_closes } from '../../src/db/schema';
import {
  type Caller,
  confirm,
  counterSaleBody,
  createCart,
  createProduct,
  lagosDay,
  type Member,
  memberLoggedIn,
  registerDevice,
  sellAtCounter,
  unique,
} from '../factories';
import { lockWaiters } from '../lock-waiters';
import { useShop } from '../shop';

/**
 * A close's expected amounts against a day counted by hand. The clerk (a salesperson) sells at the counter a
 * 3 000 sale split cash 1 000 + transfer 2 000 (A) and a 2 000 sale on the POS (B), confirms a 1 000 sale with a
 * 400 cash deposit (C) and takes its 600 balance in cash, and spends 250 in cash (sent without a method, as the
 * spec's clients do) and 100 by transfer. The CEO sells 1 000 paid cash 500 + POS 500 (D), cancels A (refunding
 * its cash 1 000 and transfer 2 000) and spends 300 in cash. The CEO receives a delivery of 1 000 from a supplier,
 * paying 200 in cash at the door, and later pays the supplier 150 on the POS: supplier payments are money out,
 * counted as spent like an expense.
 *
 *                    cash                                transfer                   POS
 * clerk's own        1000 + 400 + 600 − 250 = 1750       2000 − 100 = 1900          2000
 * CEO's own          500 − 1000 − 300 − 200 = −1000      −2000                      500 − 150 = 350
 * whole shop         2500 − 1000 − 750 = 750             2000 − 2000 − 100 = −100   2500 − 150 = 2350
 */
const shop = useShop({ poolSize: 20 });
let clerk: Member;
let saleC: number;
let clerkExpense: number;

const api = () => shop.api;

const expected = (by: Caller, scope: 'own' | 'shop' = 'own') =>
  api().call(ENDPOINTS.dayCloses.getDayCloseExpected, { business_id: by.businessId, scope }, { token: by.token });
const close = (
  by: Caller,
  body: {
    scope?: 'own' | 'shop';
    counted: { method: PaymentMethod; amount: string }[];
    note?: string;
    period_end?: string;
    pending_outbox?: number;
  },
  key?: string,
) =>
  api().call(
    ENDPOINTS.dayCloses.createDayClose,
    { business_id: by.businessId, ...body },
    { token: by.token, headers: key ? { [IDEMPOTENCY_HEADER]: key } : undefined },
  );
const spend = (by: Caller, amount: string, payment_method?: PaymentMethod) =>
  api().call(
    ENDPOINTS.expenses.createExpense,
    { business_id: by.businessId, amount, category: 'transport', date: lagosDay(0), payment_method },
    { token: by.token },
  );
const expectedOf = (lines: DayCloseExpectedLine[]) =>
  Object.fromEntries(
    lines.map((line) => [line.method, [line.received, line.refunded, line.spent, line.expected].join(' ')]),
  );

beforeAll(async () => {
  clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
  const product = await createProduct(shop.t, shop.ceo, {
    selling_price: '1000.00',
    batches: [{ quantity: 100, expiration_date: lagosDay(90) }],
  });
  const line = (quantity: number) => [{ product_id: product.id, quantity, unit_price: '1000.00' }];
  const clerkPhone = await registerDevice(shop.t, clerk);
  const ceoPhone = await registerDevice(shop.t, shop.ceo);

  const saleA = await sellAtCounter(
    shop.t,
    clerk,
    counterSaleBody(clerk, clerkPhone, line(3), {
      payments: [
        { method: 'cash', amount: '1000.00' },
        { method: 'bank_transfer', amount: '2000.00' },
      ],
    }),
  );
  expect(saleA.status).toBe(201);
  const saleB = await sellAtCounter(
    shop.t,
    clerk,
    counterSaleBody(clerk, clerkPhone, line(2), { payments: [{ method: 'pos_card', amount: '2000.00' }] }),
  );
  expect(saleB.status).toBe(201);
  const cart = await createCart(shop.t, clerk, [{ product_id: product.id, quantity: 1 }], { customer_name: 'Ngozi' });
  const confirmed = await confirm(shop.t, clerk, cart.id, {
    payment_status: 'partial',
    deposit_amount: '400.00',
    payment_method: 'cash',
  });
  expect(confirmed.status).toBe(201);
  saleC = confirmed.data.sale.id;
  const paid = await api().call(
    ENDPOINTS.sales.recordPayment,
    { business_id: clerk.businessId, sale_id: saleC, amount: '600.00', method: 'cash' },
    { token: clerk.token },
  );
  expect(paid.status).toBe(201);
  const cashExpense = await spend(clerk, '250.00');
  expect(cashExpense.data.expense.payment_method).toBe('cash');
  clerkExpense = cashExpense.data.expense.id;
  expect((await spend(clerk, '100.00', 'bank_transfer')).status).toBe(201);

  const saleD = await sellAtCounter(
    shop.t,
    shop.ceo,
    counterSaleBody(shop.ceo, ceoPhone, line(1), {
      payments: [
        { method: 'cash', amount: '500.00' },
        { method: 'pos_card', amount: '500.00' },
      ],
    }),
  );
  expect(saleD.status).toBe(201);
  const cancelled = await api().call(
    ENDPOINTS.sales.cancelSale,
    { business_id: shop.ceo.businessId, id: saleA.data.sale.id, reason: 'Wrong goods' },
    { token: shop.ceo.token },
  );
  expect(cancelled.status).toBe(200);
  expect((await spend(shop.ceo, '300.00', 'cash')).status).toBe(201);

  const supplier = await api().call(
    ENDPOINTS.suppliers.createSupplier,
    { business_id: shop.ceo.businessId, name: 'Dangote Depot' },
    { token: shop.ceo.token },
  );
  const delivery = await api().call(
    ENDPOINTS.suppliers.createDelivery,
    {
      business_id: shop.ceo.businessId,
      supplier_id: supplier.data.supplier.id,
      lines: [{ product_id: product.id, batch_number: 'DEL-1', quantity: 2, unit_cost: '500' }],
      amount_paid: '200',
      payment_method: 'cash',
    },
    { token: shop.ceo.token },
  );
  expect(delivery.status).toBe(201);
  const paidSupplier = await api().call(
    ENDPOINTS.suppliers.paySupplier,
    { business_id: shop.ceo.businessId, supplier_id: supplier.data.supplier.id, amount: '150', method: 'pos_card' },
    { token: shop.ceo.token },
  );
  expect(paidSupplier.status).toBe(201);
});

describe('closing the day', () => {
  it('expects per method what the clerk took in, less what they refunded and spent, from the start of the day', async () => {
    const answer = await expected(clerk);
    expect(answer.status).toBe(200);
    // received refunded spent expected
    expect(expectedOf(answer.data.lines)).toEqual({
      cash: '2000.00 0.00 250.00 1750.00',
      bank_transfer: '2000.00 0.00 100.00 1900.00',
      pos_card: '2000.00 0.00 0.00 2000.00',
    });
    const startOfDay = new Date(`${lagosDay(0)}T00:00:00+01:00`).toISOString();
    expect(answer.data.period_start).toBe(startOfDay);
  });

  it("expects the CEO's own and the whole shop's, refunds counted when they were given, supplier payments spent", async () => {
    expect(expectedOf((await expected(shop.ceo)).data.lines)).toEqual({
      cash: '500.00 1000.00 500.00 -1000.00',
      bank_transfer: '0.00 2000.00 0.00 -2000.00',
      pos_card: '500.00 0.00 150.00 350.00',
    });
    // What went out beyond what came in, per method: what the owner reads as paid out.
    expect((await expected(shop.ceo)).data.lines.map((line) => line.paid_out)).toEqual(['1000.00', '2000.00', '0.00']);
    expect(expectedOf((await expected(shop.ceo, 'shop')).data.lines)).toEqual({
      cash: '2500.00 1000.00 750.00 750.00',
      bank_transfer: '2000.00 2000.00 100.00 -100.00',
      pos_card: '2500.00 0.00 150.00 2350.00',
    });
  });

  it("shows the overview today's money by method: counted sales only, as in the reports", async () => {
    const overview = await api().call(
      ENDPOINTS.businesses.getOverview,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    // A was cancelled: its payments are in no figure. B 2000 POS, C 400 + 600 cash, D 500 cash + 500 POS.
    expect(overview.data.collected_today_by_method).toEqual([
      { method: 'cash', currency: 'NGN', amount: '1500.00' },
      { method: 'pos_card', currency: 'NGN', amount: '2500.00' },
    ]);
  });

  it('refuses a close with a method left uncounted, or a difference without a note', async () => {
    const uncounted = await close(clerk, {
      counted: [
        { method: 'cash', amount: '1750' },
        { method: 'bank_transfer', amount: '1900' },
      ],
    });
    expect(uncounted.status).toBe(400);
    expect(uncounted.body.response_description).toBe(DAY_CLOSE_MESSAGES.countedMissing('POS card'));
    const unexplained = await close(clerk, {
      counted: [
        { method: 'cash', amount: '1700' },
        { method: 'bank_transfer', amount: '1900' },
        { method: 'pos_card', amount: '2000' },
      ],
    });
    expect(unexplained.status).toBe(400);
    expect(unexplained.body.response_description).toBe(DAY_CLOSE_MESSAGES.noteRequired);
  });

  it('records the counts and the shortfall with its note once, however often the phone sends it', async () => {
    const { data: shown } = await expected(clerk);
    const body = {
      period_end: shown.period_end,
      counted: [
        { method: 'cash' as const, amount: '1700' },
        { method: 'bank_transfer' as const, amount: '1900.00' },
        { method: 'pos_card' as const, amount: '2000' },
      ],
      note: 'Gave change from my own purse',
      pending_outbox: 2,
    };
    const key = `close-${unique()}`;
    const first = await close(clerk, body, key);
    expect(first.status).toBe(201);
    expect(first.data.close).toMatchObject({
      scope: 'own',
      closed_by: clerk.user.id,
      period_start: shown.period_start,
      period_end: shown.period_end,
      note: 'Gave change from my own purse',
      pending_outbox: 2,
    });
    expect(first.data.close.lines.map((line) => [line.method, line.expected, line.counted, line.difference])).toEqual([
      ['cash', '1750.00', '1700.00', '-50.00'],
      ['bank_transfer', '1900.00', '1900.00', '0.00'],
      ['pos_card', '2000.00', '2000.00', '0.00'],
    ]);
    const again = await close(clerk, body, key);
    expect(again.status).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.data.close.id).toBe(first.data.close.id);
    const rows = await shop.t.db.select().from(day_closes).where(eq(day_closes.closed_by, clerk.user.id));
    expect(rows).toHaveLength(1);

    // The next close starts where this one ended, with nothing in it yet.
    const next = await expected(clerk);
    expect(next.data.period_start).toBe(shown.period_end);
    expect(next.data.lines.every((line) => line.expected === '0.00')).toBe(true);
  });

  it('makes one close of a period that two phones close at once', async () => {
    // Both phones must read where the last close ended before either writes, every time: a close of that same
    // period held open on another connection makes both wait at the period's unique entry, then goes away.
    const holder = await shop.t.database.pool.connect();
    let a: Awaited<ReturnType<typeof close>>;
    let b: Awaited<ReturnType<typeof close>>;
    try {
      await holder.query('begin');
      await holder.query(
        `insert into day_closes (business_id, scope, closed_by, closed_by_name, period_start, period_end)
         select business_id, 'own', closed_by, closed_by_name, max(period_end), max(period_end)
         from day_closes where business_id = $1 and closed_by = $2 and scope = 'own'
         group by business_id, closed_by, closed_by_name`,
        [shop.ceo.businessId, clerk.user.id],
      );
      const racing = Promise.all([close(clerk, { counted: [] }), close(clerk, { counted: [] })]);
      await lockWaiters(shop.t.db, 2);
      await holder.query('rollback');
      [a, b] = await racing;
    } finally {
      holder.release();
    }
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.response_description).toBe(DAY_CLOSE_MESSAGES.closedMeanwhile);
  });

  it("refuses to change a closed day's sale or expense, and lets the CEO close their own and the shop's", async () => {
    const cancel = await api().call(
      ENDPOINTS.sales.cancelSale,
      { business_id: shop.ceo.businessId, id: saleC, reason: 'Customer came back' },
      { token: shop.ceo.token },
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.response_description).toBe(
      DAY_CLOSE_MESSAGES.saleInClosedDay(`${clerk.user.first_name} ${clerk.user.last_name}`),
    );
    const removed = await api().call(
      ENDPOINTS.expenses.deleteExpense,
      { business_id: shop.ceo.businessId, id: clerkExpense },
      { token: shop.ceo.token },
    );
    expect(removed.status).toBe(409);
    expect(removed.body.response_description).not.toBe(EXPENSE_MESSAGES.notFound);

    // The CEO's cash and transfers paid out more than came in (refunds, a supplier): nothing of them is left to
    // count. Money found there is over, and needs a note; left uncounted, or counted as nothing, they balance.
    const found = await close(shop.ceo, {
      counted: [
        { method: 'cash', amount: '50' },
        { method: 'pos_card', amount: '350' },
      ],
    });
    expect(found.status).toBe(400);
    expect(found.body.response_description).toBe(DAY_CLOSE_MESSAGES.noteRequired);
    const own = await close(shop.ceo, {
      counted: [
        { method: 'bank_transfer', amount: '0' },
        { method: 'pos_card', amount: '350' },
      ],
    });
    expect(own.status).toBe(201);
    expect(own.data.close.note).toBe('');
    expect(
      own.data.close.lines.map((line) => [
        line.method,
        line.expected,
        line.paid_out,
        line.counted,
        line.difference,
        line.count_difference,
      ]),
    ).toEqual([
      ['cash', '-1000.00', '1000.00', '0.00', '1000.00', '0.00'],
      ['bank_transfer', '-2000.00', '2000.00', '0.00', '2000.00', '0.00'],
      ['pos_card', '350.00', '0.00', '350.00', '0.00', '0.00'],
    ]);
    const whole = await close(shop.ceo, {
      scope: 'shop',
      counted: [
        { method: 'cash', amount: '750' },
        { method: 'bank_transfer', amount: '0' },
        { method: 'pos_card', amount: '2350' },
      ],
      note: 'Transfer fee',
    });
    expect(whole.status).toBe(201);
    expect(whole.data.close.lines.map((line) => line.difference)).toEqual(['0.00', '100.00', '0.00']);
    expect(whole.data.close.lines.map((line) => line.count_difference)).toEqual(['0.00', '0.00', '0.00']);
  });

  it('lets only the CEO close the shop; the CEO lists every close, a clerk their own', async () => {
    const refused = await close(clerk, { scope: 'shop', counted: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.response_description).toBe(DAY_CLOSE_MESSAGES.shopOnlyCeo);
    expect((await expected(clerk, 'shop')).status).toBe(403);

    const list = (by: Caller, user_id?: number) =>
      api().call(ENDPOINTS.dayCloses.listDayCloses, { business_id: by.businessId, user_id }, { token: by.token });
    const everyone = await list(shop.ceo);
    expect(everyone.data.count).toBe(4);
    expect(everyone.data.results.map((row) => [row.scope, row.closed_by])).toEqual([
      ['shop', shop.ceo.user.id],
      ['own', shop.ceo.user.id],
      ['own', clerk.user.id],
      ['own', clerk.user.id],
    ]);
    const clerkHistory = await list(shop.ceo, clerk.user.id);
    expect(clerkHistory.data.results.map((row) => row.closed_by)).toEqual([clerk.user.id, clerk.user.id]);
    const mine = await list(clerk, shop.ceo.user.id);
    expect(mine.data.results.every((row) => row.closed_by === clerk.user.id)).toBe(true);
    expect(mine.data.count).toBe(2);
  });

  it('refuses an end of the period in the future', async () => {
    const answer = await close(clerk, { counted: [], period_end: new Date(Date.now() + 3_600_000).toISOString() });
    expect(answer.status).toBe(400);
    expect(answer.body.response_description).toBe(DAY_CLOSE_MESSAGES.periodEndFuture);
  });
});
