import { randomBytes } from 'node:crypto';
import { type BusinessSummary, ENDPOINTS, type MemberRole, type User } from '@oja/contract';
import { memberships, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/accounts/passwords';
import type { TestApp } from '../app';
import { apiClient } from '../http';

/** The password of every account the tests make (at least 8 characters, as the contract asks). */
export const TEST_PASSWORD = 'pass-word-123';

export type Person = {
  user: User;
  username: string;
  email: string | null;
  password: string;
  token: string;
  refreshToken: string;
};

/** Who a business-scoped call comes from, and for which business. */
export type Caller = { token: string; businessId: number };

/** A CEO with their business: what signUpCeo answers. */
export type Owner = Person & Caller & { email: string; business: BusinessSummary };

/** A member of a business, logged in. */
export type Member = Person & Caller;

export const unique = () => randomBytes(4).toString('hex');

/** A different client address per call site, so that tests in one file do not share an IP budget. */
let ipCounter = 0;
export const freshIp = () =>
  `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.${Math.floor(Math.random() * 250) + 1}`;

/** The six-digit code in the newest mail to this address. */
export function codeFromMail(t: TestApp, email: string): string {
  const mail = t.mailer.lastTo(email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was mailed to ${email}.`);
  return code;
}

/** A sign-up body that the API accepts, with fresh email and business names. */
export function signUpBody(
  overrides: { email?: string; first_name?: string; last_name?: string; business?: string; about?: string } = {},
) {
  const id = unique();
  return {
    first_name: overrides.first_name ?? 'Ada',
    last_name: overrides.last_name ?? 'Obi',
    email: overrides.email ?? `ada-${id}@example.com`,
    password: TEST_PASSWORD,
    business: {
      name: overrides.business ?? `Ada Stores ${id}`,
      business_email: `shop-${id}@example.com`,
      about: overrides.about ?? 'Food',
    },
  };
}

/** A CEO who signed up but has not entered their code yet. */
export async function registerInactive(t: TestApp, overrides: Parameters<typeof signUpBody>[0] = {}) {
  const body = signUpBody(overrides);
  const answer = await apiClient(t.app).call(ENDPOINTS.accounts.register, body, { ip: freshIp() });
  if (answer.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(answer.body)}`);
  return { email: body.email, password: body.password, user: answer.data.user };
}

/**
 * A CEO who signed up, verified their email and is logged in, with their first business:
 * the one way a test gets a business of its own.
 */
export async function signUpCeo(
  t: TestApp,
  overrides: { first_name?: string; last_name?: string; email?: string; businessName?: string; about?: string } = {},
): Promise<Owner> {
  const api = apiClient(t.app);
  const id = unique();
  const body = signUpBody({
    first_name: overrides.first_name,
    last_name: overrides.last_name,
    email: overrides.email ?? `ceo-${id}@example.com`,
    business: overrides.businessName ?? `Shop ${id}`,
    about: overrides.about ?? 'Provisions and drinks',
  });
  const registered = await api.call(ENDPOINTS.accounts.register, body);
  if (registered.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(registered.body)}`);
  const activated = await api.call(ENDPOINTS.accounts.activate, {
    email: body.email,
    code: codeFromMail(t, body.email),
  });
  const data = activated.data;
  if (activated.status !== 200 || !('user' in data))
    throw new Error(`Activation failed: ${JSON.stringify(activated.body)}`);
  const { user, access_token, refresh_token } = data;
  if (!user.business) throw new Error('The new CEO has no business.');
  return {
    user,
    username: user.username,
    email: body.email,
    password: TEST_PASSWORD,
    token: access_token,
    refreshToken: refresh_token,
    business: user.business,
    businessId: user.business.id,
  };
}

let defaultHash: Promise<string> | undefined;

/**
 * A member of a business written straight to the database (as an invite plus the
 * CEO's activation would leave them), without logging in: see logIn.
 */
export async function addMember(
  t: TestApp,
  businessId: number,
  options: { role: MemberRole; isActive?: boolean; first_name?: string; last_name?: string; username?: string },
): Promise<{ id: number; username: string; password: string }> {
  defaultHash ??= hashPassword(TEST_PASSWORD);
  const username = options.username ?? `member.${unique()}`;
  const [user] = await t.db
    .insert(users)
    .values({
      first_name: options.first_name ?? 'Chidi',
      last_name: options.last_name ?? 'Eze',
      username,
      password_hash: await defaultHash,
      is_active: true,
      account_role: 'member',
      current_business_id: businessId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('Member was not created.');
  await addMembership(t, businessId, user.id, options);
  return { id: user.id, username, password: TEST_PASSWORD };
}

/** Makes an existing user a member of one more business (active unless told otherwise). */
export async function addMembership(
  t: TestApp,
  businessId: number,
  userId: number,
  options: { role: MemberRole; isActive?: boolean },
): Promise<void> {
  await t.db.insert(memberships).values({
    business_id: businessId,
    user_id: userId,
    role: options.role,
    is_active: options.isActive ?? true,
  });
}

export async function logIn(t: TestApp, identifier: string, password = TEST_PASSWORD): Promise<Person> {
  const answer = await apiClient(t.app).call(ENDPOINTS.accounts.login, { email_or_username: identifier, password });
  if (answer.status !== 200) throw new Error(`Login failed: ${JSON.stringify(answer.body)}`);
  const { user, access_token, refresh_token } = answer.data;
  return {
    user,
    username: user.username,
    email: user.email,
    password,
    token: access_token,
    refreshToken: refresh_token,
  };
}

/** A member of the business with this role, logged in. */
export async function memberLoggedIn(t: TestApp, businessId: number, role: MemberRole): Promise<Member> {
  const member = await addMember(t, businessId, { role });
  return { ...(await logIn(t, member.username)), businessId };
}
