import { hash } from '@node-rs/argon2';
import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { needsRehash, verifyPassword } from '../../src/modules/accounts/passwords';
import { createTestApp, type TestApp } from '../app';
import { addMember, addMembership, freshIp, registerInactive, signUpCeo, TEST_PASSWORD } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const login = (email_or_username: string, password = TEST_PASSWORD) =>
  api.call(ENDPOINTS.accounts.login, { email_or_username, password }, { ip: freshIp() });

describe('POST /users/login/', () => {
  it('logs in by email whatever its case, answering user, access and refresh tokens', async () => {
    const ceo = await signUpCeo(t);
    const answer = await login(`  ${ceo.email?.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.loggedIn);
    expect(answer.data.user).toMatchObject({
      id: ceo.user.id,
      username: ceo.username,
      email: ceo.email,
      role: 'ceo',
      is_active: true,
      business: { id: ceo.business.id, slug: ceo.business.slug },
    });
    const profile = await api.call(ENDPOINTS.accounts.profile, undefined, { token: answer.data.access_token });
    expect(profile.status).toBe(200);
    expect(answer.data.refresh_token).toEqual(expect.any(String));
  });

  it('logs in by username whatever its case', async () => {
    const ceo = await signUpCeo(t);
    const answer = await login(ceo.username.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.data.user.id).toBe(ceo.user.id);
  });

  it('tells an inactive account, once the password is right, that it is not activated', async () => {
    const { email, user } = await registerInactive(t);
    const answer = await login(email);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('account_not_activated');
    expect(answer.body.detail).toContain('This account is not activated');
    expect(answer.data).toBeUndefined();
    // By username too: the person may not know their email was never verified.
    expect((await login(user.username)).body.code).toBe('account_not_activated');
    // Without the password nothing is revealed.
    const wrong = await login(email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_credentials');
  });

  it('answers a wrong password and an unknown account with the same status and message', async () => {
    const ceo = await signUpCeo(t);
    const wrongPassword = await login(ceo.username, 'not-the-password');
    const unknown = await login(`nobody-${Date.now()}`, 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      response_description: MESSAGES.auth.invalidCredentials,
      detail: MESSAGES.auth.invalidCredentials,
      code: 'invalid_credentials',
    });
    expect(unknown.status).toBe(wrongPassword.status);
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('tells a member whose membership is not active yet to wait for the owner', async () => {
    const ceo = await signUpCeo(t);
    const member = await addMember(t, ceo.business.id, { role: 'sales_person', isActive: false });
    const answer = await login(member.username);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'membership_pending', detail: MESSAGES.auth.membershipPending });
  });

  it('lets a member in through another business that has activated them, which becomes current', async () => {
    const first = await signUpCeo(t);
    const second = await signUpCeo(t);
    const member = await addMember(t, first.business.id, { role: 'sales_person', isActive: false });
    await addMembership(t, second.business.id, member.id, { role: 'customer' });
    const answer = await login(member.username);
    expect(answer.status).toBe(200);
    expect(answer.data.user).toMatchObject({ role: 'customer', business: { id: second.business.id } });
  });

  it('answers the current business in the user', async () => {
    const ceo = await signUpCeo(t);
    const other = await api.call(ENDPOINTS.businesses.createBusiness, { name: 'Second Shop' }, { token: ceo.token });
    if (other.status !== 201) throw new Error('no business');
    const answer = await login(ceo.username);
    expect(answer.data.user.business?.id).toBe(ceo.business.id);
  });

  it('moves a hash of an older setting to the current one on the login that proves its password', async () => {
    const ceo = await signUpCeo(t);
    // The setting of the hashes stored by an earlier version: 19 MiB × 2 passes.
    const older = await hash(TEST_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(needsRehash(older)).toBe(true);
    await t.db.update(users).set({ password_hash: older }).where(eq(users.id, ceo.user.id));
    const storedHash = async () =>
      (await t.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, ceo.user.id)))[0]!.hash;

    // A wrong password proves nothing: the hash stays.
    expect((await login(ceo.username, 'not-the-password')).status).toBe(401);
    expect(await storedHash()).toBe(older);

    expect((await login(ceo.username)).status).toBe(200);
    const current = await storedHash();
    expect(current).not.toBe(older);
    expect(current.startsWith('$argon2id$v=19$m=7168,t=5,p=1$')).toBe(true);
    expect(needsRehash(current)).toBe(false);
    expect(await verifyPassword(current, TEST_PASSWORD)).toBe(true);
    // And the next login is with the new hash, which it leaves alone.
    expect((await login(ceo.username)).status).toBe(200);
    expect(await storedHash()).toBe(current);
  });
});
