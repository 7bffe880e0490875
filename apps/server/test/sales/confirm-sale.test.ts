import { ENDPOINTS } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, payments, product_batches, sale_lines, sales } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
  type Owner,
  saleCount,
  saleMovements,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  shop = await signUpCeo(t);
  other = await signUpCeo(t);
});
afterAll(() => t.close());

async function cartExists(s: Owner, cartId: number): Promise<boolean> {
  const rows = await t.db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.business_id, s.businessId), eq(carts.id, cartId)));
  return rows.length === 1;
}

describe('confirming a cart into a sale', () => {
  it('takes the stock soonest expiry first, snapshots each batch as a line, pays, and deletes the cart', async () => {
    const milk = await createProduct(t, shop, {
      product_name: 'Peak Milk',
      selling_price: '250.00',
      selling_price_discount_percentage: '10',
      cost_price: '180.00',
      batches: [
        { quantity: 10, expiration_date: null, batch_number: 'NO-EXPIRY' },
        { quantity: 3, expiration_date: lagosDay(20), batch_number: 'LATER' },
        { quantity: 2, expiration_date: lagosDay(5), batch_number: 'SOON' },
        { quantity: 50, expiration_date: lagosDay(-1), batch_number: 'EXPIRED' },
      ],
    });
    // One batch was bought at another cost (the Add Product form gives the opening batches the product's).
    const later = milk.batches.find((batch) => batch.batch_number === 'LATER');
    await t.db.update(product_batches).set({ cost_price: '170.00' }).where(eq(product_batches.id, later!.id));
    const cart = await createCart(t, shop, [{ product_id: milk.id, quantity: 6 }], { customer_name: 'Mama Tobi' });
    const answer = await confirm(t, shop, cart.id, { created_by: 999_999, payment_method: 'pos_card' });
    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe('Sale created 🎉');
    const sale = answer.data.sale;
    expect(sale).toMatchObject({
      cart_id: cart.id,
      payment_status: 'paid',
      customer_name: 'Mama Tobi',
      created_by: shop.user.id,
      created_by_name: 'Ada Obi',
      total_cart_amount: '1350.00',
      amount_paid: '1350.00',
      deposit_amount: '0.00',
      balance: '0.00',
      items: [{ product: { id: milk.id, product_name: 'Peak Milk' }, quantity: 6 }],
    });
    expect(
      sale.lines.map((line: any) => [
        line.batch_number,
        line.quantity,
        line.net_unit_price,
        line.cost_price,
        line.line_total,
      ]),
    ).toEqual([
      ['SOON', 2, '225.00', '180.00', '450.00'],
      ['LATER', 3, '225.00', '170.00', '675.00'],
      ['NO-EXPIRY', 1, '225.00', '180.00', '225.00'],
    ]);
    expect(sale.lines[0]).toMatchObject({
      unit_price: '250.00',
      discount_percentage: '10.00',
      sku: expect.any(String),
    });
    expect(sale.payments).toMatchObject([{ amount: '1350.00', method: 'pos_card', recorded_by: shop.user.id }]);
    expect(await batchQuantities(t, milk.id)).toEqual([9, 0, 0, 50]);
    const movements = (await saleMovements(t, shop.businessId)).filter((m) => m.sale_id === sale.id);
    expect(movements.map((m) => m.delta).sort()).toEqual([-1, -2, -3]);
    expect(movements.every((m) => m.user_id === shop.user.id)).toBe(true);
    expect(await cartExists(shop, cart.id)).toBe(false);
    expect(await ledgerMismatches(t, shop.businessId)).toEqual([]);
  });

  it('keeps the sale as sold when the product changes later', async () => {
    const product = await createProduct(t, shop, { product_name: 'Old name', selling_price: '100.00' });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const sale = (await confirm(t, shop, cart.id)).data.sale;
    await t.db.execute(
      sql`update products set product_name = 'New name', selling_price = 999 where id = ${product.id}`,
    );
    const again = await api.call(
      ENDPOINTS.sales.getSale,
      { business_id: shop.businessId, id: sale.id },
      { token: shop.token },
    );
    expect(again.data.sale.lines[0]).toMatchObject({ product_name: 'Old name', unit_price: '100.00' });
    expect(again.data.sale.total_cart_amount).toBe('100.00');
  });

  it('records a partial sale with its deposit as the first payment', async () => {
    const product = await createProduct(t, shop, { selling_price: '1000.00' });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 2 }]);
    const answer = await confirm(t, shop, cart.id, {
      payment_status: 'partial',
      deposit_amount: '500',
      payment_method: 'bank_transfer',
    });
    expect(answer.status).toBe(201);
    expect(answer.data.sale).toMatchObject({
      payment_status: 'partial',
      deposit_amount: '500.00',
      amount_paid: '500.00',
      balance: '1500.00',
    });
    expect(answer.data.sale.payments).toMatchObject([{ amount: '500.00', method: 'bank_transfer' }]);
  });

  it('records a sale on credit with no payment, ignoring a deposit sent with it', async () => {
    const product = await createProduct(t, shop, { selling_price: '300.00' });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const answer = await confirm(t, shop, cart.id, { payment_status: 'not_paid', deposit_amount: '100.00' });
    expect(answer.status).toBe(201);
    expect(answer.data.sale).toMatchObject({ payment_status: 'not_paid', amount_paid: '0.00', deposit_amount: '0.00' });
    expect(answer.data.sale.payments).toEqual([]);
  });

  it('refuses a partial payment without a deposit above 0 and below the total', async () => {
    const product = await createProduct(t, shop, { selling_price: '1000.00' });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    for (const deposit of [undefined, null, '0', '0.00']) {
      const answer = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: deposit });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('Deposit amount is required for partial payment');
      expect(answer.body.errors).toEqual({ deposit_amount: ['Deposit amount is required for partial payment'] });
    }
    for (const deposit of ['1000.00', '1500']) {
      const answer = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: deposit });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({
        deposit_amount: ['For a partial payment the deposit must be less than the total.'],
      });
    }
    const badAmount = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '12.345' });
    expect(badAmount.status).toBe(400);
    expect(await cartExists(shop, cart.id)).toBe(true);
  });

  it('refuses an empty cart, a cart with a deleted product, and a missing cart', async () => {
    const empty = await createCart(t, shop, []);
    const emptyAnswer = await confirm(t, shop, empty.id);
    expect(emptyAnswer.status).toBe(400);
    expect(emptyAnswer.body.detail).toBe('Add at least one item to the cart before confirming the sale.');
    const product = await createProduct(t, shop);
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    await t.db.execute(sql`update products set archived_at = now() where id = ${product.id}`);
    const archived = await confirm(t, shop, cart.id);
    expect(archived.status).toBe(400);
    expect(archived.body.detail).toBe('A product in this cart is no longer sold. Remove it from the cart.');
    const missing = await confirm(t, shop, 987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Cart not found.');
  });
});

