import { randomUUID } from 'node:crypto';
import { COUNTER_MESSAGES, ENDPOINTS, IDEMPOTENT_REPLAYED_HEADER, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, sale_lines, sales, stock_movements } from '../../src/db/schema';
import {
  batchQuantities,
  counterSaleBody,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
  type Owner,
  registerDevice,
  sellAtCounter,
  signUpCeo,
} from '../factories';
import { fingerprint } from '../proofs/world';
import { useShop } from '../shop';

const shop = useShop();

describe('a counter sale', () => {
  it('takes stock soonest expiry first, keeps its receipt number, its time and one payment per payment', async () => {
    const rice = await createProduct(shop.t, shop.ceo, {
      batches: [
        { quantity: 5, expiration_date: lagosDay(40) },
        { quantity: 2, expiration_date: lagosDay(5) },
      ],
    });
    const device = await registerDevice(shop.t, shop.ceo);
    const soldAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const body = counterSaleBody(shop.ceo, device, [{ product_id: rice.id, quantity: 4, unit_price: '100.00' }], {
      sold_at: soldAt,
      payments: [
        { method: 'cash', amount: '250.00' },
        { method: 'bank_transfer', amount: '150.00' },
      ],
    });
    const answer = await sellAtCounter(shop.t, shop.ceo, body);
    expect(answer.status).toBe(201);
    const { sale, shortfalls, price_flags } = answer.data;
    expect(sale.receipt_number).toBe(body.receipt_number);
    expect(sale.client_sale_id).toBe(body.client_sale_id);
    expect(sale.created_at).toBe(soldAt);
    expect(sale.payment_status).toBe('paid');
    expect(sale.total_cart_amount).toBe('400.00');
    expect(sale.payments.map((payment) => [payment.method, payment.amount])).toEqual([
      ['cash', '250.00'],
      ['bank_transfer', '150.00'],
    ]);
    // The batch expiring in 5 days first, then the other.
    expect(sale.lines.map((line) => line.quantity)).toEqual([2, 2]);
    expect(await batchQuantities(shop.t, rice.id)).toEqual([3, 0]);
    expect(shortfalls).toEqual([]);
    expect(price_flags).toEqual([]);

    // As GET /sales/detail/ gives it.
    const detail = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: shop.ceo.businessId, id: sale.id },
      {
        token: shop.ceo.token,
      },
    );
    const { receipt_number: _receipt, client_sale_id: _client, ...asDetail } = sale;
    expect(detail.data.sale).toEqual(asDetail);
    // The device's sequence moves on: a phone that lost its store numbers on from there.
    const again = await registerDevice(shop.t, shop.ceo, device.device_id);
    expect(again).toEqual({ ...device, last_sequence: Number(body.receipt_number.split('-')[1]) });
  });

  it('takes what the sellable batches hold, never an expired one, and records the rest as a shortfall', async () => {
    const oil = await createProduct(shop.t, shop.ceo, {
      batches: [
        { batch_number: 'LATER', quantity: 5, expiration_date: lagosDay(20) },
        { batch_number: 'NOEXP', quantity: 5, expiration_date: null },
        { batch_number: 'SOON1', quantity: 5, expiration_date: lagosDay(5) },
        { batch_number: 'GONE1', quantity: 5, expiration_date: lagosDay(-1) },
      ],
    });
    const device = await registerDevice(shop.t, shop.ceo);
    const answer = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: oil.id, quantity: 20, unit_price: '100.00' }]),
    );
    expect(answer.status).toBe(201);
    expect(answer.data.sale.lines.map((line) => [line.batch_number, line.quantity, line.cost_price])).toEqual([
      ['SOON1', 5, '50.00'],
      ['LATER', 5, '50.00'],
      ['NOEXP', 5, '50.00'],
      [null, 5, '50.00'],
    ]);
    expect(answer.data.sale.total_cart_amount).toBe('2000.00');
    expect(answer.data.shortfalls.map((shortfall) => shortfall.quantity)).toEqual([5]);
    // Batches in the order made: LATER, NOEXP, SOON1, and the expired GONE1 untouched.
    expect(await batchQuantities(shop.t, oil.id)).toEqual([0, 0, 0, 5]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('is recorded once when sent again, and 10 copies sent at once make one sale', async () => {
    const beans = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 50 }] });
    const device = await registerDevice(shop.t, shop.ceo);
    const body = counterSaleBody(shop.ceo, device, [{ product_id: beans.id, quantity: 3, unit_price: '100.00' }]);
    const first = await sellAtCounter(shop.t, shop.ceo, body);
    expect(first.status).toBe(201);
    const repeat = await sellAtCounter(shop.t, shop.ceo, body);
    expect(repeat.status).toBe(200);
    expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(repeat.data).toEqual(first.data);

    const burst = counterSaleBody(shop.ceo, device, [{ product_id: beans.id, quantity: 2, unit_price: '100.00' }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sellAtCounter(shop.t, shop.ceo, burst)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.data.sale.id)).size).toBe(1);
    const rows = await shop.t.db
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.business_id, shop.ceo.businessId), eq(sales.client_sale_id, burst.client_sale_id)));
    expect(rows).toHaveLength(1);
    expect(await batchQuantities(shop.t, beans.id)).toEqual([45]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('refuses the same sale id for another sale: another receipt number or other lines', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const device = await registerDevice(shop.t, shop.ceo);
    const body = counterSaleBody(shop.ceo, device, [{ product_id: product.id, quantity: 1, unit_price: '100.00' }]);
    expect((await sellAtCounter(shop.t, shop.ceo, body)).status).toBe(201);
    const before = await fingerprint(shop.t);
    const otherReceipt = await sellAtCounter(shop.t, shop.ceo, { ...body, receipt_number: `${device.prefix}-9001` });
    expect(otherReceipt.status).toBe(409);
    expect(otherReceipt.body.detail).toBe(COUNTER_MESSAGES.clientSaleIdReused);
    const otherLines = await sellAtCounter(shop.t, shop.ceo, {
      ...body,
      lines: [{ product_id: product.id, quantity: 2, unit_price: '100.00' }],
      payments: [{ method: 'cash', amount: '200.00' }],
    });
    expect(otherLines.status).toBe(409);
    expect(otherLines.body.detail).toBe(COUNTER_MESSAGES.clientSaleIdReused);
    expect(await fingerprint(shop.t)).toEqual(before);
  });

  it("keys a sale id by its seller: another seller's copy of the id makes their own sale", async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const [mine, theirs] = await Promise.all([registerDevice(shop.t, shop.ceo), registerDevice(shop.t, clerk)]);
    const body = counterSaleBody(shop.ceo, mine, [{ product_id: product.id, quantity: 1, unit_price: '100.00' }]);
    const first = await sellAtCounter(shop.t, shop.ceo, body);
    const copy = await sellAtCounter(shop.t, clerk, {
      ...body,
      device_id: theirs.device_id,
      receipt_number: `${theirs.prefix}-0001`,
    });
    expect([first.status, copy.status]).toEqual([201, 201]);
    expect(copy.data.sale.id).not.toBe(first.data.sale.id);
    expect(copy.data.sale.created_by).toBe(clerk.user.id);
  });

  it('refuses a receipt number taken by another sale, and a prefix not of this device', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const [device, other] = await Promise.all([registerDevice(shop.t, shop.ceo), registerDevice(shop.t, shop.ceo)]);
    const line = [{ product_id: product.id, quantity: 1, unit_price: '100.00' }];
    const first = counterSaleBody(shop.ceo, device, line);
    expect((await sellAtCounter(shop.t, shop.ceo, first)).status).toBe(201);
    const before = await fingerprint(shop.t);
    const taken = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { receipt_number: first.receipt_number }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(COUNTER_MESSAGES.receiptNumberTaken);
    // The other phone's prefix on this phone's sale, and a phone never registered.
    const borrowed = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { receipt_number: `${other.prefix}-0077` }),
    );
    const unknown = await sellAtCounter(shop.t, shop.ceo, {
      ...counterSaleBody(shop.ceo, device, line),
      device_id: randomUUID(),
    });
    for (const answer of [borrowed, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.receipt_number).toEqual([COUNTER_MESSAGES.receiptPrefixUnknown]);
    }
    expect(await fingerprint(shop.t)).toEqual(before);
  });

  it("refuses a phone's clock far ahead or a sale older than the limit, with words", async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const device = await registerDevice(shop.t, shop.ceo);
    const line = [{ product_id: product.id, quantity: 1, unit_price: '100.00' }];
    const before = await fingerprint(shop.t);
    const ahead = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { sold_at: new Date(Date.now() + 20 * 60_000).toISOString() }),
    );
    expect(ahead.status).toBe(400);
    expect(ahead.body.detail).toBe(COUNTER_MESSAGES.soldAtInFuture);
    const old = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { sold_at: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
    );
    expect(old.status).toBe(400);
    expect(old.body.detail).toBe(COUNTER_MESSAGES.soldAtTooOld);
    expect(await fingerprint(shop.t)).toEqual(before);
    // A clock a little ahead is a clock: taken.
    const slightly = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { sold_at: new Date(Date.now() + 2 * 60_000).toISOString() }),
    );
    expect(slightly.status).toBe(201);
  });

  it("refuses a product of another business as one that does not exist, and another business's device", async () => {
    const neighbour = await signUpCeo(shop.t);
    const theirs = await createProduct(shop.t, neighbour);
    const [device, theirDevice] = await Promise.all([
      registerDevice(shop.t, shop.ceo),
      registerDevice(shop.t, neighbour),
    ]);
    const mine = await createProduct(shop.t, shop.ceo);
    const before = await fingerprint(shop.t);
    const foreign = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: theirs.id, quantity: 1, unit_price: '100.00' }]),
    );
    const nowhere = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: 999_999_999, quantity: 1, unit_price: '100.00' }]),
    );
    for (const answer of [foreign, nowhere]) {
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(COUNTER_MESSAGES.productNotSold);
    }
    const onTheirPhone = await sellAtCounter(shop.t, shop.ceo, {
      ...counterSaleBody(shop.ceo, theirDevice, [{ product_id: mine.id, quantity: 1, unit_price: '100.00' }]),
    });
    expect(onTheirPhone.status).toBe(400);
    expect(onTheirPhone.body.detail).toBe(COUNTER_MESSAGES.receiptPrefixUnknown);
    // The neighbour's CEO selling into this business: the business does not exist for them.
    const intruder = await sellAtCounter(
      shop.t,
      neighbour,
      counterSaleBody(shop.ceo, theirDevice, [{ product_id: mine.id, quantity: 1, unit_price: '100.00' }]),
    );
    expect(intruder.status).toBe(404);
    expect(intruder.body.detail).toBe(MESSAGES.business.notFound);
    expect(await fingerprint(shop.t)).toEqual(before);
  });

  it('names a registered customer by id, refuses anyone else, and keeps a walk-in debtor with their phone', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 20 }] });
    const device = await registerDevice(shop.t, shop.ceo);
    const customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
    const clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const line = [{ product_id: product.id, quantity: 2, unit_price: '100.00' }];
    const registered = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { customer: { id: customer.user.id }, payments: [] }),
    );
    expect(registered.status).toBe(201);
    expect(registered.data.sale).toMatchObject({
      customer_id: customer.user.id,
      payment_status: 'not_paid',
      balance: '200.00',
    });
    const notACustomer = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, { customer: { id: clerk.user.id }, payments: [] }),
    );
    expect(notACustomer.status).toBe(400);
    expect(notACustomer.body.errors?.customer).toEqual([SALES_MESSAGES.customerNotFound]);

    const name = `Mama Nkechi ${randomUUID().slice(0, 6)}`;
    const walkIn = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, line, {
        customer: { name, phone_number: '0803 123 4567' },
        payments: [
          { method: 'cash', amount: '50.00' },
          { method: 'pos_card', amount: '30.00' },
        ],
      }),
    );
    expect(walkIn.status).toBe(201);
    expect(walkIn.data.sale).toMatchObject({
      customer_name: name,
      customer_id: null,
      customer_phone: '+2348031234567',
      payment_status: 'partial',
      amount_paid: '80.00',
      balance: '120.00',
    });
    const debts = await shop.api.call(
      ENDPOINTS.sales.listDebts,
      { business_id: shop.ceo.businessId, search: name },
      {
        token: shop.ceo.token,
      },
    );
    expect(debts.data.results).toEqual([
      expect.objectContaining({ customer_name: name, total_owed: '120.00', customer_phone: '+2348031234567' }),
    ]);
    const receipts = await shop.api.call(
      ENDPOINTS.sales.listPayments,
      { business_id: shop.ceo.businessId, search: name },
      {
        token: shop.ceo.token,
      },
    );
    expect(receipts.data.results.map((payment) => [payment.sale_id, payment.amount]).sort()).toEqual([
      [walkIn.data.sale.id, '30.00'],
      [walkIn.data.sale.id, '50.00'],
    ]);
    const pdf = await shop.api.call(
      ENDPOINTS.sales.getReceipt,
      { business_id: shop.ceo.businessId, id: walkIn.data.sale.id },
      {
        token: shop.ceo.token,
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps a price charged off the product price, and flags it', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      selling_price: '100.00',
      selling_price_discount_percentage: '10.00',
      batches: [{ quantity: 10 }],
    });
    const device = await registerDevice(shop.t, shop.ceo);
    const atPrice = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [
        { product_id: product.id, quantity: 1, unit_price: '100.00', discount_percentage: '10.00' },
      ]),
    );
    expect(atPrice.data.price_flags).toEqual([]);
    expect(atPrice.data.sale.total_cart_amount).toBe('90.00');
    const offPrice = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: product.id, quantity: 2, unit_price: '80.00' }]),
    );
    expect(offPrice.status).toBe(201);
    expect(offPrice.data.sale.total_cart_amount).toBe('160.00');
    expect(offPrice.data.sale.lines.map((line) => line.unit_price)).toEqual(['80.00']);
    expect(offPrice.data.price_flags).toEqual([
      expect.objectContaining({
        sale_id: offPrice.data.sale.id,
        product_id: product.id,
        charged_unit_price: '80.00',
        charged_discount_percentage: '0.00',
        product_unit_price: '100.00',
        product_discount_percentage: '10.00',
        settled_at: null,
      }),
    ]);
  });
});

