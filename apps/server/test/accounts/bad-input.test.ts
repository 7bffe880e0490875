import { ENDPOINTS, type Endpoint } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { useShop } from '../shop';
import { accountTables } from './support';

const shop = useShop();

type Route = {
  entry: Endpoint;
  valid: () => Record<string, unknown>;
  /** A field and a value of the wrong type for it. */
  wrongType: [string, unknown];
  needsLogin?: boolean;
};

/** Every accounts route that takes a body, with a body it would accept. */
const ROUTES: Route[] = [
  {
    entry: ENDPOINTS.accounts.register,
    valid: () => ({
      first_name: 'Ada',
      last_name: 'Obi',
      email: `bad-input-${Date.now()}@example.com`,
      password: 'long-enough',
      business: { name: 'Shop', business_email: 'shop@example.com', about: 'Food' },
    }),
    wrongType: ['business', 'Shop'],
  },
  {
    entry: ENDPOINTS.accounts.activate,
    valid: () => ({ email: shop.ceo.email, code: '123456' }),
    wrongType: ['resend_code', 'yes'],
  },
  {
    entry: ENDPOINTS.accounts.login,
    valid: () => ({ email_or_username: shop.ceo.username, password: shop.ceo.password }),
    wrongType: ['password', 12345678],
  },
  { entry: ENDPOINTS.accounts.forgotPassword, valid: () => ({ email: shop.ceo.email }), wrongType: ['email', 42] },
  {
    entry: ENDPOINTS.accounts.resetPassword,
    valid: () => ({ email: shop.ceo.email, code: '123456', new_password: 'long-enough' }),
    wrongType: ['code', 123456],
  },
  {
    entry: ENDPOINTS.accounts.updateProfile,
    valid: () => ({ first_name: 'Changed', last_name: 'Changed', email: 'changed@example.com' }),
    wrongType: ['first_name', ['Changed']],
    needsLogin: true,
  },
  {
    entry: ENDPOINTS.accounts.changePassword,
    valid: () => ({
      previous_password: shop.ceo.password,
      new_password: 'changed-pass',
      confirm_password: 'changed-pass',
    }),
    wrongType: ['new_password', { value: 'changed-pass' }],
    needsLogin: true,
  },
  {
    entry: ENDPOINTS.accounts.refresh,
    valid: () => ({ refresh_token: shop.ceo.refreshToken }),
    wrongType: ['refresh_token', true],
  },
  {
    entry: ENDPOINTS.accounts.logout,
    valid: () => ({ refresh_token: shop.ceo.refreshToken }),
    wrongType: ['refresh_token', 7],
    needsLogin: true,
  },
];

const BAD_INPUTS = {
  'bad JSON': (route: Route) => ({ raw: `${JSON.stringify(route.valid()).slice(0, -1)},` }),
  'a wrong type': (route: Route) => ({ body: { ...route.valid(), [route.wrongType[0]]: route.wrongType[1] } }),
  'an unknown field': (route: Route) => ({ body: { ...route.valid(), is_superuser: true } }),
  'an oversized body': (route: Route) => ({
    raw: JSON.stringify({ ...route.valid(), padding: 'x'.repeat(1024 * 1024 + 1) }),
  }),
  'a body that is not JSON': (route: Route) => ({
    raw: new URLSearchParams(route.valid() as Record<string, string>).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
} as const;

const EXPECTED: Record<keyof typeof BAD_INPUTS, { status: number; code: string }> = {
  'bad JSON': { status: 400, code: 'bad_json' },
  'a wrong type': { status: 400, code: 'validation_error' },
  'an unknown field': { status: 400, code: 'validation_error' },
  'an oversized body': { status: 413, code: 'payload_too_large' },
  'a body that is not JSON': { status: 415, code: 'unsupported_media_type' },
};

describe('bad input to the accounts routes', () => {
  const cases = ROUTES.flatMap((route) =>
    Object.keys(BAD_INPUTS).map((kind) => [`${route.entry.method} ${route.entry.path}`, kind, route] as const),
  );

  it.each(cases)('%s refuses %s with a clear 4xx and writes nothing', async (_name, kind, route) => {
    const before = await accountTables(shop.t);
    const outbox = shop.t.mailer.outbox.length;
    const input = BAD_INPUTS[kind as keyof typeof BAD_INPUTS](route);
    const answer = await shop.api.send(route.entry, {
      ...input,
      token: route.needsLogin ? shop.ceo.token : undefined,
    });
    const expected = EXPECTED[kind as keyof typeof BAD_INPUTS];
    expect(answer.status).toBe(expected.status);
    expect(answer.body.code).toBe(expected.code);
    expect(answer.body.detail).toEqual(expect.any(String));
    expect(answer.body.response_description).toBe(answer.body.detail);
    if (kind === 'a wrong type') expect(Object.keys(answer.body.errors ?? {})).toContain(route.wrongType[0]);
    if (kind === 'an unknown field')
      expect(answer.body.errors).toEqual({ is_superuser: ['Unknown field: is_superuser.'] });
    expect(await accountTables(shop.t)).toEqual(before);
    expect(shop.t.mailer.outbox.length).toBe(outbox);
  });

  it('still works after all that: the valid bodies are accepted', async () => {
    expect((await shop.api.call(ENDPOINTS.accounts.profile, undefined, { token: shop.ceo.token })).status).toBe(200);
    const login = await shop.api.send(ENDPOINTS.accounts.login, { body: ROUTES[2]?.valid() });
    expect(login.status).toBe(200);
  });
});
