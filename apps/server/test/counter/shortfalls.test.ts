import { COUNTER_MESSAGES, ENDPOINTS } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import {
  counterSaleBody,
  createProduct,
  memberLoggedIn,
  type Owner,
  registerDevice,
  sellAtCounter,
  signUpCeo,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop();

/** A clerk's sale of 5 of a product whose batch holds 2, at ₦90 where it lists at ₦100. */
async function shortSale(owner: Owner) {
  const clerk = await memberLoggedIn(shop.t, owner.businessId, 'sales_person');
  const product = await createProduct(shop.t, owner, { product_name: 'Peak milk tin', batches: [{ quantity: 2 }] });
  const device = await registerDevice(shop.t, clerk);
  const body = counterSaleBody(clerk, device, [{ product_id: product.id, quantity: 5, unit_price: '90.00' }]);
  const answer = await sellAtCounter(shop.t, clerk, body);
  expect(answer.status).toBe(201);
  return {
    clerk,
    product,
    sale: answer.data.sale,
    shortfall: answer.data.shortfalls[0],
    flag: answer.data.price_flags[0],
  };
}

describe('shortfalls and price flags', () => {
  it('are listed open with the product, the sale and the clerk, settled once with a note, then listed as settled', async () => {
    const { clerk, product, sale, shortfall, flag } = await shortSale(shop.ceo);
    expect(shortfall).toMatchObject({
      sale_id: sale.id,
      receipt_number: sale.receipt_number,
      product_id: product.id,
      product_name: 'Peak milk tin',
      quantity: 3,
      sold_by: clerk.user.id,
      sold_by_name: `${clerk.user.first_name} ${clerk.user.last_name}`,
      settled_at: null,
    });
    const open = await shop.api.call(
      ENDPOINTS.counter.listShortfalls,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(open.data.results).toEqual([shortfall]);

    const tooShort = await shop.api.call(
      ENDPOINTS.counter.settleShortfall,
      { business_id: shop.ceo.businessId, id: shortfall?.id ?? 0, note: 'ok' } as never,
      { token: shop.ceo.token },
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.detail).toBe(COUNTER_MESSAGES.shortfallNoteRequired);

    const note = 'Counted the shelf: 3 more were in the store room';
    const settled = await shop.api.call(
      ENDPOINTS.counter.settleShortfall,
      { business_id: shop.ceo.businessId, id: shortfall?.id ?? 0, note },
      { token: shop.ceo.token },
    );
    expect(settled.status).toBe(200);
    expect(settled.data.shortfall).toMatchObject({
      id: shortfall?.id,
      settle_note: note,
      settled_by_name: `${shop.ceo.user.first_name} ${shop.ceo.user.last_name}`,
      settled_at: expect.any(String),
    });
    const twice = await shop.api.call(
      ENDPOINTS.counter.settleShortfall,
      { business_id: shop.ceo.businessId, id: shortfall?.id ?? 0, note: 'Again' },
      { token: shop.ceo.token },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(COUNTER_MESSAGES.alreadySettled);
    const nowOpen = await shop.api.call(
      ENDPOINTS.counter.listShortfalls,
      { business_id: shop.ceo.businessId },
      {
        token: shop.ceo.token,
      },
    );
    expect(nowOpen.data.results).toEqual([]);
    const all = await shop.api.call(
      ENDPOINTS.counter.listShortfalls,
      { business_id: shop.ceo.businessId, include_settled: 'true' },
      { token: shop.ceo.token },
    );
    expect(all.data.results).toEqual([settled.data.shortfall]);

    // The price flag, the same way.
    const flags = await shop.api.call(
      ENDPOINTS.counter.listPriceFlags,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(flags.data.results).toEqual([flag]);
    const settledFlag = await shop.api.call(
      ENDPOINTS.counter.settlePriceFlag,
      { business_id: shop.ceo.businessId, id: flag?.id ?? 0, note: 'Agreed price for a regular' },
      { token: shop.ceo.token },
    );
    expect(settledFlag.status).toBe(200);
    expect(settledFlag.data.flag.settled_at).not.toBeNull();
    const flagTwice = await shop.api.call(
      ENDPOINTS.counter.settlePriceFlag,
      { business_id: shop.ceo.businessId, id: flag?.id ?? 0, note: 'Agreed price' },
      { token: shop.ceo.token },
    );
    expect(flagTwice.status).toBe(409);
  });

  it("look missing to another business, whose owner names them with their own business's id", async () => {
    const { shortfall, flag } = await shortSale(shop.ceo);
    const neighbour = await signUpCeo(shop.t);
    const theirs = await shop.api.call(
      ENDPOINTS.counter.settleShortfall,
      { business_id: neighbour.businessId, id: shortfall?.id ?? 0, note: 'Not ours to settle' },
      { token: neighbour.token },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe(COUNTER_MESSAGES.shortfallNotFound);
    const theirFlag = await shop.api.call(
      ENDPOINTS.counter.settlePriceFlag,
      { business_id: neighbour.businessId, id: flag?.id ?? 0, note: 'Not ours to settle' },
      { token: neighbour.token },
    );
    expect(theirFlag.status).toBe(404);
    const list = await shop.api.call(
      ENDPOINTS.counter.listShortfalls,
      { business_id: neighbour.businessId },
      {
        token: neighbour.token,
      },
    );
    expect(list.data.results).toEqual([]);
    const stillOpen = await shop.api.call(
      ENDPOINTS.counter.listShortfalls,
      { business_id: shop.ceo.businessId },
      {
        token: shop.ceo.token,
      },
    );
    expect(stillOpen.data.results.map((row) => row.id)).toContain(shortfall?.id);
  });

  it('show in Needs attention for the owner and the manager, with the phones that have not sent for an hour', async () => {
    const owner = await signUpCeo(shop.t);
    const { sale, shortfall, flag, clerk } = await shortSale(owner);
    const manager = await memberLoggedIn(shop.t, owner.businessId, 'manager');
    const [late, recent] = await Promise.all([registerDevice(shop.t, clerk), registerDevice(shop.t, clerk)]);
    for (const [device, minutes] of [
      [late, 90],
      [recent, 10],
    ] as const) {
      const answer = await shop.api.call(
        ENDPOINTS.counter.reportDeviceStatus,
        {
          business_id: owner.businessId,
          device_id: device.device_id,
          pending_count: 4,
          oldest_pending_at: new Date(Date.now() - minutes * 60_000).toISOString(),
          needs_attention_count: 0,
        },
        { token: clerk.token },
      );
      expect(answer.status).toBe(200);
    }
    const overview = await shop.api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: owner.businessId },
      {
        token: owner.token,
      },
    );
    const { attention } = overview.data;
    expect(attention.shortfalls).toEqual([shortfall]);
    expect(attention.shortfalls[0]).toMatchObject({
      sale_id: sale.id,
      product_name: 'Peak milk tin',
      sold_by: clerk.user.id,
    });
    expect(attention.price_flags).toEqual([flag]);
    expect(attention.unsynced_devices.map((device) => [device.device_id, device.pending_count])).toEqual([
      [late.device_id, 4],
    ]);

    const figures = (caller: { token: string }) =>
      shop.api.call(
        ENDPOINTS.businesses.getEmployeeFigures,
        { business_id: owner.businessId },
        { token: caller.token },
      );
    const [byManager, byClerk] = await Promise.all([figures(manager), figures(clerk)]);
    expect(byManager.data.attention.shortfalls).toEqual([shortfall]);
    expect(byManager.data.attention.unsynced_devices).toHaveLength(1);
    // A clerk's home does not review the counter (counter.review): the lists are empty for them.
    expect(byClerk.data.attention.shortfalls).toEqual([]);
    expect(byClerk.data.attention.price_flags).toEqual([]);

    // Settled, it leaves Needs attention.
    await shop.api.call(
      ENDPOINTS.counter.settleShortfall,
      { business_id: owner.businessId, id: shortfall?.id ?? 0, note: 'Delivery note found' },
      { token: owner.token },
    );
    const after = await shop.api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: owner.businessId },
      {
        token: owner.token,
      },
    );
    expect(after.data.attention.shortfalls).toEqual([]);
  });
});
