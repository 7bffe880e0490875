import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE } from '@oja/contract';
import { asc } from 'drizzle-orm';
import { businesses, memberships, one_time_codes, rate_limits, sessions, users } from '../../src/db/schema';
import type { TestApp } from '../app';
import { type Answer, apiClient } from '../http';

export const PASSWORD = 'pass-word-123';

const unique = () => randomBytes(4).toString('hex');

/** A different client address per call site, so that tests in one file do not share an IP budget. */
let ipCounter = 0;
export const freshIp = () =>
  `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.${Math.floor(Math.random() * 250) + 1}`;

export function signUpBody(
  overrides: { email?: string; first_name?: string; last_name?: string; business?: string } = {},
) {
  const id = unique();
  return {
    first_name: overrides.first_name ?? 'Ada',
    last_name: overrides.last_name ?? 'Obi',
    email: overrides.email ?? `ada-${id}@example.com`,
    password: PASSWORD,
    business: {
      name: overrides.business ?? `Ada Stores ${id}`,
      business_email: `shop-${id}@example.com`,
      about: 'Food',
    },
  };
}

/** A CEO who signed up but has not entered their code yet. */
export async function registerInactive(t: TestApp, overrides: Parameters<typeof signUpBody>[0] = {}) {
  const body = signUpBody(overrides);
  const answer = await apiClient(t.app).post('/users/ceo-register/', { body, ip: freshIp() });
  if (answer.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(answer.body)}`);
  return { email: body.email, password: body.password, user: answer.data.user as { id: number; username: string } };
}

/** Every row the accounts module writes, to prove that a refused request left nothing behind. */
export async function accountTables(t: TestApp) {
  return {
    users: await t.db.select().from(users).orderBy(asc(users.id)),
    businesses: await t.db.select().from(businesses).orderBy(asc(businesses.id)),
    memberships: await t.db.select().from(memberships),
    sessions: await t.db.select().from(sessions),
    codes: await t.db.select().from(one_time_codes).orderBy(asc(one_time_codes.id)),
    rateLimits: await t.db.select().from(rate_limits),
  };
}

/** The Cookie header a browser would send back after this answer. */
export function cookieHeader(answer: Answer, extra: Record<string, string> = {}): string {
  const jar: Record<string, string> = {};
  for (const cookie of answer.cookies) jar[cookie.name] = cookie.value;
  Object.assign(jar, extra);
  return Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

export const csrfOf = (answer: Answer) => answer.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
