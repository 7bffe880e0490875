import { ENDPOINTS } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carts, payments, product_batches, sale_lines, sales } from '../../src/db/schema';
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
import { useShop } from '../shop';

const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

async function cartExists(s: Owner, cartId: number): Promise<boolean> {
  const rows = await shop.t.db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.business_id, s.businessId), eq(carts.id, cartId)));
  return rows.length === 1;
}

describe('confirming a cart into a sale', () => {
  it('takes the stock soonest expiry first, snapshots each batch as a line, pays, and deletes the cart', async () => {
    const milk = await createProduct(shop.t, shop.ceo, {
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
    await shop.t.db.update(product_batches).set({ cost_price: '170.00' }).where(eq(product_batches.id, later!.id));
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: milk.id, quantity: 6 }], {
      customer_name: 'Mama Tobi',
    });
    const answer = await confirm(shop.t, shop.ceo, cart.id, { created_by: 999_999, payment_method: 'pos_card' });
    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe('Sale created 🎉');
    const sale = answer.data.sale;
    expect(sale).toMatchObject({
      cart_id: cart.id,
      payment_status: 'paid',
      customer_name: 'Mama Tobi',
      created_by: shop.ceo.user.id,
      created_by_name: 'Ada Obi',
      total_cart_amount: '1350.00',
      amount_paid: '1350.00',
      deposit_amount: '0.00',
      balance: '0.00',
      items: [{ product: { id: milk.id, product_name: 'Peak Milk' }, quantity: 6 }],
    });
    expect(
      sale.lines.map((line) => [
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
    expect(sale.payments).toMatchObject([{ amount: '1350.00', method: 'pos_card', recorded_by: shop.ceo.user.id }]);
    expect(await batchQuantities(shop.t, milk.id)).toEqual([9, 0, 0, 50]);
    const movements = (await saleMovements(shop.t, shop.ceo.businessId)).filter((m) => m.sale_id === sale.id);
    expect(movements.map((m) => m.delta).sort()).toEqual([-1, -2, -3]);
    expect(movements.every((m) => m.user_id === shop.ceo.user.id)).toBe(true);
    expect(await cartExists(shop.ceo, cart.id)).toBe(false);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('keeps the sale as sold when the product changes later', async () => {
    const product = await createProduct(shop.t, shop.ceo, { product_name: 'Old name', selling_price: '100.00' });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const sale = (await confirm(shop.t, shop.ceo, cart.id)).data.sale;
    await shop.t.db.execute(
      sql`update products set product_name = 'New name', selling_price = 999 where id = ${product.id}`,
    );
    const again = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: shop.ceo.businessId, id: sale.id },
      { token: shop.ceo.token },
    );
    expect(again.data.sale.lines[0]).toMatchObject({ product_name: 'Old name', unit_price: '100.00' });
    expect(again.data.sale.total_cart_amount).toBe('100.00');
  });

  it('records a partial sale with its deposit as the first payment', async () => {
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '1000.00' });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);
    const answer = await confirm(shop.t, shop.ceo, cart.id, {
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
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '300.00' });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const answer = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'not_paid', deposit_amount: '100.00' });
    expect(answer.status).toBe(201);
    expect(answer.data.sale).toMatchObject({ payment_status: 'not_paid', amount_paid: '0.00', deposit_amount: '0.00' });
    expect(answer.data.sale.payments).toEqual([]);
  });

  it('refuses a partial payment without a deposit above 0 and below the total', async () => {
    const product = await createProduct(shop.t, shop.ceo, { selling_price: '1000.00' });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    for (const deposit of [undefined, null, '0', '0.00']) {
      const answer = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'partial', deposit_amount: deposit });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('Deposit amount is required for partial payment');
      expect(answer.body.errors).toEqual({ deposit_amount: ['Deposit amount is required for partial payment'] });
    }
    for (const deposit of ['1000.00', '1500']) {
      const answer = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'partial', deposit_amount: deposit });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({
        deposit_amount: ['For a partial payment the deposit must be less than the total.'],
      });
    }
    const badAmount = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'partial', deposit_amount: '12.345' });
    expect(badAmount.status).toBe(400);
    expect(await cartExists(shop.ceo, cart.id)).toBe(true);
  });

  it('refuses an empty cart, a cart with a deleted product, and a missing cart', async () => {
    const empty = await createCart(shop.t, shop.ceo, []);
    const emptyAnswer = await confirm(shop.t, shop.ceo, empty.id);
    expect(emptyAnswer.status).toBe(400);
    expect(emptyAnswer.body.detail).toBe('Add at least one item to the cart before confirming the sale.');
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    await shop.t.db.execute(sql`update products set archived_at = now() where id = ${product.id}`);
    const archived = await confirm(shop.t, shop.ceo, cart.id);
    expect(archived.status).toBe(400);
    expect(archived.body.detail).toBe('A product in this cart is no longer sold. Remove it from the cart.');
    const missing = await confirm(shop.t, shop.ceo, 987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Cart not found.');
  });
});

