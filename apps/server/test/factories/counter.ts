import { randomUUID } from 'node:crypto';
import { type CounterSaleBody, counterTotals, type Device, ENDPOINTS } from '@oja/contract';
import type { TestApp } from '../app';
import { apiClient, type CallOptions } from '../http';
import type { Caller } from './people';

/** A phone registered to sell for the caller's business (a new device id unless given). */
export async function registerDevice(t: TestApp, by: Caller, deviceId: string = randomUUID()): Promise<Device> {
  const answer = await apiClient(t.app).call(
    ENDPOINTS.counter.registerDevice,
    { business_id: by.businessId, device_id: deviceId },
    { token: by.token },
  );
  if (answer.status !== 200) throw new Error(`The device was not registered: ${JSON.stringify(answer.body)}`);
  return answer.data.device;
}

/** Each device's next receipt sequence, as the phone keeps it. */
const sequences = new Map<string, number>();
function nextReceipt(device: Device): string {
  const next = Math.max(sequences.get(device.device_id) ?? 0, device.last_sequence) + 1;
  sequences.set(device.device_id, next);
  return `${device.prefix}-${String(next).padStart(4, '0')}`;
}

/** A counter sale made now on the device, paid in cash in full unless the spec says otherwise. */
export function counterSaleBody(
  by: Caller,
  device: Device,
  lines: CounterSaleBody['lines'],
  spec: Partial<Omit<CounterSaleBody, 'business_id' | 'device_id' | 'lines'>> = {},
): CounterSaleBody {
  return {
    business_id: by.businessId,
    client_sale_id: randomUUID(),
    device_id: device.device_id,
    receipt_number: nextReceipt(device),
    sold_at: new Date().toISOString(),
    catalogue_version: null,
    customer: null,
    payments: spec.payments ?? [{ method: 'cash', amount: counterTotals(lines, []).total }],
    ...spec,
    lines,
  };
}

export function sellAtCounter(t: TestApp, by: Caller, body: CounterSaleBody, options: CallOptions = {}) {
  return apiClient(t.app).call(ENDPOINTS.counter.recordCounterSale, body, { token: by.token, ...options });
}
