import { ENDPOINTS, IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '@oja/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carts, expenses, idempotent_requests, payments, product_batches, products, sales } from '../../src/db/schema';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
  type Owner,
  productBody,
  signUpCeo,
  unique,
} from '../factories';
import type { Answer } from '../http';
import { useShop } from '../shop';

/**
 * Every write a phone may send twice, other than the sale (test/sales/confirm-sale.test.ts), is made once per
 * Idempotency-Key (platform/idempotency.ts): a retry, in turn or at once, answers what the first attempt made
 * with 200 and `idempotent-replayed`, and writes nothing; the same key with another body is refused; a failed
 * attempt leaves its key free; keys are apart per business and per sender; and without a key a write is made as sent.
 */

const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

const newKey = () => `key-${unique()}-${unique()}`;
const keyed = (by: Owner, key: string) => ({ token: by.token, headers: { [IDEMPOTENCY_HEADER]: key } });

/** The first attempt's status, then each retry's 200 with the replay header. */
function expectReplays(answers: Answer[], firstStatus: 200 | 201): void {
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(answers.length - 1).fill(200), firstStatus].sort());
  const replayed = answers.filter((answer) => answer.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true');
  expect(replayed).toHaveLength(answers.length - 1);
}

async function unpaidSale(by: Owner, total = '1000.00') {
  const product = await createProduct(shop.t, by, { selling_price: total });
  const cart = await createCart(shop.t, by, [{ product_id: product.id, quantity: 1 }]);
  const answer = await confirm(shop.t, by, cart.id, { payment_status: 'not_paid' });
  expect(answer.status).toBe(201);
  return answer.data.sale;
}

const paymentCount = async (saleId: number) =>
  (await shop.t.db.select({ n: count() }).from(payments).where(eq(payments.sale_id, saleId)))[0]?.n ?? 0;

describe('a later payment', () => {
  it('is taken once when the same payment is sent again, in turn or five at once', async () => {
    const sale = await unpaidSale(shop.ceo);
    const before = await paymentCount(sale.id);
    const body = { business_id: shop.ceo.businessId, sale_id: sale.id, amount: '300.00', method: 'cash' as const };
    const key = newKey();
    const first = await shop.api.call(ENDPOINTS.sales.recordPayment, body, keyed(shop.ceo, key));
    const again = await shop.api.call(ENDPOINTS.sales.recordPayment, body, keyed(shop.ceo, key));
    expectReplays([first, again], 201);
    expect(again.data.sale.amount_paid).toBe('300.00');
    expect(again.data.sale).toEqual(first.data.sale);

    const burstKey = newKey();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => shop.api.call(ENDPOINTS.sales.recordPayment, body, keyed(shop.ceo, burstKey))),
    );
    expectReplays(burst, 201);
    // Two keys, two payments: one each.
    expect(await paymentCount(sale.id)).toBe(before + 2);
    const [row] = await shop.t.db.select({ paid: sales.amount_paid }).from(sales).where(eq(sales.id, sale.id));
    expect(row?.paid).toBe('600.00');
  });

  it('answers the settled sale, not "already paid", when the payment that settled it is sent again', async () => {
    const sale = await unpaidSale(shop.ceo, '500.00');
    const body = {
      business_id: shop.ceo.businessId,
      sale_id: sale.id,
      amount: '500.00',
      method: 'bank_transfer' as const,
    };
    const key = newKey();
    const first = await shop.api.call(ENDPOINTS.sales.recordPayment, body, keyed(shop.ceo, key));
    const again = await shop.api.call(ENDPOINTS.sales.recordPayment, body, keyed(shop.ceo, key));
    expectReplays([first, again], 201);
    expect(again.data.sale.payment_status).toBe('paid');
    // Without the key, the same request is a second payment, and the rule refuses it.
    const unkeyed = await shop.api.call(ENDPOINTS.sales.recordPayment, body, { token: shop.ceo.token });
    expect(unkeyed.status).toBe(409);
  });

  it('leaves the key free when the payment fails, and refuses it for another amount once used', async () => {
    const sale = await unpaidSale(shop.ceo, '200.00');
    const key = newKey();
    const base = { business_id: shop.ceo.businessId, sale_id: sale.id, method: 'cash' as const };
    const tooMuch = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { ...base, amount: '900.00' },
      keyed(shop.ceo, key),
    );
    expect(tooMuch.status).toBe(400);
    const corrected = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { ...base, amount: '50.00' },
      keyed(shop.ceo, key),
    );
    expect(corrected.status).toBe(201);
    const changed = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { ...base, amount: '60.00' },
      keyed(shop.ceo, key),
    );
    expect(changed.status).toBe(409);
    expect(changed.body.detail).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    const [row] = await shop.t.db.select({ paid: sales.amount_paid }).from(sales).where(eq(sales.id, sale.id));
    expect(row?.paid).toBe('50.00');
  });
});

