import { ENDPOINTS, MEMBER_ROLES } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/accounts/passwords';
import { createTestApp, type TestApp } from '../app';
import { addMember, logIn, memberLoggedIn, signUpCeo, TEST_PASSWORD, unique } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The "admins" route (/admins/users/delete/) is no platform back door: it is its business's CEO's
 * alone. Every other role of the business is refused (403), and a platform superuser, who is no
 * member of any shop, is treated like any stranger (404); nobody is removed by them.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

async function superuserToken(): Promise<string> {
  const username = `staff.${unique()}`;
  await t.db.insert(users).values({
    first_name: 'Platform',
    last_name: 'Staff',
    username,
    password_hash: await hashPassword(TEST_PASSWORD),
    is_active: true,
    account_role: 'superuser',
  });
  return (await logIn(t, username)).token;
}

describe('POST /admins/users/delete/', () => {
  it('refuses every role but the CEO (403) and a superuser like a stranger (404)', async () => {
    const ceo = await signUpCeo(t);
    const target = await addMember(t, ceo.business.id, { role: 'customer' });
    const body = { user_ids: [target.id], business_id: ceo.business.id };
    const stillMember = async () =>
      (
        await t.db
          .select({ id: memberships.user_id })
          .from(memberships)
          .where(and(eq(memberships.business_id, ceo.business.id), eq(memberships.user_id, target.id)))
      ).length === 1;

    for (const role of MEMBER_ROLES.filter((role) => role !== 'ceo')) {
      const member = await memberLoggedIn(t, ceo.business.id, role);
      const answer = await api.call(ENDPOINTS.team.deleteBusinessUsers, body, { token: member.token });
      expect(answer.status, role).toBe(403);
    }
    const bySuperuser = await api.call(ENDPOINTS.team.deleteBusinessUsers, body, { token: await superuserToken() });
    expect(bySuperuser.status).toBe(404);
    const anonymous = await api.call(ENDPOINTS.team.deleteBusinessUsers, body);
    expect(anonymous.status).toBe(401);
    expect(await stillMember()).toBe(true);

    const byCeo = await api.call(ENDPOINTS.team.deleteBusinessUsers, body, { token: ceo.token });
    expect(byCeo.status).toBe(200);
    expect(await stillMember()).toBe(false);
  });
});
