import { ENDPOINTS, MONEY_MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  shop = await signUpCeo(t);
});
afterAll(() => t.close());

/** An amount with more digits than numeric(14,2) holds is told so, not that it is badly written. */
describe('amounts past the money range', () => {
  it('refuses a deposit too large to store with its reason', async () => {
    const product = await createProduct(t, shop, { selling_price: '1000.00', batches: [{ quantity: 5 }] });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 1 }]);
    const answer = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '9999999999999.00' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.deposit_amount).toEqual([MONEY_MESSAGES.tooLarge]);
    // A badly written one keeps its own message.
    const badly = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '12,5' });
    expect(badly.body.errors?.deposit_amount).toEqual([SALES_MESSAGES.invalidAmount]);
  });

  it('refuses a payment too large to store with its reason', async () => {
    const product = await createProduct(t, shop, { selling_price: '1000.00', batches: [{ quantity: 5 }] });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 2 }]);
    const sold = await confirm(t, shop, cart.id, { payment_status: 'partial', deposit_amount: '500.00' });
    expect(sold.status).toBe(201);
    const answer = await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: shop.businessId, sale_id: sold.data.sale.id, amount: '9999999999999.00', method: 'cash' },
      { token: shop.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.amount).toEqual([MONEY_MESSAGES.tooLarge]);
  });
});