describe('who may confirm', () => {
  it('lets the CEO and a sales person confirm; refuses manager, sales rep and customer with the spec message', async () => {
    const product = await createProduct(t, shop, { batches: [{ quantity: 100 }] });
    for (const role of ['manager', 'sales_rep', 'customer'] as const) {
      const person = await memberLoggedIn(t, shop.businessId, role);
      const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
      const answer = await confirm(t, person, cart.id);
      expect(answer.status).toBe(403);
      expect(answer.body.detail).toBe('Only employees or CEOs can confirm sales.');
      expect(await cartExists(shop, cart.id)).toBe(true);
    }
    const seller = await memberLoggedIn(t, shop.businessId, 'sales_person');
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const answer = await confirm(t, seller, cart.id);
    expect(answer.status).toBe(201);
    expect(answer.data.sale.created_by).toBe(seller.user.id);
  });

  it('answers 404 for another business, its cart, or a cart id sent to the wrong business', async () => {
    const product = await createProduct(t, shop);
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const intoForeignBusiness = await confirm(t, { token: other.token, businessId: shop.businessId }, cart.id);
    expect(intoForeignBusiness.status).toBe(404);
    expect(intoForeignBusiness.body.detail).toBe('Business not found');
    const wrongBusiness = await api.call(
      ENDPOINTS.sales.confirmSale,
      { cart_id: cart.id, business_id: other.businessId, payment_status: 'paid' },
      { token: other.token },
    );
    expect(wrongBusiness.status).toBe(404);
    expect(wrongBusiness.body.detail).toBe('Cart not found.');
    expect(await cartExists(shop, cart.id)).toBe(true);
  });
});

