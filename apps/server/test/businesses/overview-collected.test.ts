import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The overview's Total Revenue counts every sale, paid or not; beside it, what those sales have been
 * paid so far, per currency, so that the owner is never shown credit as money in hand.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('GET /users/businesses/overview/ collected', () => {
  it('sums what the counted sales were paid, per currency, leaving out cancelled sales', async () => {
    const ceo = await signUpCeo(t);
    const rice = await createProduct(t, ceo, { selling_price: '1000.00', batches: [{ quantity: 50 }] });
    const oil = await createProduct(t, ceo, { selling_price: '25.00', cost_price: '18.00', currency: 'USD' });
    const sell = async (productId: number, quantity: number, body: Parameters<typeof confirm>[3]) => {
      const cart = await createCart(t, ceo, [{ product_id: productId, quantity }]);
      const sale = await confirm(t, ceo, cart.id, body);
      expect(sale.status).toBe(201);
      return sale.data.sale.id;
    };
    await sell(rice.id, 3, { payment_status: 'not_paid' }); // ₦3,000 owed
    const partial = await sell(rice.id, 2, { payment_status: 'partial', deposit_amount: '500.00' });
    await sell(oil.id, 2, { payment_status: 'paid' }); // $50 in hand
    // A later payment on the part-paid sale counts; a paid sale that is then cancelled counts nowhere.
    await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: ceo.businessId, sale_id: partial, amount: '250.50', method: 'cash' },
      { token: ceo.token },
    );
    const cancelled = await sell(rice.id, 4, { payment_status: 'paid' });
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id: cancelled, reason: 'Wrong customer' },
      { token: ceo.token },
    );
    expect(cancel.status).toBe(200);

    const overview = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    expect(overview.status).toBe(200);
    expect(overview.data.total_revenue).toEqual([
      { currency: 'NGN', amount: '5000.00' },
      { currency: 'USD', amount: '50.00' },
    ]);
    expect(overview.data.collected).toEqual([
      { currency: 'NGN', amount: '750.50' },
      { currency: 'USD', amount: '50.00' },
    ]);
  });
});
