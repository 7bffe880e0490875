import { CSRF_COOKIE } from '@oja/contract';
import { asc } from 'drizzle-orm';
import { businesses, memberships, one_time_codes, rate_limits, sessions, users } from '../../src/db/schema';
import type { TestApp } from '../app';
import type { Answer } from '../http';

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
