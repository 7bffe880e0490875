import { BUSINESS_MESSAGES, ENDPOINTS, MESSAGES, TEAM_MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, memberships } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { addMember, logIn, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

/** The owner, and a member the owner promoted to CEO, logged in. */
async function ownerAndCoCeo() {
  const owner = await signUpCeo(t);
  const member = await addMember(t, owner.business.id, { role: 'manager' });
  const promoted = await api.call(
    ENDPOINTS.team.updateBusinessUser,
    { user_id: member.id, business_id: owner.business.id, role: 'ceo' },
    { token: owner.token },
  );
  expect(promoted.status).toBe(200);
  const coCeo = await logIn(t, member.username);
  return { owner, coCeo: { ...coCeo, id: member.id } };
}

describe('one owner per business', () => {
  it('a co-CEO cannot delete the business: 403 with a clear message, and the business stays', async () => {
    const { owner, coCeo } = await ownerAndCoCeo();
    const attempt = await api.call(
      ENDPOINTS.businesses.deleteBusiness,
      { id: owner.business.id },
      { token: coCeo.token },
    );
    expect(attempt.status).toBe(403);
    expect(attempt.body.detail).toBe(BUSINESS_MESSAGES.onlyOwnerDeletes);
    const [still] = await t.db.select().from(businesses).where(eq(businesses.id, owner.business.id));
    expect(still).toBeDefined();
  });

  it('the owner demotes, deactivates and removes a co-CEO', async () => {
    const { owner, coCeo } = await ownerAndCoCeo();
    const demote = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: coCeo.id, business_id: owner.business.id, role: 'manager' },
      { token: owner.token },
    );
    expect(demote.status).toBe(200);
    expect(demote.data.user.role).toBe('manager');

    const again = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: coCeo.id, business_id: owner.business.id, role: 'ceo' },
      { token: owner.token },
    );
    expect(again.status).toBe(200);
    const deactivate = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: coCeo.id, business_id: owner.business.id, is_active: false },
      { token: owner.token },
    );
    expect(deactivate.status).toBe(200);
    const afterDeactivation = await api.call(ENDPOINTS.accounts.profile, undefined, { token: coCeo.token });
    expect(afterDeactivation.status).toBe(401);

    const remove = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { business_id: owner.business.id, user_ids: [coCeo.id] },
      { token: owner.token },
    );
    expect(remove.status).toBe(200);
    const rows = await t.db.select().from(memberships).where(eq(memberships.user_id, coCeo.id));
    expect(rows).toHaveLength(0);
  });

  it('a co-CEO cannot touch the owner, another CEO, or crown anyone; non-CEO members are theirs to manage', async () => {
    const { owner, coCeo } = await ownerAndCoCeo();
    const other = await addMember(t, owner.business.id, { role: 'ceo' });
    const staff = await addMember(t, owner.business.id, { role: 'sales_rep' });
    const as = { token: coCeo.token };
    const business_id = owner.business.id;

    const demoteOwner = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: owner.user.id, business_id, role: 'manager' },
      as,
    );
    expect(demoteOwner.status).toBe(403);
    expect(demoteOwner.body.detail).toBe(TEAM_MESSAGES.ownerUntouchable);
    const removeOwner = await api.call(
      ENDPOINTS.team.deleteBusinessUsers,
      { business_id, user_ids: [owner.user.id] },
      as,
    );
    expect(removeOwner.status).toBe(403);
    const deactivateOwner = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: owner.user.id, business_id, is_active: false },
      as,
    );
    expect(deactivateOwner.status).toBe(403);

    const demoteOther = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: other.id, business_id, role: 'manager' },
      as,
    );
    expect(demoteOther.status).toBe(403);
    expect(demoteOther.body.detail).toBe(MESSAGES.team.cannotEditCeo);

    const crown = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: staff.id, business_id, role: 'ceo' },
      as,
    );
    expect(crown.status).toBe(403);
    expect(crown.body.detail).toBe(TEAM_MESSAGES.onlyOwnerChangesCeo);

    const promoteStaff = await api.call(
      ENDPOINTS.team.updateBusinessUser,
      { user_id: staff.id, business_id, role: 'manager', is_active: false },
      as,
    );
    expect(promoteStaff.status).toBe(200);
    const [ownerRow] = await t.db.select().from(memberships).where(eq(memberships.user_id, owner.user.id));
    expect(ownerRow).toMatchObject({ role: 'ceo', is_active: true });
  });

  it('the owner still deletes their business', async () => {
    const { owner } = await ownerAndCoCeo();
    const deleted = await api.call(
      ENDPOINTS.businesses.deleteBusiness,
      { id: owner.business.id },
      { token: owner.token },
    );
    expect(deleted.status).toBe(200);
  });
});
