import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createProduct, memberLoggedIn, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('a customer never sees cost_price', () => {
  it('is left out of the product list and the stock check for a customer, kept for staff', async () => {
    const shop = await signUpCeo(t);
    const product = await createProduct(t, shop, { cost_price: '70.00', selling_price: '100.00' });
    const customer = await memberLoggedIn(t, shop.business.id, 'customer');
    const rep = await memberLoggedIn(t, shop.business.id, 'sales_rep');
    const query = { business_id: shop.business.id };

    const listed = await api.call(ENDPOINTS.stock.listProducts, query, { token: customer.token });
    expect(listed.status).toBe(200);
    expect(listed.data.results).toHaveLength(1);
    expect(listed.data.results[0]).not.toHaveProperty('cost_price');
    expect(JSON.stringify(listed.body)).not.toContain('70.00');
    const checked = await api.call(
      ENDPOINTS.stock.getProduct,
      { ...query, product_id: product.id },
      { token: customer.token },
    );
    expect(checked.status).toBe(200);
    expect(checked.data).not.toHaveProperty('cost_price');
    expect(checked.data.selling_price).toBe('100.00');

    for (const staff of [shop, rep]) {
      const seen = await api.call(ENDPOINTS.stock.getProduct, { ...query, product_id: product.id }, staff);
      expect(seen.data.cost_price).toBe('70.00');
    }
  });
});
