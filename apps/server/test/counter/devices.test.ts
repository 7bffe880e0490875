import { randomUUID } from 'node:crypto';
import { COUNTER_MESSAGES, ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  counterSaleBody,
  createProduct,
  logIn,
  memberLoggedIn,
  type Owner,
  registerDevice,
  sellAtCounter,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  shop = await signUpCeo(t);
});
afterAll(() => t.close());

describe('a phone that sells', () => {
  it('gets the same prefix for the same device id, and a prefix of its own otherwise, even all at once', async () => {
    const user = await addMember(t, shop.businessId, { role: 'sales_person', first_name: 'Tunde', last_name: 'Bello' });
    const tunde = { ...(await logIn(t, user.username)), businessId: shop.businessId };
    const deviceIds = Array.from({ length: 6 }, () => randomUUID());
    const devices = await Promise.all(deviceIds.map((id) => registerDevice(t, tunde, id)));
    const prefixes = devices.map((device) => device.prefix);
    expect(new Set(prefixes).size).toBe(6);
    expect(prefixes.sort()).toEqual(['TB', 'TB2', 'TB3', 'TB4', 'TB5', 'TB6']);
    expect(devices.every((device) => device.last_sequence === 0)).toBe(true);
    // Asked again (the answer was lost, the phone reinstalled): the same prefix, twice at once too.
    const again = await Promise.all([registerDevice(t, tunde, deviceIds[0]), registerDevice(t, tunde, deviceIds[0])]);
    expect(again).toEqual([devices[0], devices[0]]);
    // Another shop's prefixes are its own: the same initials start again there.
    const elsewhere = await signUpCeo(t);
    const [theirs] = await Promise.all([registerDevice(t, elsewhere, deviceIds[0])]);
    expect(theirs?.prefix).toMatch(/^[A-Z0-9]{2,6}$/);
  });

  it("reports its outbox, which the owner and the manager see with the clerk's name; others may not look", async () => {
    const clerk = await memberLoggedIn(t, shop.businessId, 'sales_person');
    const manager = await memberLoggedIn(t, shop.businessId, 'manager');
    const device = await registerDevice(t, clerk);
    const oldest = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const report = await api.call(
      ENDPOINTS.counter.reportDeviceStatus,
      {
        business_id: shop.businessId,
        device_id: device.device_id,
        pending_count: 7,
        oldest_pending_at: oldest,
        needs_attention_count: 1,
      },
      { token: clerk.token },
    );
    expect(report.status).toBe(200);
    for (const reader of [shop, manager]) {
      const list = await api.call(
        ENDPOINTS.counter.listDevices,
        { business_id: shop.businessId },
        {
          token: reader.token,
        },
      );
      expect(list.data.results).toContainEqual({
        device_id: device.device_id,
        prefix: device.prefix,
        label: expect.any(String),
        user_id: clerk.user.id,
        user_name: `${clerk.user.first_name} ${clerk.user.last_name}`,
        last_seen_at: expect.any(String),
        pending_count: 7,
        oldest_pending_at: oldest,
        needs_attention_count: 1,
      });
    }
    const byClerk = await api.call(
      ENDPOINTS.counter.listDevices,
      { business_id: shop.businessId },
      {
        token: clerk.token,
      },
    );
    expect(byClerk.status).toBe(403);
  });

  it('cannot report for a phone this business never registered', async () => {
    const elsewhere = await signUpCeo(t);
    const theirs = await registerDevice(t, elsewhere);
    for (const deviceId of [randomUUID(), theirs.device_id]) {
      const answer = await api.call(
        ENDPOINTS.counter.reportDeviceStatus,
        {
          business_id: shop.businessId,
          device_id: deviceId,
          pending_count: 0,
          oldest_pending_at: null,
          needs_attention_count: 0,
        },
        { token: shop.token },
      );
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe(COUNTER_MESSAGES.deviceUnknown);
    }
  });

  it('answers the highest sequence recorded from it, whatever order its sales arrived in', async () => {
    const product = await createProduct(t, shop, { batches: [{ quantity: 10 }] });
    const device = await registerDevice(t, shop);
    const line = [{ product_id: product.id, quantity: 1, unit_price: '100.00' }];
    for (const sequence of [3, 7, 5]) {
      const answer = await sellAtCounter(
        t,
        shop,
        counterSaleBody(shop, device, line, { receipt_number: `${device.prefix}-${sequence}` }),
      );
      expect(answer.status).toBe(201);
    }
    expect((await registerDevice(t, shop, device.device_id)).last_sequence).toBe(7);
  });
});