describe('who may confirm', () => {
  it('lets the CEO and a sales person confirm; refuses manager, sales rep and customer with the spec message', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 100 }] });
    for (const role of ['manager', 'sales_rep', 'customer'] as const) {
      const person = await memberLoggedIn(shop.t, shop.ceo.businessId, role);
      const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
      const answer = await confirm(shop.t, person, cart.id);
      expect(answer.status).toBe(403);
      expect(answer.body.detail).toBe('Only employees or CEOs can confirm sales.');
      expect(await cartExists(shop.ceo, cart.id)).toBe(true);
    }
    const seller = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const answer = await confirm(shop.t, seller, cart.id);
    expect(answer.status).toBe(201);
    expect(answer.data.sale.created_by).toBe(seller.user.id);
  });

  it('answers 404 for another business, its cart, or a cart id sent to the wrong business', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const intoForeignBusiness = await confirm(shop.t, { token: other.token, businessId: shop.ceo.businessId }, cart.id);
    expect(intoForeignBusiness.status).toBe(404);
    expect(intoForeignBusiness.body.detail).toBe('Business not found');
    const wrongBusiness = await shop.api.call(
      ENDPOINTS.sales.confirmSale,
      { cart_id: cart.id, business_id: other.businessId, payment_status: 'paid' },
      { token: other.token },
    );
    expect(wrongBusiness.status).toBe(404);
    expect(wrongBusiness.body.detail).toBe('Cart not found.');
    expect(await cartExists(shop.ceo, cart.id)).toBe(true);
  });
});

describe('insufficient stock', () => {
  it('refuses the whole sale and changes nothing when any line asks for more than the stock', async () => {
    const plenty = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 20 }] });
    const scarce = await createProduct(shop.t, shop.ceo, {
      batches: [{ quantity: 2 }, { quantity: 9, expiration_date: lagosDay(-3) }],
    });
    // A cart asks for no more than the stock when it is written; the stock then runs short before confirming.
    const cart = await createCart(shop.t, shop.ceo, [
      { product_id: plenty.id, quantity: 5 },
      { product_id: scarce.id, quantity: 2 },
    ]);
    const rival = await createCart(shop.t, shop.ceo, [{ product_id: scarce.id, quantity: 1 }]);
    expect((await confirm(shop.t, shop.ceo, rival.id)).status).toBe(201);
    const salesBefore = await saleCount(shop.t, shop.ceo.businessId);
    const movementsBefore = (await saleMovements(shop.t, shop.ceo.businessId)).length;
    const answer = await confirm(shop.t, shop.ceo, cart.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'insufficient_stock',
      detail: 'Insufficient stock for one or more items.',
    });
    expect(await batchQuantities(shop.t, plenty.id)).toEqual([20]);
    expect(await batchQuantities(shop.t, scarce.id)).toEqual([1, 9]);
    expect(await saleCount(shop.t, shop.ceo.businessId)).toBe(salesBefore);
    expect((await saleMovements(shop.t, shop.ceo.businessId)).length).toBe(movementsBefore);
    expect(await cartExists(shop.ceo, cart.id)).toBe(true);
  });
});

describe('a failure after the stock is taken', () => {
  async function expectNothingSold(cartId: number, productId: number, before: { sales: number; moves: number }) {
    expect(await batchQuantities(shop.t, productId)).toEqual([10]);
    expect(await saleCount(shop.t, shop.ceo.businessId)).toBe(before.sales);
    expect((await saleMovements(shop.t, shop.ceo.businessId)).length).toBe(before.moves);
    const lines = await shop.t.db.select().from(sale_lines).where(eq(sale_lines.product_id, productId));
    expect(lines).toEqual([]);
    expect(await cartExists(shop.ceo, cartId)).toBe(true);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  }

  it('rolls everything back when writing the payment fails', async () => {
    // The payment is written after the stock, the sale and its lines: make exactly that step fail.
    await shop.t.db.execute(sql`
      create function test_refuse_payment() returns trigger language plpgsql as $$
      begin raise exception 'payment refused by test'; end $$;
      create trigger test_refuse_payment before insert on payments
      for each row when (new.amount = 4321.00) execute function test_refuse_payment();`);
    try {
      const product = await createProduct(shop.t, shop.ceo, { selling_price: '4321.00' });
      const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
      const before = {
        sales: await saleCount(shop.t, shop.ceo.businessId),
        moves: (await saleMovements(shop.t, shop.ceo.businessId)).length,
      };
      const answer = await confirm(shop.t, shop.ceo, cart.id);
      expect(answer.status).toBe(500);
      await expectNothingSold(cart.id, product.id, before);
      const paymentRows = await shop.t.db.select().from(payments).where(eq(payments.amount, '4321.00'));
      expect(paymentRows).toEqual([]);
    } finally {
      await shop.t.db.execute(sql`drop trigger test_refuse_payment on payments; drop function test_refuse_payment();`);
    }
  });

  it('rolls everything back when the cart turns out to be gone at the end', async () => {
    // As if another request had deleted the cart mid-way: the final delete finds nothing.
    await shop.t.db.execute(sql`
      create function test_keep_cart() returns trigger language plpgsql as $$
      begin return null; end $$;
      create trigger test_keep_cart before delete on carts
      for each row when (old.title = 'Vanishing cart') execute function test_keep_cart();`);
    try {
      const product = await createProduct(shop.t, shop.ceo);
      const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 4 }], {
        title: 'Vanishing cart',
      });
      const before = {
        sales: await saleCount(shop.t, shop.ceo.businessId),
        moves: (await saleMovements(shop.t, shop.ceo.businessId)).length,
      };
      const answer = await confirm(shop.t, shop.ceo, cart.id);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Cart not found.');
      await expectNothingSold(cart.id, product.id, before);
    } finally {
      await shop.t.db.execute(sql`drop trigger test_keep_cart on carts; drop function test_keep_cart();`);
    }
  });
});

