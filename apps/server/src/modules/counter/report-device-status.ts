import { COUNTER_MESSAGES, type deviceStatusBodySchema } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { counter_devices } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { BusinessContext } from '../../platform/tenancy';

export type DeviceStatusInput = z.output<typeof deviceStatusBodySchema>;

/** Keeps what a phone reports of its outbox, and when it was last heard from: the owner's view of what waits. */
export async function reportDeviceStatus(ctx: BusinessContext, input: DeviceStatusInput): Promise<void> {
  const [device] = await ctx.db
    .update(counter_devices)
    .set({
      pending_count: input.pending_count,
      oldest_pending_at: input.oldest_pending_at ? new Date(input.oldest_pending_at) : null,
      needs_attention_count: input.needs_attention_count,
      last_seen_at: sql`now()`,
      user_id: ctx.actor.userId,
    })
    .where(and(eq(counter_devices.business_id, ctx.businessId), eq(counter_devices.device_id, input.device_id)))
    .returning({ device_id: counter_devices.device_id });
  if (!device) throw notFound(COUNTER_MESSAGES.deviceUnknown);
}
