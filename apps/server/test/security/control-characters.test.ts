import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { freshIp, type Owner, productBody, signUpBody, signUpCeo } from '../factories';
import { type Answer, type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  shop = await signUpCeo(t);
});
afterAll(() => t.close());

const NUL = 'Ada\u0000Obi';
const refusedAsText = (answer: Answer) => {
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.body)).toContain(MESSAGES.validation.invalidText);
};

describe('control characters in text answer 400 "invalid text", never 500', () => {
  it('in a login name and a sign-up', async () => {
    refusedAsText(
      await api.send(ENDPOINTS.accounts.login, {
        body: { email_or_username: NUL, password: 'whatever-123' },
        ip: freshIp(),
      }),
    );
    refusedAsText(await api.send(ENDPOINTS.accounts.register, { body: { ...signUpBody(), first_name: NUL } }));
  });

  it('in searches (query strings)', async () => {
    const as = { token: shop.token };
    refusedAsText(
      await api.send(ENDPOINTS.stock.listProducts, { ...as, query: { business_id: shop.business.id, search: NUL } }),
    );
    refusedAsText(
      await api.send(ENDPOINTS.sales.listCarts, { ...as, query: { business_id: shop.business.id, search: NUL } }),
    );
    refusedAsText(
      await api.send(ENDPOINTS.team.listBusinessUsers, {
        ...as,
        query: { business_id: shop.business.id, search: NUL },
      }),
    );
  });

  it('in a product name, a business name and the profile', async () => {
    const as = { token: shop.token };
    refusedAsText(
      await api.send(ENDPOINTS.stock.createProduct, {
        ...as,
        body: { ...productBody(shop.business.id), product_name: `Rice${'\u0000'}` },
      }),
    );
    refusedAsText(await api.send(ENDPOINTS.businesses.createBusiness, { ...as, body: { name: NUL } }));
    refusedAsText(
      await api.send(ENDPOINTS.businesses.updateBusiness, {
        ...as,
        body: { id: shop.business.id, name: NUL, about: 'x' },
      }),
    );
    refusedAsText(
      await api.send(ENDPOINTS.accounts.updateProfile, {
        ...as,
        body: { first_name: NUL, last_name: 'Obi', email: shop.email },
      }),
    );
    // Other control characters too; a multi-line text keeps its lines.
    refusedAsText(
      await api.send(ENDPOINTS.accounts.updateProfile, {
        ...as,
        body: { first_name: 'Ada\u0007', last_name: 'Obi', email: shop.email },
      }),
    );
    const lines = await api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: shop.business.id, about: 'Rice\nBeans\tOil' },
      as,
    );
    expect(lines.status).toBe(200);
  });
});
