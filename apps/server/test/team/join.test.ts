import { ENDPOINTS, type JoinBusinessBody } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../src/db/schema';
import { LIMITS } from '../../src/platform/rate-limit';
import { createTestApp, type TestApp } from '../app';
import { logIn, signUpCeo, TEST_PASSWORD } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const joinBody = (slug: string, role: string, overrides: Partial<JoinBusinessBody> = {}): JoinBusinessBody => ({
  first_name: 'Emeka',
  last_name: 'Okafor',
  password: TEST_PASSWORD,
  role,
  business_slug: slug,
  ...overrides,
});
const join = (slug: string, role: string, overrides: Partial<JoinBusinessBody> = {}) =>
  api.call(ENDPOINTS.team.joinBusiness, joinBody(slug, role, overrides));

describe('POST /users/sales-person-register/', () => {
  it('creates an inactive member with a generated username, who can log in once the CEO activates them', async () => {
    const ceo = await signUpCeo(t);
    const answer = await join(ceo.business.slug, 'salesperson');
    expect(answer.status).toBe(201);
    const user = answer.data.user;
    expect(user).toMatchObject({
      first_name: 'Emeka',
      last_name: 'Okafor',
      email: null,
      role: 'sales_person',
      is_active: false,
      business: { id: ceo.business.id, slug: ceo.business.slug },
    });
    expect(user.username).toMatch(/^emeka\.okafor\d*$/);

    const refused = await api.call(ENDPOINTS.accounts.login, {
      email_or_username: user.username,
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('membership_pending');
    expect(refused.body.detail).toBe('Your account is waiting for the business owner to activate it.');

    const activated = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: user.id, business_id: ceo.business.id, is_active: true },
      { token: ceo.token },
    );
    expect(activated.status).toBe(200);
    expect(activated.body.response_description).toBe('User activated ✅');

    const person = await logIn(t, user.username);
    expect(person.user).toMatchObject({ role: 'sales_person', is_active: true });
    expect(person.user.business?.slug).toBe(ceo.business.slug);
  });

  it('gives two people of the same name different usernames', async () => {
    const ceo = await signUpCeo(t);
    const first = await join(ceo.business.slug, 'salesperson', { first_name: 'Ifeoma', last_name: 'Nwosu' });
    const second = await join(ceo.business.slug, 'customer', { first_name: 'Ifeoma', last_name: 'Nwosu' });
    expect(first.data.user.username).not.toBe(second.data.user.username);
  });

  it('maps the invite role and never grants ceo', async () => {
    const ceo = await signUpCeo(t);
    const asCustomer = await join(ceo.business.slug, 'customer');
    expect(asCustomer.data.user.role).toBe('customer');
    // The invite page sends the role it already mapped from the link's "salesperson".
    const asMapped = await join(ceo.business.slug, 'sales_person');
    expect(asMapped.data.user.role).toBe('sales_person');
    for (const role of ['ceo', 'manager', 'whatever']) {
      const answer = await join(ceo.business.slug, role);
      expect(answer.status).toBe(201);
      expect(answer.data.user.role).toBe('user');
      const [membership] = await t.db.select().from(memberships).where(eq(memberships.user_id, answer.data.user.id));
      expect(membership).toMatchObject({ role: 'user', is_active: false });
    }
  });

  it('answers 404 with a clear message for an unknown business, creating nobody', async () => {
    const before = (await t.db.select().from(users)).length;
    const answer = await join('no-such-shop', 'salesperson');
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe(
      'No business uses the link "no-such-shop". Ask the business owner for a new invite link.',
    );
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('validates the fields', async () => {
    const ceo = await signUpCeo(t);
    const answer = await join(ceo.business.slug, 'salesperson', { first_name: '', password: 'short' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      first_name: ['This field is required.'],
      password: ['Password must be at least 8 characters.'],
    });
    const extra = await api.send(ENDPOINTS.team.joinBusiness, {
      body: { ...joinBody(ceo.business.slug, 'salesperson'), is_active: true },
    });
    expect(extra.status).toBe(400);
  });

  it('limits sign-ups per IP address', async () => {
    const from = (ip: string) =>
      api.call(
        ENDPOINTS.team.joinBusiness,
        {
          first_name: 'Spam',
          last_name: 'Bot',
          password: TEST_PASSWORD,
          role: 'customer',
          business_slug: 'no-such-shop',
        },
        { ip },
      );
    for (let attempt = 1; attempt <= LIMITS.joinPerIp.max; attempt++)
      expect((await from('198.51.100.7')).status).toBe(404);
    const limited = await from('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await from('198.51.100.8')).status).toBe(404);
  });
});