describe('a counter sale among the sales', () => {
  it('counts in the overview and the report exactly as the same sale made through a cart', async () => {
    const [byCart, byCounter] = await Promise.all([signUpCeo(shop.t), signUpCeo(shop.t)]);
    const spec = { cost_price: '60.00', selling_price: '100.00', batches: [{ quantity: 10 }] };
    const [cartProduct, counterProduct] = await Promise.all([
      createProduct(shop.t, byCart, { ...spec, product_name: 'Garri 1kg' }),
      createProduct(shop.t, byCounter, { ...spec, product_name: 'Garri 1kg' }),
    ]);
    const cart = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: byCart.businessId,
        customer_name: 'Ada Obi',
        items: [{ product_id: cartProduct.id, quantity: 3 }],
      },
      { token: byCart.token },
    );
    const confirmed = await shop.api.call(
      ENDPOINTS.sales.confirmSale,
      {
        business_id: byCart.businessId,
        cart_id: cart.data.cart.id,
        payment_status: 'partial',
        deposit_amount: '100.00',
        payment_method: 'cash',
      },
      { token: byCart.token },
    );
    expect(confirmed.status).toBe(201);
    const device = await registerDevice(shop.t, byCounter);
    const sold = await sellAtCounter(
      shop.t,
      byCounter,
      counterSaleBody(byCounter, device, [{ product_id: counterProduct.id, quantity: 3, unit_price: '100.00' }], {
        customer: { name: 'Ada Obi', phone_number: '08031234567' },
        payments: [{ method: 'cash', amount: '100.00' }],
      }),
    );
    expect(sold.status).toBe(201);

    const figures = async (owner: Owner) => {
      const [overview, report] = await Promise.all([
        shop.api.call(ENDPOINTS.businesses.getOverview, { business_id: owner.businessId }, { token: owner.token }),
        shop.api.call(
          ENDPOINTS.businesses.getReport,
          { business_id: owner.businessId, from: lagosDay(-1), to: lagosDay(0) },
          { token: owner.token },
        ),
      ]);
      const { recent_sales: _recent, best_seller, role_summary: _roles, ...rest } = overview.data;
      const { top_products, top_products_by_revenue, sales_by_employee, low_stock: _low, ...report_rest } = report.data;
      const strip = <T extends { product_id?: number; id?: number }>(rows: T[]) =>
        rows.map(({ product_id: _p, id: _i, ...row }) => row);
      return {
        ...rest,
        best_seller: best_seller ? strip([best_seller]) : null,
        report: {
          ...report_rest,
          top_products: strip(top_products),
          top_products_by_revenue: strip(top_products_by_revenue),
          sales_by_employee: sales_by_employee.map(({ user_id: _u, name: _n, ...row }) => row),
        },
      };
    };
    const [cartFigures, counterFigures] = await Promise.all([figures(byCart), figures(byCounter)]);
    expect(counterFigures.total_sales).toBe(1);
    expect(counterFigures.attention.top_debtors).toEqual([
      { customer_id: null, customer_name: 'Ada Obi', currency: 'NGN', total_owed: '200.00', open_sales: 1 },
    ]);
    expect(counterFigures).toEqual(cartFigures);
  });

  it('counts a sale made on an earlier day on that day', async () => {
    const owner = await signUpCeo(shop.t);
    const product = await createProduct(shop.t, owner, { batches: [{ quantity: 10 }] });
    const device = await registerDevice(shop.t, owner);
    const threeDaysAgo = new Date(`${lagosDay(-3)}T10:00:00+01:00`).toISOString();
    const sold = await sellAtCounter(
      shop.t,
      owner,
      counterSaleBody(owner, device, [{ product_id: product.id, quantity: 2, unit_price: '100.00' }], {
        sold_at: threeDaysAgo,
      }),
    );
    expect(sold.status).toBe(201);
    const report = async (from: string, to: string) =>
      (
        await shop.api.call(
          ENDPOINTS.businesses.getReport,
          { business_id: owner.businessId, from, to },
          { token: owner.token },
        )
      ).data;
    const [thatDay, today, overview] = await Promise.all([
      report(lagosDay(-3), lagosDay(-3)),
      report(lagosDay(0), lagosDay(0)),
      shop.api.call(ENDPOINTS.businesses.getOverview, { business_id: owner.businessId }, { token: owner.token }),
    ]);
    expect(thatDay.total_sales).toBe(1);
    expect(thatDay.total_revenue).toEqual([{ currency: 'NGN', amount: '200.00' }]);
    expect(thatDay.collected).toEqual([{ currency: 'NGN', amount: '200.00' }]);
    expect(today.total_sales).toBe(0);
    expect(overview.data.total_sales).toBe(1);
    expect(overview.data.total_revenue).toEqual([{ currency: 'NGN', amount: '200.00' }]);
  });

  it('is listed with the sales and cancels like one, giving back only what batches gave', async () => {
    const owner = await signUpCeo(shop.t);
    const product = await createProduct(shop.t, owner, { batches: [{ quantity: 2 }] });
    const device = await registerDevice(shop.t, owner);
    const sold = await sellAtCounter(
      shop.t,
      owner,
      counterSaleBody(owner, device, [{ product_id: product.id, quantity: 5, unit_price: '100.00' }]),
    );
    expect(sold.data.shortfalls.map((shortfall) => shortfall.quantity)).toEqual([3]);
    const list = await shop.api.call(
      ENDPOINTS.sales.listSales,
      { business_id: owner.businessId },
      { token: owner.token },
    );
    expect(list.data.results.map((sale) => sale.id)).toEqual([sold.data.sale.id]);
    const cancelled = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: owner.businessId, id: sold.data.sale.id, reason: 'Rang up by mistake' },
      { token: owner.token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.sale.status).toBe('cancelled');
    // The 2 units the batch gave are back; the 3 no batch held were never in it.
    expect(await batchQuantities(shop.t, product.id)).toEqual([2]);
    expect(await ledgerMismatches(shop.t, owner.businessId)).toEqual([]);
    const refunded = await shop.t.db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(eq(payments.sale_id, sold.data.sale.id));
    expect(refunded[0]?.total).toBe('500.00');
    const moved = await shop.t.db
      .select({ delta: stock_movements.delta, reason: stock_movements.reason })
      .from(stock_movements)
      .where(eq(stock_movements.sale_id, sold.data.sale.id))
      .orderBy(stock_movements.id);
    expect(moved).toEqual([
      { delta: -2, reason: 'sale' },
      { delta: 2, reason: 'return' },
    ]);
    const lines = await shop.t.db
      .select({ batch_id: sale_lines.batch_id, quantity: sale_lines.quantity })
      .from(sale_lines)
      .where(eq(sale_lines.sale_id, sold.data.sale.id))
      .orderBy(sale_lines.id);
    expect(lines).toEqual([
      { batch_id: expect.any(Number), quantity: 2 },
      { batch_id: null, quantity: 3 },
    ]);
  });
});
