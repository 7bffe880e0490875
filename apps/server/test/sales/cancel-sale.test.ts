import { ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refunds, sale_return_lines, sale_returns, stock_movements } from '../../src/db/schema';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop({ poolSize: 30 });
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

const cancel = (
  s: Owner,
  id: number,
  token = s.token,
  reason = 'Customer returned the goods',
  refund_amount?: string,
) => shop.api.call(ENDPOINTS.sales.cancelSale, { business_id: s.businessId, id, reason, refund_amount }, { token });
const pay = (s: Owner, saleId: number, amount: string, token = s.token) =>
  shop.api.call(
    ENDPOINTS.sales.recordPayment,
    { business_id: s.businessId, sale_id: saleId, amount, method: 'cash' },
    { token },
  );

/** A sale of 7 units of a product whose stock sits in two batches (5 expiring sooner, then 10). */
async function saleOverTwoBatches(
  s: Owner,
  payment: { payment_status: 'partial' | 'not_paid' | 'paid'; deposit_amount?: string },
) {
  const product = await createProduct(shop.t, s, {
    selling_price: '1000.00',
    batches: [
      { quantity: 5, expiration_date: lagosDay(30) },
      { quantity: 10, expiration_date: lagosDay(90) },
    ],
  });
  const cart = await createCart(shop.t, s, [{ product_id: product.id, quantity: 7 }], { customer_name: 'Chidi' });
  const answer = await confirm(shop.t, s, cart.id, payment);
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return { product, sale: answer.data.sale };
}

