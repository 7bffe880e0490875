import type { DeviceStatus } from '@oja/contract';
import { desc, eq } from 'drizzle-orm';
import { counter_devices } from '../../db/schema';
import type { BusinessContext } from '../../platform/tenancy';
import { userName } from './counter-rows';

/** Every phone that sells for the business, last heard from first, with what its outbox still holds. */
export async function listDevices(ctx: BusinessContext): Promise<DeviceStatus[]> {
  const rows = await ctx.db
    .select({
      device: counter_devices,
      user_name: userName(counter_devices.user_id),
    })
    .from(counter_devices)
    .where(eq(counter_devices.business_id, ctx.businessId))
    .orderBy(desc(counter_devices.last_seen_at), desc(counter_devices.device_id));
  return rows.map(({ device, user_name }) => ({
    device_id: device.device_id,
    prefix: device.prefix,
    label: device.label,
    user_id: device.user_id ?? 0,
    user_name: user_name ?? '',
    last_seen_at: device.last_seen_at.toISOString(),
    pending_count: device.pending_count,
    oldest_pending_at: device.oldest_pending_at?.toISOString() ?? null,
    needs_attention_count: device.needs_attention_count,
  }));
}