describe('an expense', () => {
  it('is counted once per key, and twice when sent twice without one', async () => {
    const description = `Generator fuel ${unique()}`;
    const body = {
      business_id: shop.ceo.businessId,
      amount: '4500.00',
      category: 'transport',
      description,
      date: lagosDay(0),
    };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => shop.api.call(ENDPOINTS.expenses.createExpense, body, keyed(shop.ceo, key))),
    );
    expectReplays(answers, 201);
    expect(new Set(answers.map((answer) => answer.data.expense.id)).size).toBe(1);
    const recorded = () =>
      shop.t.db
        .select({ n: count() })
        .from(expenses)
        .where(and(eq(expenses.business_id, shop.ceo.businessId), eq(expenses.description, description)));
    expect((await recorded())[0]?.n).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect((await shop.api.call(ENDPOINTS.expenses.createExpense, body, { token: shop.ceo.token })).status).toBe(201);
    }
    expect((await recorded())[0]?.n).toBe(3);
  });
});

describe('the stock', () => {
  it('receives a delivery once per key', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 5 }] });
    const body = { business_id: shop.ceo.businessId, product_id: product.id, batch_number: 'DELIVERY-2', quantity: 12 };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => shop.api.call(ENDPOINTS.stock.receiveBatch, body, keyed(shop.ceo, key))),
    );
    expectReplays(answers, 201);
    expect(await batchQuantities(shop.t, product.id)).toEqual([5, 12]);
    for (const answer of answers) expect(answer.data.quantity_in_stock).toBe(17);
  });

  it('changes a product by a number of units once per key, both ways', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 20 }] });
    for (const quantity of [7, -4]) {
      const body = { business_id: shop.ceo.businessId, product_id: product.id, quantity };
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => shop.api.call(ENDPOINTS.stock.updateStock, body, keyed(shop.ceo, key))),
      );
      expectReplays(answers, 200);
    }
    expect(await batchQuantities(shop.t, product.id)).toEqual([23]);
  });

  it('adjusts a batch once per key, and the ledger still sums to every batch', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 10 }] });
    const batchId = product.batches[0]?.id ?? 0;
    const body = {
      business_id: shop.ceo.businessId,
      product_id: product.id,
      batch_id: batchId,
      delta: -3,
      reason: 'damage' as const,
    };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => shop.api.call(ENDPOINTS.stock.adjustBatch, body, keyed(shop.ceo, key))),
    );
    expectReplays(answers, 200);
    expect(await batchQuantities(shop.t, product.id)).toEqual([7]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });
});

describe('a new cart and a new product', () => {
  it('makes one cart per key', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const title = `Counter cart ${unique()}`;
    const body = { business_id: shop.ceo.businessId, title, items: [{ product_id: product.id, quantity: 2 }] };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => shop.api.call(ENDPOINTS.sales.createCart, body, keyed(shop.ceo, key))),
    );
    expectReplays(answers, 201);
    expect(new Set(answers.map((answer) => answer.data.cart.id)).size).toBe(1);
    const rows = await shop.t.db.select({ id: carts.id }).from(carts).where(eq(carts.title, title));
    expect(rows).toHaveLength(1);
  });

  it('makes one product per key, its opening stock entered once', async () => {
    const body = productBody(shop.ceo.businessId, { batches: [{ quantity: 9 }] });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => shop.api.call(ENDPOINTS.stock.createProduct, body, keyed(shop.ceo, key))),
    );
    expectReplays(answers, 201);
    const rows = await shop.t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.business_id, shop.ceo.businessId), eq(products.product_name, body.product_name)));
    expect(rows).toHaveLength(1);
    const batches = await shop.t.db
      .select()
      .from(product_batches)
      .where(eq(product_batches.product_id, rows[0]?.id ?? 0));
    expect(batches.map((batch) => batch.quantity)).toEqual([9]);
  });
});

