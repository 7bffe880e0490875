import { ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirm, createCart, createProduct, type Member, memberLoggedIn } from '../factories';
import { useShop } from '../shop';

const shop = useShop();
let customer: Member;

beforeAll(async () => {
  customer = await memberLoggedIn(shop.t, shop.ceo.businessId, 'customer');
});

const setPhone = (phone_number: string | null) =>
  shop.api.call(
    ENDPOINTS.team.updateBusinessUser,
    { business_id: shop.ceo.businessId, user_id: customer.user.id, phone_number },
    { token: shop.ceo.token },
  );

describe("a customer's phone number", () => {
  it('is set by the CEO in Nigerian format, kept as +234…, and refused when it is not a Nigerian number', async () => {
    const refused = await setPhone('+44 7700 900123');
    expect(refused.status).toBe(400);
    expect(refused.body.response_description).toBe(SALES_MESSAGES.invalidPhone);

    const saved = await setPhone('0803 123 4567');
    expect(saved.status).toBe(200);
    expect(saved.data.user.phone_number).toBe('+2348031234567');
  });

  it('shows in the cart’s customer picker, on the sale and on the debt, for shares that go straight to them', async () => {
    await setPhone('08031234567');
    const picker = await shop.api.call(
      ENDPOINTS.sales.listCustomers,
      { business_id: shop.ceo.businessId, search: customer.user.first_name },
      { token: shop.ceo.token },
    );
    expect(picker.data.results.find((row) => row.id === customer.user.id)?.phone_number).toBe('+2348031234567');

    const product = await createProduct(shop.t, shop.ceo, { selling_price: '100.00', batches: [{ quantity: 5 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }], {
      customer_id: customer.user.id,
    });
    const sale = await confirm(shop.t, shop.ceo, cart.id, { payment_status: 'not_paid' });
    expect(sale.data.sale.customer_phone).toBe('+2348031234567');
    const debts = await shop.api.call(
      ENDPOINTS.sales.listDebts,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(debts.data.results[0]).toMatchObject({ customer_id: customer.user.id, customer_phone: '+2348031234567' });

    // Cleared with a blank.
    expect((await setPhone('')).data.user.phone_number).toBeNull();
  });
});
