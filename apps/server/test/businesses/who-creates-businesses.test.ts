import { BUSINESS_MESSAGES, ENDPOINTS, type MemberRole } from '@oja/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/accounts/passwords';
import { createTestApp, type TestApp } from '../app';
import { logIn, memberLoggedIn, type Person, signUpCeo, TEST_PASSWORD, unique } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * Spec section 6: the CEO (the business owner who signed up) creates businesses. Everyone else is
 * refused with words that say why, creates nothing, and their user answer says so beforehand, so the
 * dashboard never offers them a form that can only fail.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const businessCount = async () => (await t.db.select({ n: count() }).from(businesses))[0]?.n;

async function superuser(): Promise<Person> {
  const username = `staff.${unique()}`;
  await t.db.insert(users).values({
    first_name: 'Platform',
    last_name: 'Staff',
    username,
    password_hash: await hashPassword(TEST_PASSWORD),
    is_active: true,
    account_role: 'superuser',
  });
  return logIn(t, username);
}

describe('who may POST /users/businesses/', () => {
  it('the owner may, and their answer says so', async () => {
    const owner = await signUpCeo(t);
    const profile = await api.call(ENDPOINTS.accounts.profile, undefined, { token: owner.token });
    expect(profile.data.user.can_create_business).toBe(true);
    const created = await api.call(ENDPOINTS.businesses.createBusiness, { name: 'Branch' }, { token: owner.token });
    expect(created.status).toBe(201);
  });

  it('every other role is refused with 403 and its reason, creates nothing, and is told beforehand', async () => {
    const owner = await signUpCeo(t);
    const roles: MemberRole[] = ['manager', 'sales_person', 'sales_rep', 'customer', 'user', 'ceo'];
    // `ceo` here is a member the owner made CEO of their business: a co-CEO, not a business owner.
    const members = await Promise.all(roles.map((role) => memberLoggedIn(t, owner.businessId, role)));
    const callers: [string, Person][] = [
      ...members.map((member, index) => [`member made ${roles[index]}`, member] as [string, Person]),
      ['superuser', await superuser()],
    ];
    const before = await businessCount();
    for (const [who, caller] of callers) {
      const profile = await api.call(ENDPOINTS.accounts.profile, undefined, { token: caller.token });
      expect(profile.data.user.can_create_business, who).toBe(false);
      const answer = await api.call(
        ENDPOINTS.businesses.createBusiness,
        { name: `Shop of ${who}` },
        { token: caller.token },
      );
      expect(answer.status, who).toBe(403);
      expect(answer.body.detail, who).toBe(BUSINESS_MESSAGES.onlyCeoCreates);
    }
    expect(await businessCount()).toBe(before);
    const coCeo = members[roles.indexOf('ceo')];
    expect(coCeo?.user.role).toBe('ceo');
    const owned = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.owner_id, coCeo?.user.id ?? 0));
    expect(owned).toEqual([]);
  });
});