describe('the Idempotency-Key', () => {
  it('answers a retry with the first sale, selling once', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);
    const key = `retry-${cart.id}-abcdef`;
    const first = await confirm(shop.t, shop.ceo, cart.id, {}, { key });
    const second = await confirm(shop.t, shop.ceo, cart.id, {}, { key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.data.sale).toEqual(first.data.sale);
    expect(await batchQuantities(shop.t, product.id)).toEqual([8]);
  });

  it('sells once when the same confirmation arrives several times at once', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 3 }]);
    const key = `burst-${cart.id}-abcdef`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(shop.t, shop.ceo, cart.id, {}, { key })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.data.sale.id)).size).toBe(1);
    expect(await batchQuantities(shop.t, product.id)).toEqual([7]);
    const rows = await shop.t.db.select().from(sales).where(eq(sales.idempotency_key, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key already used for another cart, and a malformed key', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const first = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const second = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const key = `shared-${first.id}-abcdef`;
    expect((await confirm(shop.t, shop.ceo, first.id, {}, { key })).status).toBe(201);
    const reused = await confirm(shop.t, shop.ceo, second.id, {}, { key });
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe('This Idempotency-Key was already used for another sale.');
    expect(await cartExists(shop.ceo, second.id)).toBe(true);
    const malformed = await confirm(shop.t, shop.ceo, second.id, {}, { key: 'no' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe(
      'The Idempotency-Key header has 8 to 100 letters, digits, dashes or underscores.',
    );
  });

  it('keeps keys apart per business', async () => {
    const key = 'same-key-in-two-shops';
    const mine = await createProduct(shop.t, shop.ceo);
    const theirs = await createProduct(shop.t, other);
    const myCart = await createCart(shop.t, shop.ceo, [{ product_id: mine.id, quantity: 1 }]);
    const theirCart = await createCart(shop.t, other, [{ product_id: theirs.id, quantity: 1 }]);
    expect((await confirm(shop.t, shop.ceo, myCart.id, {}, { key })).status).toBe(201);
    expect((await confirm(shop.t, other, theirCart.id, {}, { key })).status).toBe(201);
  });

  it("keeps keys apart per seller: a salesperson sending the CEO's key makes their own sale", async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const seller = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const ceoCart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }]);
    const sellerCart = await createCart(shop.t, seller, [{ product_id: product.id, quantity: 1 }]);
    const key = `ceo-key-${ceoCart.id}-abcdef`;
    const ceoSale = await confirm(shop.t, shop.ceo, ceoCart.id, {}, { key });
    const sellerSale = await confirm(shop.t, seller, sellerCart.id, {}, { key });
    expect([ceoSale.status, sellerSale.status]).toEqual([201, 201]);
    expect(sellerSale.data.sale.id).not.toBe(ceoSale.data.sale.id);
    expect(await cartExists(shop.ceo, sellerCart.id)).toBe(false);
    // The seller's retry answers the seller's sale.
    const retry = await confirm(shop.t, seller, sellerCart.id, {}, { key });
    expect(retry.status).toBe(200);
    expect(retry.data.sale.id).toBe(sellerSale.data.sale.id);
  });

  it('is served under the spec prefix too', async () => {
    const product = await createProduct(shop.t, shop.ceo);
    const customer = await addMember(shop.t, shop.ceo.businessId, { role: 'customer' });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 1 }], {
      customer_id: customer.id,
    });
    const answer = await shop.api.send(ENDPOINTS.sales.confirmSale, {
      prefix: '/dev/api/v1',
      token: shop.ceo.token,
      body: { cart_id: cart.id, business_id: shop.ceo.businessId, payment_status: 'not_paid', deposit_amount: '0' },
    });
    expect(answer.status).toBe(201);
    expect(answer.data.sale.customer_id).toBe(customer.id);
  });
});
