import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, lagosDay, ledgerMismatches, signUpCeo } from '../factories';

/**
 * A confirmation writes the sale, its lines and its first payment in one statement, and deletes the cart
 * in the statement that reads its lines (confirm-sale.ts writeSale, cart-items.ts takeCartItems).
 * What must not change with it: the report totals' triggers fire sales, then lines, then payment, the
 * order the three statements had (the lock order on the totals rows, ADR 0006 and 0009). Without the
 * `max()` that makes each insert wait for the one before, PostgreSQL fired them lines, payment, sale
 * (command ids 40, 51, 55 in this test), and the first test below failed.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The command id (within its transaction) that last wrote each totals row of the business. */
async function commandIds(businessId: number) {
  const { rows } = await t.db.execute<{ debtors: number[]; products: number[]; payment_days: number[] }>(sql`
    select
      array(select cmin::text::int from report_debtors where business_id = ${businessId}) as debtors,
      array(select cmin::text::int from report_products where business_id = ${businessId}) as products,
      array(select cmin::text::int from report_payment_days where business_id = ${businessId}) as payment_days`);
  const [row] = rows;
  if (!row) throw new Error('No row.');
  return row;
}

describe('a confirmation in fewer statements', () => {
  it('fires the totals triggers in the order sale, lines, payment', async () => {
    // A fresh business: each totals row below is written once, by this sale's transaction, and keeps the
    // command id of the trigger that wrote it. report_debtors is written only by the sale's trigger (a
    // sale not paid in full), report_products only by the lines', report_payment_days only by the payment's.
    const shop = await signUpCeo(t);
    const milk = await createProduct(t, shop, {
      selling_price: '250.00',
      cost_price: '180.00',
      batches: [
        { quantity: 1, expiration_date: lagosDay(3), batch_number: 'SOON' },
        { quantity: 5, expiration_date: null, batch_number: 'NONE' },
      ],
    });
    const rice = await createProduct(t, shop, { selling_price: '9500.00' });
    const cart = await createCart(t, shop, [
      { product_id: rice.id, quantity: 1 },
      { product_id: milk.id, quantity: 3 },
    ]);
    const answer = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '1000.00' });
    expect(answer.status).toBe(201);
    // Two lines for the milk (two batches) and one for the rice.
    expect(answer.data.sale.lines.map((line) => [line.product_id, line.batch_number, line.quantity])).toEqual(
      expect.arrayContaining([
        [milk.id, 'SOON', 1],
        [milk.id, 'NONE', 2],
        [rice.id, expect.any(String), 1],
      ]),
    );
    expect(answer.data.sale.payments.map((payment) => payment.amount)).toEqual(['1000.00']);

    const ids = await commandIds(shop.businessId);
    expect(ids.debtors).toHaveLength(1);
    expect(ids.products).toHaveLength(2);
    expect(ids.payment_days).toHaveLength(1);
    const sale = Math.max(...ids.debtors);
    const lines = ids.products;
    const payment = Math.min(...ids.payment_days);
    for (const line of lines) {
      expect(line).toBeGreaterThan(sale);
      expect(line).toBeLessThan(payment);
    }
    expect(await ledgerMismatches(t, shop.businessId)).toEqual([]);
  });

  it('writes a sale not paid without a payment, and the cart goes with it', async () => {
    const shop = await signUpCeo(t);
    const product = await createProduct(t, shop, { selling_price: '120.50' });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 2 }]);
    const answer = await confirm(t, shop, cart.id, { payment_status: 'not_paid' });
    expect(answer.status).toBe(201);
    expect(answer.data.sale.payments).toEqual([]);
    expect(answer.data.sale.amount_paid).toBe('0.00');
    expect(answer.data.sale.balance).toBe('241.00');
    const [row] = (
      await t.db.execute<{ carts: number; items: number }>(sql`
        select (select count(*)::int from carts where business_id = ${shop.businessId}) as carts,
               (select count(*)::int from cart_items where business_id = ${shop.businessId}) as items`)
    ).rows;
    // The cart and its lines are gone with the sale (the delete's cascade, at the end of its statement).
    expect(row).toEqual({ carts: 0, items: 0 });
  });
});
