import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { freshIp, productBody, signUpBody } from '../factories';
import type { Answer } from '../http';
import { useShop } from '../shop';

const shop = useShop();

const NUL = 'Ada\u0000Obi';
const refusedAsText = (answer: Answer) => {
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.body)).toContain(MESSAGES.validation.invalidText);
};

describe('control characters in text answer 400 "invalid text", never 500', () => {
  it('in a login name and a sign-up', async () => {
    refusedAsText(
      await shop.api.send(ENDPOINTS.accounts.login, {
        body: { email_or_username: NUL, password: 'whatever-123' },
        ip: freshIp(),
      }),
    );
    refusedAsText(await shop.api.send(ENDPOINTS.accounts.register, { body: { ...signUpBody(), first_name: NUL } }));
  });

  it('in searches (query strings)', async () => {
    const as = { token: shop.ceo.token };
    refusedAsText(
      await shop.api.send(ENDPOINTS.stock.listProducts, {
        ...as,
        query: { business_id: shop.ceo.business.id, search: NUL },
      }),
    );
    refusedAsText(
      await shop.api.send(ENDPOINTS.sales.listCarts, {
        ...as,
        query: { business_id: shop.ceo.business.id, search: NUL },
      }),
    );
    refusedAsText(
      await shop.api.send(ENDPOINTS.team.listBusinessUsers, {
        ...as,
        query: { business_id: shop.ceo.business.id, search: NUL },
      }),
    );
  });

  it('in a product name, a business name and the profile', async () => {
    const as = { token: shop.ceo.token };
    refusedAsText(
      await shop.api.send(ENDPOINTS.stock.createProduct, {
        ...as,
        body: { ...productBody(shop.ceo.business.id), product_name: `Rice${'\u0000'}` },
      }),
    );
    refusedAsText(await shop.api.send(ENDPOINTS.businesses.createBusiness, { ...as, body: { name: NUL } }));
    refusedAsText(
      await shop.api.send(ENDPOINTS.businesses.updateBusiness, {
        ...as,
        body: { id: shop.ceo.business.id, name: NUL, about: 'x' },
      }),
    );
    refusedAsText(
      await shop.api.send(ENDPOINTS.accounts.updateProfile, {
        ...as,
        body: { first_name: NUL, last_name: 'Obi', email: shop.ceo.email },
      }),
    );
    // Other control characters too; a multi-line text keeps its lines.
    refusedAsText(
      await shop.api.send(ENDPOINTS.accounts.updateProfile, {
        ...as,
        body: { first_name: 'Ada\u0007', last_name: 'Obi', email: shop.ceo.email },
      }),
    );
    const lines = await shop.api.call(
      ENDPOINTS.businesses.updateBusiness,
      { id: shop.ceo.business.id, about: 'Rice\nBeans\tOil' },
      as,
    );
    expect(lines.status).toBe(200);
  });

  it('bidirectional overrides and isolates, which make a name read backwards, in names and in multi-line text', async () => {
    const as = { token: shop.ceo.token };
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      refusedAsText(
        await shop.api.send(ENDPOINTS.accounts.updateProfile, {
          ...as,
          body: { first_name: `Ada${mark}nimda`, last_name: 'Obi' },
        }),
      );
    }
    refusedAsText(
      await shop.api.send(ENDPOINTS.stock.createProduct, {
        ...as,
        body: { ...productBody(shop.ceo.business.id), product_name: 'Rice \u202Egnp.exe' },
      }),
    );
    refusedAsText(await shop.api.send(ENDPOINTS.businesses.createBusiness, { ...as, body: { name: '\u2067Shop' } }));
    refusedAsText(
      await shop.api.send(ENDPOINTS.businesses.updateBusiness, {
        ...as,
        body: { id: shop.ceo.business.id, about: 'Rice\n\u202EsnaeB' },
      }),
    );
    // A right-to-left name written plainly (no override) stays welcome.
    const arabic = await shop.api.send(ENDPOINTS.accounts.updateProfile, {
      ...as,
      body: { first_name: '\u0639\u0644\u064a', last_name: 'Obi' },
    });
    expect(arabic.status).toBe(200);
  });
});
