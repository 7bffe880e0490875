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

  it('bidirectional overrides and isolates, which make a name read backwards, in names and in multi-line text', async () => {
    const as = { token: shop.token };
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      refusedAsText(
        await api.send(ENDPOINTS.accounts.updateProfile, {
          ...as,
          body: { first_name: `Ada${mark}nimda`, last_name: 'Obi' },
        }),
      );
    }
    refusedAsText(
      await api.send(ENDPOINTS.stock.createProduct, {
        ...as,
        body: { ...productBody(shop.business.id), product_name: 'Rice \u202Egnp.exe' },
      }),
    );
    refusedAsText(await api.send(ENDPOINTS.businesses.createBusiness, { ...as, body: { name: '\u2067Shop' } }));
    refusedAsText(
      await api.send(ENDPOINTS.businesses.updateBusiness, {
        ...as,
        body: { id: shop.business.id, about: 'Rice\n\u202EsnaeB' },
      }),
    );
    // A right-to-left name written plainly (no override) stays welcome.
    const arabic = await api.send(ENDPOINTS.accounts.updateProfile, {
      ...as,
      body: { first_name: '\u0639\u0644\u064a', last_name: 'Obi' },
    });
    expect(arabic.status).toBe(200);
  });
});