describe('insufficient stock', () => {
  it('refuses the whole sale and changes nothing when any line asks for more than the stock', async () => {
    const plenty = await createProduct(t, shop, { batches: [{ quantity: 20 }] });
    const scarce = await createProduct(t, shop, {
      batches: [{ quantity: 2 }, { quantity: 9, expiration_date: lagosDay(-3) }],
    });
    // A cart asks for no more than the stock when it is written; the stock then runs short before confirming.
    const cart = await createCart(t, shop, [
      { product_id: plenty.id, quantity: 5 },
      { product_id: scarce.id, quantity: 2 },
    ]);
    const rival = await createCart(t, shop, [{ product_id: scarce.id, quantity: 1 }]);
    expect((await confirm(t, shop, rival.id)).status).toBe(201);
    const salesBefore = await saleCount(t, shop.businessId);
    const movementsBefore = (await saleMovements(t, shop.businessId)).length;
    const answer = await confirm(t, shop, cart.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'insufficient_stock',
      detail: 'Insufficient stock for one or more items.',
    });
    expect(await batchQuantities(t, plenty.id)).toEqual([20]);
    expect(await batchQuantities(t, scarce.id)).toEqual([1, 9]);
    expect(await saleCount(t, shop.businessId)).toBe(salesBefore);
    expect((await saleMovements(t, shop.businessId)).length).toBe(movementsBefore);
    expect(await cartExists(shop, cart.id)).toBe(true);
  });
});