describe("a cancellation and a customer's request", () => {
  it('cancels once per key: a retry answers the cancelled sale, not "already cancelled"', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 6 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);
    const sold = await confirm(shop.t, shop.ceo, cart.id);
    const body = { business_id: shop.ceo.businessId, id: sold.data.sale.id, reason: 'Brought back unopened' };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => shop.api.call(ENDPOINTS.sales.cancelSale, body, keyed(shop.ceo, key))),
    );
    expectReplays(answers, 200);
    for (const answer of answers) expect(answer.data.sale.status).toBe('cancelled');
    expect(await batchQuantities(shop.t, product.id)).toEqual([6]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it("makes one request of a customer's per key", async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
    const body = { business_id: shop.ceo.businessId, items: [{ product_id: product.id, quantity: 1 }] };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        shop.api.call(ENDPOINTS.sales.requestProducts, body, {
          token: customer.token,
          headers: { [IDEMPOTENCY_HEADER]: key },
        }),
      ),
    );
    expectReplays(answers, 201);
    const rows = await shop.t.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.business_id, shop.ceo.businessId), eq(carts.customer_id, customer.user.id)));
    expect(rows).toHaveLength(1);
  });
});

describe('the keys', () => {
  it('are one request each: a key of a payment cannot make an expense', async () => {
    const sale = await unpaidSale(shop.ceo);
    const key = newKey();
    const paid = await shop.api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: shop.ceo.businessId, sale_id: sale.id, amount: '10.00', method: 'cash' },
      keyed(shop.ceo, key),
    );
    expect(paid.status).toBe(201);
    const expense = await shop.api.call(
      ENDPOINTS.expenses.createExpense,
      { business_id: shop.ceo.businessId, amount: '10.00', category: 'rent', date: lagosDay(0) },
      keyed(shop.ceo, key),
    );
    expect(expense.status).toBe(409);
    expect(expense.body.detail).toBe(IDEMPOTENCY_MESSAGES.keyReused);
  });

  it("are apart per business: the same key in another shop is that shop's first", async () => {
    const key = newKey();
    const mine = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 1 }] });
    const theirs = await createProduct(shop.t, other, { batches: [{ quantity: 1 }] });
    const receive = (by: Owner, productId: number) =>
      shop.api.call(
        ENDPOINTS.stock.receiveBatch,
        { business_id: by.businessId, product_id: productId, batch_number: 'SAME-KEY', quantity: 4 },
        keyed(by, key),
      );
    expect((await receive(shop.ceo, mine.id)).status).toBe(201);
    expect((await receive(other, theirs.id)).status).toBe(201);
    expect(await batchQuantities(shop.t, theirs.id)).toEqual([1, 4]);
    const held = await shop.t.db.select().from(idempotent_requests).where(eq(idempotent_requests.key, key));
    expect(held.map((row) => row.business_id).sort()).toEqual([shop.ceo.businessId, other.businessId].sort());
  });

  it("are apart per sender: a customer repeating another customer's key and body gets their own request", async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const [ada, bola] = [
      await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
      await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer'),
    ];
    const body = { business_id: shop.ceo.businessId, items: [{ product_id: product.id, quantity: 1 }] };
    const key = newKey();
    const ask = (by: { token: string }) =>
      shop.api.call(ENDPOINTS.sales.requestProducts, body, { token: by.token, headers: { [IDEMPOTENCY_HEADER]: key } });
    const first = await ask(ada);
    const second = await ask(bola);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(second.data.cart.id).not.toBe(first.data.cart.id);
    for (const customer of [ada, bola]) {
      const rows = await shop.t.db
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.business_id, shop.ceo.businessId), eq(carts.customer_id, customer.user.id)));
      expect(rows).toHaveLength(1);
    }
    // Each one's own retry is still a replay of their own request.
    const again = await ask(bola);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.data.cart.id).toBe(second.data.cart.id);
  });

  it("are apart per sender: a salesperson repeating the CEO's payment key and body records their own payment", async () => {
    const sale = await unpaidSale(shop.ceo, '1000.00');
    const seller = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const body = { business_id: shop.ceo.businessId, sale_id: sale.id, amount: '100.00', method: 'cash' as const };
    const key = newKey();
    const ceoPaid = await shop.api.call(ENDPOINTS.sales.recordPayment, body, keyed(shop.ceo, key));
    const sellerPaid = await shop.api.call(ENDPOINTS.sales.recordPayment, body, {
      token: seller.token,
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    expect([ceoPaid.status, sellerPaid.status]).toEqual([201, 201]);
    expect(sellerPaid.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(sellerPaid.data.sale.amount_paid).toBe('200.00');
    expect(await paymentCount(sale.id)).toBe(2);
  });

  it('must have 8 to 100 letters, digits, dashes or underscores', async () => {
    const expense = await shop.api.call(
      ENDPOINTS.expenses.createExpense,
      { business_id: shop.ceo.businessId, amount: '10.00', category: 'rent', date: lagosDay(0) },
      keyed(shop.ceo, 'short'),
    );
    expect(expense.status).toBe(400);
    expect(expense.body.detail).toBe(IDEMPOTENCY_MESSAGES.keyFormat);
  });
});
