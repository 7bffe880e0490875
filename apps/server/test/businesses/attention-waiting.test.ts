import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { memberLoggedIn, type Owner, signUpCeo, TEST_PASSWORD } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  [shop, other] = await Promise.all([signUpCeo(t), signUpCeo(t)]);
});
afterAll(() => t.close());

let network = 0;
/** Someone joins by the shop's invite link, each from a network of their own (the join budget is per IP). */
async function join(slug: string, first_name: string) {
  network += 1;
  const answer = await api.call(
    ENDPOINTS.team.joinBusiness,
    { first_name, last_name: 'Okafor', password: TEST_PASSWORD, role: 'salesperson', business_slug: slug },
    { ip: `10.43.0.${network}` },
  );
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.data.user;
}

const waiting = async (owner: Owner) => {
  const overview = await api.call(
    ENDPOINTS.businesses.getOverview,
    { business_id: owner.businessId },
    {
      token: owner.token,
    },
  );
  expect(overview.status).toBe(200);
  return overview.data.attention.waiting_members.map((member) => member.username);
};

const change = (owner: Owner, userId: number, changes: { is_active?: boolean; role?: 'manager' }) =>
  api.call(
    ENDPOINTS.team.updateBusinessUser,
    { user_id: userId, business_id: owner.businessId, ...changes },
    { token: owner.token },
  );

describe("the owner's Needs attention lists who waits for activation", () => {
  it('until the CEO activates or turns them down; a change of role alone leaves them waiting', async () => {
    const ada = await join(shop.business.slug, 'Ada');
    const bayo = await join(shop.business.slug, 'Bayo');
    const stranger = await join(other.business.slug, 'Chike');
    expect(await waiting(shop)).toEqual([ada.username, bayo.username]);
    expect(await waiting(other)).toEqual([stranger.username]);

    expect((await change(shop, ada.id, { role: 'manager' })).status).toBe(200);
    expect(await waiting(shop)).toEqual([ada.username, bayo.username]);

    expect((await change(shop, ada.id, { is_active: true })).status).toBe(200);
    expect((await change(shop, bayo.id, { is_active: false })).status).toBe(200);
    expect(await waiting(shop)).toEqual([]);

    // Deactivated after working here: inactive, but waiting for nothing.
    expect((await change(shop, ada.id, { is_active: false })).status).toBe(200);
    expect(await waiting(shop)).toEqual([]);
  });

  it('is the CEO’s alone: an employee’s home has the stock and debts but nobody waiting', async () => {
    await join(shop.business.slug, 'Dayo');
    const manager = await memberLoggedIn(t, shop.businessId, 'manager');
    const figures = await api.call(
      ENDPOINTS.businesses.getEmployeeFigures,
      { business_id: shop.businessId },
      {
        token: manager.token,
      },
    );
    expect(figures.status).toBe(200);
    expect(figures.data.attention.waiting_members).toEqual([]);
    expect((await waiting(shop)).length).toBe(1);
  });
});