describe('cancelling a sale', () => {
  it('gives every unit back to the batch it came from, refunds the payments and keeps the sale with its reason', async () => {
    const { product, sale } = await saleOverTwoBatches(shop.ceo, {
      payment_status: 'partial',
      deposit_amount: '2500.00',
    });
    expect(await batchQuantities(shop.t, product.id)).toEqual([0, 8]);
    await pay(shop.ceo, sale.id, '500.00');

    const answer = await cancel(shop.ceo, sale.id, shop.ceo.token, '  Wrong item packed  ');
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(SALES_MESSAGES.saleCancelled);
    expect(answer.data.sale).toMatchObject({ status: 'cancelled', cancel_reason: 'Wrong item packed' });
    expect(answer.data.sale.cancelled_by_name).toBeTruthy();
    expect(answer.data.sale.payments.map((payment) => payment.is_refunded)).toEqual([true, true]);

    expect(await batchQuantities(shop.t, product.id)).toEqual([5, 10]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
    const returned = await shop.t.db
      .select({ batch_id: stock_movements.batch_id, delta: stock_movements.delta, note: stock_movements.note })
      .from(stock_movements)
      .where(and(eq(stock_movements.business_id, shop.ceo.businessId), eq(stock_movements.reason, 'return')))
      .orderBy(stock_movements.batch_id);
    expect(returned).toEqual([
      { batch_id: product.batches[0]?.id, delta: 5, note: 'Wrong item packed' },
      { batch_id: product.batches[1]?.id, delta: 2, note: 'Wrong item packed' },
    ]);
    const [header] = await shop.t.db.select().from(sale_returns).where(eq(sale_returns.sale_id, sale.id));
    const lines = await shop.t.db
      .select()
      .from(sale_return_lines)
      .where(eq(sale_return_lines.return_id, header?.id ?? 0));
    expect(lines.map((line) => line.quantity).sort()).toEqual([2, 5]);
    const refunded = await shop.t.db
      .select()
      .from(refunds)
      .where(eq(refunds.return_id, header?.id ?? 0));
    expect(refunded.map((refund) => refund.amount).sort()).toEqual(['2500.00', '500.00']);

    // It stays in the history, marked.
    const listed = await shop.api.call(
      ENDPOINTS.sales.listSales,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(listed.data.results.find((row) => row.id === sale.id)).toMatchObject({ status: 'cancelled' });
  });

  it('refuses a second cancel and a payment after the cancel, changing nothing', async () => {
    const { product, sale } = await saleOverTwoBatches(shop.ceo, { payment_status: 'not_paid' });
    expect((await cancel(shop.ceo, sale.id)).status).toBe(200);
    const again = await cancel(shop.ceo, sale.id);
    expect(again.status).toBe(409);
    expect(again.body.response_description).toBe(SALES_MESSAGES.alreadyCancelled);
    const payment = await pay(shop.ceo, sale.id, '100.00');
    expect(payment.status).toBe(409);
    expect(payment.body.response_description).toBe(SALES_MESSAGES.cannotPayCancelled);
    expect(await batchQuantities(shop.t, product.id)).toEqual([5, 10]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('lets the CEO and a manager cancel; a salesperson, a customer or another business cannot', async () => {
    const manager = await memberLoggedIn(shop.t, shop.ceo.businessId, 'manager');
    const seller = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
    const { sale } = await saleOverTwoBatches(shop.ceo, { payment_status: 'paid' });
    const refused = await cancel(shop.ceo, sale.id, seller.token);
    expect(refused.status).toBe(403);
    expect(refused.body.response_description).toBe(SALES_MESSAGES.onlyManagersCancel);
    expect((await cancel(shop.ceo, sale.id, customer.token)).status).toBe(403);
    expect((await cancel(shop.ceo, sale.id, other.token)).status).toBe(404);
    // Another business's sale, named under the caller's own business, is missing.
    expect((await cancel(other, sale.id)).status).toBe(404);
    expect((await cancel(shop.ceo, sale.id, manager.token)).status).toBe(200);
    // No reason, no cancel.
    const { sale: next } = await saleOverTwoBatches(shop.ceo, { payment_status: 'paid' });
    const blank = await shop.api.send(ENDPOINTS.sales.cancelSale, {
      token: shop.ceo.token,
      body: { business_id: shop.ceo.businessId, id: next.id, reason: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.response_description).toBe(SALES_MESSAGES.cancelReasonRequired);
  });

  it('keeps returned units of an expired batch unsellable', async () => {
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '100.00', batches: [{ quantity: 3 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 3 }]);
    const sold = await confirm(shop.t, shop.ceo, cart.id);
    const batchId = product.batches[0]?.id ?? 0;
    // The batch expires after the sale (its date moved into the past).
    await shop.t.db.execute(
      `update product_batches set expiration_date = current_date - 2 where business_id = ${shop.ceo.businessId} and id = ${batchId}`,
    );
    expect((await cancel(shop.ceo, sold.data.sale.id)).status).toBe(200);
    expect(await batchQuantities(shop.t, product.id)).toEqual([3]);
    // Back on the shelf of the expired batch, where nothing sells: none of it counts as in stock.
    const shelf = await shop.api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: shop.ceo.businessId, product_id: product.id },
      { token: shop.ceo.token },
    );
    expect(shelf.data.quantity_in_stock).toBe(0);
    expect(shelf.data.batches.map((batch) => batch.quantity)).toEqual([3]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('drops the sale from debts, revenue, best seller and the report', async () => {
    const s = await signUpCeo(shop.t);
    const { product, sale } = await saleOverTwoBatches(s, { payment_status: 'partial', deposit_amount: '1000.00' });
    const overview = () =>
      shop.api.call(ENDPOINTS.businesses.getOverview, { business_id: s.businessId }, { token: s.token });
    const debts = () => shop.api.call(ENDPOINTS.sales.listDebts, { business_id: s.businessId }, { token: s.token });
    const report = () =>
      shop.api.call(
        ENDPOINTS.businesses.getReport,
        { business_id: s.businessId, from: lagosDay(-1), to: lagosDay(0) },
        { token: s.token },
      );
    const before = await overview();
    expect(before.data.total_sales).toBe(1);
    expect(before.data.best_seller?.product_id).toBe(product.id);
    expect((await debts()).data.count).toBe(1);
    expect((await report()).data.total_sales).toBe(1);

    expect((await cancel(s, sale.id)).status).toBe(200);
    const after = await overview();
    expect(after.data).toMatchObject({ total_sales: 0, total_revenue: [], best_seller: null });
    const owed = await debts();
    expect(owed.data).toMatchObject({ count: 0, totals: [] });
    const reported = await report();
    expect(reported.data).toMatchObject({ total_sales: 0, total_revenue: [] });
  });

  it('20 concurrent cancel and payment races: exactly one wins each, the other gets a clear 409', async () => {
    // The cancel says what it agreed to refund (nothing: the sale was unpaid when the canceller looked).
    const races = await Promise.all(
      Array.from({ length: 20 }, () => saleOverTwoBatches(shop.ceo, { payment_status: 'not_paid' })),
    );
    const outcomes = await Promise.all(
      races.map(async ({ sale, product }) => {
        const [cancelled, paid] = await Promise.all([
          cancel(shop.ceo, sale.id, shop.ceo.token, 'Race', '0.00'),
          pay(shop.ceo, sale.id, '7000.00'),
        ]);
        return { cancelled, paid, product };
      }),
    );
    for (const { cancelled, paid, product } of outcomes) {
      if (cancelled.status === 200) {
        expect(paid.status).toBe(409);
        expect(paid.body.response_description).toBe(SALES_MESSAGES.cannotPayCancelled);
        // The payment lost: the cancel refunded nothing but gave all the stock back.
        expect(cancelled.data.sale.payments).toEqual([]);
        expect(await batchQuantities(shop.t, product.id)).toEqual([5, 10]);
      } else {
        expect(paid.status).toBe(201);
        expect(cancelled.status).toBe(409);
        expect(cancelled.body.response_description).toBe(SALES_MESSAGES.paidMeanwhile);
        expect(await batchQuantities(shop.t, product.id)).toEqual([0, 8]);
      }
    }
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });
});
