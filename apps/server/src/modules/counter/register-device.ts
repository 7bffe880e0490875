import type { Device, registerDeviceBodySchema } from '@oja/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { counter_devices } from '../../db/schema';
import { PG, pgConstraint, pgErrorCode } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

export type RegisterDeviceInput = z.output<typeof registerDeviceBodySchema>;

/** A prefix's letters: the member's initials, read as capitals A-Z and digits (Adébáyọ̀ → A). */
function initialsOf(user: { first_name: string; last_name: string }): string {
  const letter = (name: string) =>
    name
      .normalize('NFD')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 1);
  // A name with no such letter (all in another script) still gets a prefix: X stands in for it.
  return `${letter(user.first_name) || 'X'}${letter(user.last_name) || 'X'}`;
}

/** The first prefix not taken in the business: the initials, then the initials with 2, 3, ... (6 characters at most). */
function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let disambiguator = 2; `${base}${disambiguator}`.length <= 6; disambiguator++) {
    const candidate = `${base}${disambiguator}`;
    if (!taken.has(candidate)) return candidate;
  }
  throw new Error('No receipt prefix is free for these initials.');
}

const ATTEMPTS = 5;

/**
 * Gives a phone its receipt prefix, once: the same device_id always answers the same prefix and the highest
 * sequence recorded from it, so a phone that lost its store (or the answer) numbers on from there. The prefix is
 * unique in the business (its unique index): two phones registering at once with the same initials both try
 * the first free one, the index refuses the second, which tries the next.
 */
export async function registerDevice(ctx: BusinessContext, input: RegisterDeviceInput): Promise<Device> {
  const { businessId } = ctx;
  const base = initialsOf(ctx.actor.user);
  for (let attempt = 1; ; attempt++) {
    const [known] = await ctx.db
      .update(counter_devices)
      .set({ last_seen_at: sql`now()`, user_id: ctx.actor.userId })
      .where(and(eq(counter_devices.business_id, businessId), eq(counter_devices.device_id, input.device_id)))
      .returning();
    if (known) return { device_id: known.device_id, prefix: known.prefix, last_sequence: known.last_sequence };

    const taken = await ctx.db
      .select({ prefix: counter_devices.prefix })
      .from(counter_devices)
      .where(and(eq(counter_devices.business_id, businessId), like(counter_devices.prefix, `${base}%`)));
    try {
      const [made] = await ctx.db
        .insert(counter_devices)
        .values({
          business_id: businessId,
          device_id: input.device_id,
          prefix: firstFree(base, new Set(taken.map((row) => row.prefix))),
          label: input.label || `${ctx.actor.user.first_name}'s phone`,
          user_id: ctx.actor.userId,
        })
        .onConflictDoNothing({ target: [counter_devices.business_id, counter_devices.device_id] })
        .returning();
      if (made) return { device_id: made.device_id, prefix: made.prefix, last_sequence: made.last_sequence };
      // The same device registered by a twin request meanwhile: the next round reads it.
    } catch (error) {
      const prefixTaken =
        pgErrorCode(error) === PG.uniqueViolation && pgConstraint(error) === 'counter_devices_prefix_key';
      if (!prefixTaken || attempt >= ATTEMPTS) throw error;
    }
    if (attempt >= ATTEMPTS) throw new Error('The device could not be registered.');
  }
}
