import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rate_limits } from '../db/schema';
import { tooManyRequests } from './errors';

export type RateLimit = { name: string; max: number; windowSeconds: number };

/**
 * Failure budgets. Per account they stop guessing one person's password or code;
 * per IP they stop sweeping many accounts, and are wider because a shop's staff
 * share one IP address.
 */
export const LIMITS = {
  loginPerAccount: { name: 'login:account', max: 10, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  codePerAccount: { name: 'code:account', max: 10, windowSeconds: 15 * 60 },
  codePerIp: { name: 'code:ip', max: 50, windowSeconds: 15 * 60 },
  /** Every request that sends mail counts, so nobody can flood an inbox. */
  mailPerAccount: { name: 'mail:account', max: 5, windowSeconds: 60 * 60 },
  mailPerIp: { name: 'mail:ip', max: 30, windowSeconds: 60 * 60 },
  /** Every invite sign-up counts: it creates an account, so nobody can fill a business with junk members. */
  joinPerIp: { name: 'join:ip', max: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export type LimitKey = { limit: RateLimit; id: string };

const keyOf = ({ limit, id }: LimitKey) => `${limit.name}:${id.toLowerCase()}`;

/** Refuses with 429 when any key has used up its budget in its current window. */
export async function assertWithinLimits(db: Queryable, keys: LimitKey[]): Promise<void> {
  if (keys.length === 0) return;
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
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
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
