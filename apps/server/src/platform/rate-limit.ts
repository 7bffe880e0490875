import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rate_limits } from '../db/schema';
import { tooManyRequests } from './errors';

export type RateLimit = { name: string; max: number; windowSeconds: number };

/**
 * Failure budgets. They limit the attacker, not the owner: the tight budgets count per
 * account and IP pair, so guesses from elsewhere never lock the owner out where they are;
 * the wide ones (per account across IPs, per IP across accounts) do not apply to an
 * account logging in from an IP it has logged in from before (a shop's staff share one IP).
 */
export const LIMITS = {
  loginPerPair: { name: 'login:pair', max: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { name: 'login:account', max: 50, windowSeconds: 60 * 60 },
  loginPerIp: { name: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  /** Demo logins (/test-customer-login): each opens a session, so each counts. */
  demoLoginPerIp: { name: 'demo-login:ip', max: 30, windowSeconds: 15 * 60 },
  /** Sign-ups per address (a taken one included), so the sign-up form is no free address checker. */
  registerPerAddress: { name: 'register:address', max: 5, windowSeconds: 60 * 60 },
  /** Wrong current passwords inside a session (change password, change email): apart from login. */
  currentPasswordPerAccount: { name: 'current-password:account', max: 10, windowSeconds: 15 * 60 },
  codePerAccount: { name: 'code:account', max: 10, windowSeconds: 15 * 60 },
  codePerPair: { name: 'code:pair', max: 10, windowSeconds: 15 * 60 },
  codePerIp: { name: 'code:ip', max: 50, windowSeconds: 15 * 60 },
  /** Every request that sends mail counts, so nobody can flood an inbox. */
  mailPerAccount: { name: 'mail:account', max: 5, windowSeconds: 60 * 60 },
  /** Past its hourly five, an address still gets one mail every ten minutes: its owner's reset never closes. */
  mailSlowLane: { name: 'mail:slow', max: 1, windowSeconds: 10 * 60 },
  mailPerIp: { name: 'mail:ip', max: 30, windowSeconds: 60 * 60 },
  /** Every invite sign-up counts: it creates an account, so nobody can fill a business with junk members. */
  joinPerIp: { name: 'join:ip', max: 60, windowSeconds: 60 * 60 },
  /** Invite links that name no business: a person mistypes a few, a script guessing shop names many. */
  slugLookupPerIp: { name: 'slug-lookup:ip', max: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimit>;

export type LimitKey = { limit: RateLimit; id: string };

const keyOf = ({ limit, id }: LimitKey) => `${limit.name}:${id.toLowerCase()}`;

/** Refuses with 429 when any key has used up its budget in its current window. */
export async function assertWithinLimits(db: Queryable, keys: LimitKey[]): Promise<void> {
  const retryAfter = await retryAfterOf(db, keys);
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/** Seconds until every key is within its budget again; 0 when they all are now. */
export async function retryAfterOf(db: Queryable, keys: LimitKey[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select({
      key: rate_limits.key,
      failures: rate_limits.failures,
      age: sql<number>`extract(epoch from now() - ${rate_limits.window_started_at})::float8`,
    })
    .from(rate_limits)
    .where(inArray(rate_limits.key, keys.map(keyOf)));
  let retryAfter = 0;
  for (const key of keys) {
    const row = rows.find((candidate) => candidate.key === keyOf(key));
    if (row && row.age < key.limit.windowSeconds && row.failures >= key.limit.max) {
      retryAfter = Math.max(retryAfter, key.limit.windowSeconds - row.age);
    }
  }
  return retryAfter;
}

/** Counts one failure against each key; a key whose window has passed starts a new one. */
export async function recordFailure(db: Queryable, keys: LimitKey[]): Promise<void> {
  for (const key of keys) {
    const window = sql`make_interval(secs => ${key.limit.windowSeconds})`;
    await db
      .insert(rate_limits)
      .values({ key: keyOf(key), window_started_at: sql`now()`, failures: 1 })
      .onConflictDoUpdate({
        target: rate_limits.key,
        set: {
          failures: sql`case when ${rate_limits.window_started_at} <= now() - ${window} then 1 else ${rate_limits.failures} + 1 end`,
          window_started_at: sql`case when ${rate_limits.window_started_at} <= now() - ${window} then now() else ${rate_limits.window_started_at} end`,
        },
      });
  }
}

/** A success forgives the account's earlier failures (not the IP's). */
export async function clearFailures(db: Queryable, keys: LimitKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rate_limits).where(inArray(rate_limits.key, keys.map(keyOf)));
}
