import { ENDPOINTS } from '@oja/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirm, createCart, createProduct, lagosDay, type Member, memberLoggedIn } from '../factories';
import { useShop } from '../shop';

/**
 * Creating a cart and confirming a sale answer from the rows they have just read and written, without
 * reading them back (fewer round trips on the path every sale takes). The rule: what
 * they answer is exactly what reading the cart or the sale afterwards answers.
 */

const shop = useShop();
let customer: Member;

beforeAll(async () => {
  customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
  const phone = await shop.api.call(
    ENDPOINTS.team.updateBusinessUser,
    { business_id: shop.ceo.businessId, user_id: customer.user.id, phone_number: '0803 123 4567' },
    { token: shop.ceo.token },
  );
  expect(phone.status).toBe(200);
});

async function products() {
  const milk = await createProduct(shop.t, shop.ceo, {
    product_name: 'Peak Milk',
    selling_price: '250.00',
    selling_price_discount_percentage: '10',
    wholesale_price: '230.00',
    cost_price: '180.00',
    batches: [
      { quantity: 4, expiration_date: lagosDay(30), batch_number: 'LATER' },
      { quantity: 2, expiration_date: lagosDay(3), batch_number: 'SOON' },
      { quantity: 10, expiration_date: null, batch_number: 'NONE' },
    ],
  });
  const rice = await createProduct(shop.t, shop.ceo, {
    product_name: 'Rice 5kg',
    selling_price: '9500.00',
    cost_price: '8000.00',
  });
  return { milk, rice };
}

async function cartAsListed(cartId: number) {
  const listed = await shop.api.call(
    ENDPOINTS.sales.listCarts,
    { business_id: shop.ceo.businessId, id: cartId },
    { token: shop.ceo.token },
  );
  expect(listed.status).toBe(200);
  return listed.data.results.find((cart: { id: number }) => cart.id === cartId);
}

describe('answers made from the rows just written', () => {
  it('a new cart answers exactly what the cart list then shows of it', async () => {
    const { milk, rice } = await products();
    const soon = milk.batches.find((batch) => batch.batch_number === 'SOON');
    const cart = await createCart(
      shop.t,
      shop.ceo,
      [
        { product_id: rice.id, quantity: 2 },
        { product_id: milk.id, quantity: 3, pricing_strategy: 'wholesale', apply_discount: false },
        { product_id: milk.id, quantity: 1, product_batch_id: soon!.id },
        { product_id: rice.id, quantity: 1 },
      ],
      { customer_id: customer.user.id, title: 'Tuesday order' },
    );
    expect(cart.items).toHaveLength(3);
    expect(cart.customer_name).toBe(`${customer.user.first_name} ${customer.user.last_name}`);
    expect(cart).toEqual(await cartAsListed(cart.id));

    const empty = await createCart(shop.t, shop.ceo, []);
    expect(empty).toEqual(await cartAsListed(empty.id));
  });

  it.each([
    ['paid', {}],
    ['partial', { deposit_amount: '500.00' }],
    ['not_paid', {}],
  ] as const)('a sale confirmed %s answers exactly what GET then shows of it', async (status, body) => {
    const { milk, rice } = await products();
    const cart = await createCart(
      shop.t,
      shop.ceo,
      [
        { product_id: milk.id, quantity: 7 },
        { product_id: rice.id, quantity: 1 },
      ],
      { customer_id: customer.user.id },
    );
    const answer = await confirm(shop.t, shop.ceo, cart.id, {
      payment_status: status,
      payment_method: 'bank_transfer',
      ...body,
    });
    expect(answer.status).toBe(201);
    const sale = answer.data.sale;
    // Taken from three batches of milk, soonest expiry first: the answer shows the lines as written.
    expect(sale.lines.map((line) => line.batch_number)).toEqual(['SOON', 'LATER', 'NONE', expect.any(String)]);
    expect(sale.customer_phone).toBe('+2348031234567');
    expect(sale.payments).toHaveLength(status === 'not_paid' ? 0 : 1);

    const read = await shop.api.call(
      ENDPOINTS.sales.getSale,
      { business_id: shop.ceo.businessId, id: sale.id },
      { token: shop.ceo.token },
    );
    expect(read.status).toBe(200);
    expect(sale).toEqual(read.data.sale);
  });
});
