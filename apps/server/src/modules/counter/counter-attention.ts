import { type Attention, COUNTER_STALE_PENDING_MINUTES } from '@oja/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { counter_devices } from '../../db/schema';
import { openPriceFlags, openShortfalls, priceFlagsWhere, shortfallsWhere, userName } from './counter-rows';

type CounterAttention = Pick<Attention, 'shortfalls' | 'price_flags' | 'unsynced_devices'>;

/** A phone whose oldest unsent sale has waited past the limit (written in the text: a constant, not a value). */
export const staleDevice = sql`${counter_devices.oldest_pending_at} < now() - make_interval(mins => ${sql.raw(
  String(COUNTER_STALE_PENDING_MINUTES),
)})`;

export const NO_COUNTER_ATTENTION: CounterAttention = { shortfalls: [], price_flags: [], unsynced_devices: [] };

/**
 * What the counter leaves for the owner to look at (ADR 0013): open shortfalls and price flags, oldest first,
 * and the phones whose oldest unsent sale has waited past the limit, longest first. At most `rows` of each.
 */
export async function counterAttention(db: Queryable, businessId: number, rows: number): Promise<CounterAttention> {
  const [shortfalls, flags, devices] = await Promise.all([
    shortfallsWhere(db, businessId, openShortfalls, rows),
    priceFlagsWhere(db, businessId, openPriceFlags, rows),
    db
      .select({
        device: counter_devices,
        user_name: userName(counter_devices.user_id),
      })
      .from(counter_devices)
      .where(and(eq(counter_devices.business_id, businessId), staleDevice))
      .orderBy(asc(counter_devices.oldest_pending_at))
      .limit(rows),
  ]);
  return {
    shortfalls,
    price_flags: flags,
    unsynced_devices: devices.map(({ device, user_name }) => ({
      device_id: device.device_id,
      prefix: device.prefix,
      label: device.label,
      user_id: device.user_id ?? 0,
      user_name: user_name ?? '',
      last_seen_at: device.last_seen_at.toISOString(),
      pending_count: device.pending_count,
      oldest_pending_at: device.oldest_pending_at?.toISOString() ?? null,
      needs_attention_count: device.needs_attention_count,
    })),
  };
}
