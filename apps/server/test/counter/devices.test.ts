import { randomUUID } from 'node:crypto';
import { COUNTER_MESSAGES, ENDPOINTS } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  counterSaleBody,
  createProduct,
  logIn,
  memberLoggedIn,
  registerDevice,
  sellAtCounter,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop();

describe('a phone that sells', () => {
  it('gets the same prefix for the same device id, and a prefix of its own otherwise, even all at once', async () => {
    const user = await addMember(shop.t, shop.ceo.businessId, {
      role: 'sales_person',
      first_name: 'Tunde',
      last_name: 'Bello',
    });
    const tunde = { ...(await logIn(shop.t, user.username)), businessId: shop.ceo.businessId };
    const deviceIds = Array.from({ length: 6 }, () => randomUUID());
    const devices = await Promise.all(deviceIds.map((id) => registerDevice(shop.t, tunde, id)));
    const prefixes = devices.map((device) => device.prefix);
    expect(new Set(prefixes).size).toBe(6);
    expect(prefixes.sort()).toEqual(['TB', 'TB2', 'TB3', 'TB4', 'TB5', 'TB6']);
    expect(devices.every((device) => device.last_sequence === 0)).toBe(true);
    // Asked again (the answer was lost, the phone reinstalled): the same prefix, twice at once too.
    const again = await Promise.all([
      registerDevice(shop.t, tunde, deviceIds[0]),
      registerDevice(shop.t, tunde, deviceIds[0]),
    ]);
    expect(again).toEqual([devices[0], devices[0]]);
    // Another shop's prefixes are its own: the same initials start again there.
    const elsewhere = await signUpCeo(shop.t);
    const [theirs] = await Promise.all([registerDevice(shop.t, elsewhere, deviceIds[0])]);
    expect(theirs?.prefix).toMatch(/^[A-Z0-9]{2,6}$/);
  });

  it("reports its outbox, which the owner and the manager see with the clerk's name; others may not look", async () => {
    const clerk = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');
    const manager = await memberLoggedIn(shop.t, shop.ceo.businessId, 'manager');
    const device = await registerDevice(shop.t, clerk);
    const oldest = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const report = await shop.api.call(
      ENDPOINTS.counter.reportDeviceStatus,
      {
        business_id: shop.ceo.businessId,
        device_id: device.device_id,
        pending_count: 7,
        oldest_pending_at: oldest,
        needs_attention_count: 1,
      },
      { token: clerk.token },
    );
    expect(report.status).toBe(200);
    for (const reader of [shop.ceo, manager]) {
      const list = await shop.api.call(
        ENDPOINTS.counter.listDevices,
        { business_id: shop.ceo.businessId },
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
    const byClerk = await shop.api.call(
      ENDPOINTS.counter.listDevices,
      { business_id: shop.ceo.businessId },
      {
        token: clerk.token,
      },
    );
    expect(byClerk.status).toBe(403);
  });

  it('cannot report for a phone this business never registered', async () => {
    const elsewhere = await signUpCeo(shop.t);
    const theirs = await registerDevice(shop.t, elsewhere);
    for (const deviceId of [randomUUID(), theirs.device_id]) {
      const answer = await shop.api.call(
        ENDPOINTS.counter.reportDeviceStatus,
        {
          business_id: shop.ceo.businessId,
          device_id: deviceId,
          pending_count: 0,
          oldest_pending_at: null,
          needs_attention_count: 0,
        },
        { token: shop.ceo.token },
      );
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe(COUNTER_MESSAGES.deviceUnknown);
    }
  });

  it('answers the highest sequence recorded from it, whatever order its sales arrived in', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 10 }] });
    const device = await registerDevice(shop.t, shop.ceo);
    const line = [{ product_id: product.id, quantity: 1, unit_price: '100.00' }];
    for (const sequence of [3, 7, 5]) {
      const answer = await sellAtCounter(
        shop.t,
        shop.ceo,
        counterSaleBody(shop.ceo, device, line, { receipt_number: `${device.prefix}-${sequence}` }),
      );
      expect(answer.status).toBe(201);
    }
    expect((await registerDevice(shop.t, shop.ceo, device.device_id)).last_sequence).toBe(7);
  });
});