describe('a failure after the stock is taken', () => {
  async function expectNothingSold(cartId: number, productId: number, before: { sales: number; moves: number }) {
    expect(await batchQuantities(t, productId)).toEqual([10]);
    expect(await saleCount(t, shop.businessId)).toBe(before.sales);
    expect((await saleMovements(t, shop.businessId)).length).toBe(before.moves);
    const lines = await t.db.select().from(sale_lines).where(eq(sale_lines.product_id, productId));
    expect(lines).toEqual([]);
    expect(await cartExists(shop, cartId)).toBe(true);
    expect(await ledgerMismatches(t, shop.businessId)).toEqual([]);
  }

  it('rolls everything back when writing the payment fails', async () => {
    // The payment is written after the stock, the sale and its lines: make exactly that step fail.
    await t.db.execute(sql`
      create function test_refuse_payment() returns trigger language plpgsql as $$
      begin raise exception 'payment refused by test'; end $$;
      create trigger test_refuse_payment before insert on payments
      for each row when (new.amount = 4321.00) execute function test_refuse_payment();`);
    try {
      const product = await createProduct(t, shop, { selling_price: '4321.00' });
      const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
      const before = {
        sales: await saleCount(t, shop.businessId),
        moves: (await saleMovements(t, shop.businessId)).length,
      };
      const answer = await confirm(t, shop, cart.id);
      expect(answer.status).toBe(500);
      await expectNothingSold(cart.id, product.id, before);
      const paymentRows = await t.db.select().from(payments).where(eq(payments.amount, '4321.00'));
      expect(paymentRows).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_payment on payments; drop function test_refuse_payment();`);
    }
  });

  it('rolls everything back when the cart turns out to be gone at the end', async () => {
    // As if another request had deleted the cart mid-way: the final delete finds nothing.
    await t.db.execute(sql`
      create function test_keep_cart() returns trigger language plpgsql as $$
      begin return null; end $$;
      create trigger test_keep_cart before delete on carts
      for each row when (old.title = 'Vanishing cart') execute function test_keep_cart();`);
    try {
      const product = await createProduct(t, shop);
      const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 4 }], { title: 'Vanishing cart' });
      const before = {
        sales: await saleCount(t, shop.businessId),
        moves: (await saleMovements(t, shop.businessId)).length,
      };
      const answer = await confirm(t, shop, cart.id);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Cart not found.');
      await expectNothingSold(cart.id, product.id, before);
    } finally {
      await t.db.execute(sql`drop trigger test_keep_cart on carts; drop function test_keep_cart();`);
    }
  });
});

describe('the Idempotency-Key', () => {
  it('answers a retry with the first sale, selling once', async () => {
    const product = await createProduct(t, shop);
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 2 }]);
    const key = `retry-${cart.id}-abcdef`;
    const first = await confirm(t, shop, cart.id, {}, { key });
    const second = await confirm(t, shop, cart.id, {}, { key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.data.sale).toEqual(first.data.sale);
    expect(await batchQuantities(t, product.id)).toEqual([8]);
  });

  it('sells once when the same confirmation arrives several times at once', async () => {
    const product = await createProduct(t, shop);
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 3 }]);
    const key = `burst-${cart.id}-abcdef`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(t, shop, cart.id, {}, { key })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.data.sale.id)).size).toBe(1);
    expect(await batchQuantities(t, product.id)).toEqual([7]);
    const rows = await t.db.select().from(sales).where(eq(sales.idempotency_key, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key already used for another cart, and a malformed key', async () => {
    const product = await createProduct(t, shop);
    const first = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const second = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const key = `shared-${first.id}-abcdef`;
    expect((await confirm(t, shop, first.id, {}, { key })).status).toBe(201);
    const reused = await confirm(t, shop, second.id, {}, { key });
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe('This Idempotency-Key was already used for another sale.');
    expect(await cartExists(shop, second.id)).toBe(true);
    const malformed = await confirm(t, shop, second.id, {}, { key: 'no' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe(
      'The Idempotency-Key header has 8 to 100 letters, digits, dashes or underscores.',
    );
  });

  it('keeps keys apart per business', async () => {
    const key = 'same-key-in-two-shops';
    const mine = await createProduct(t, shop);
    const theirs = await createProduct(t, other);
    const myCart = await createCart(t, shop, [{ product_id: mine.id, quantity: 1 }]);
    const theirCart = await createCart(t, other, [{ product_id: theirs.id, quantity: 1 }]);
    expect((await confirm(t, shop, myCart.id, {}, { key })).status).toBe(201);
    expect((await confirm(t, other, theirCart.id, {}, { key })).status).toBe(201);
  });

  it("keeps keys apart per seller: a salesperson sending the CEO's key makes their own sale", async () => {
    const product = await createProduct(t, shop);
    const seller = await memberLoggedIn(t, shop.businessId, 'sales_person');
    const ceoCart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const sellerCart = await createCart(t, seller, [{ product_id: product.id, quantity: 1 }]);
    const key = `ceo-key-${ceoCart.id}-abcdef`;
    const ceoSale = await confirm(t, shop, ceoCart.id, {}, { key });
    const sellerSale = await confirm(t, seller, sellerCart.id, {}, { key });
    expect([ceoSale.status, sellerSale.status]).toEqual([201, 201]);
    expect(sellerSale.data.sale.id).not.toBe(ceoSale.data.sale.id);
    expect(await cartExists(shop, sellerCart.id)).toBe(false);
    // The seller's retry answers the seller's sale.
    const retry = await confirm(t, seller, sellerCart.id, {}, { key });
    expect(retry.status).toBe(200);
    expect(retry.data.sale.id).toBe(sellerSale.data.sale.id);
  });

  it('is served under the spec prefix too', async () => {
    const product = await createProduct(t, shop);
    const customer = await addMember(t, shop.businessId, { role: 'customer' });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }], { customer_id: customer.id });
    const answer = await api.send(ENDPOINTS.sales.confirmSale, {
      prefix: '/dev/api/v1',
      token: shop.token,
      body: { cart_id: cart.id, business_id: shop.businessId, payment_status: 'not_paid', deposit_amount: '0' },
    });
    expect(answer.status).toBe(201);
    expect(answer.data.sale.customer_id).toBe(customer.id);
  });
});
