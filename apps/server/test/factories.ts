import { randomBytes } from 'node:crypto';
import type { BusinessSummary, MemberRole, User } from '@oja/contract';
import { memberships, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/accounts/passwords';
import type { TestApp } from './app';
import { apiClient } from './http';

export const DEFAULT_PASSWORD = 'pass-word-123';

export type Person = {
  user: User;
  username: string;
  email: string | null;
  password: string;
  token: string;
  refreshToken: string;
};

const unique = () => randomBytes(4).toString('hex');

/** The six-digit code in the newest mail to this address. */
export function codeFromMail(t: TestApp, email: string): string {
  const mail = t.mailer.lastTo(email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was mailed to ${email}.`);
  return code;
}

/** A CEO who signed up, verified their email and is logged in, with their first business. */
export async function signUpCeo(
  t: TestApp,
  overrides: { first_name?: string; last_name?: string; email?: string; businessName?: string; about?: string } = {},
): Promise<Person & { business: BusinessSummary }> {
  const api = apiClient(t.app);
  const id = unique();
  const email = overrides.email ?? `ceo-${id}@example.com`;
  const registered = await api.post('/users/ceo-register/', {
    body: {
      first_name: overrides.first_name ?? 'Ada',
      last_name: overrides.last_name ?? 'Obi',
      email,
      password: DEFAULT_PASSWORD,
      business: {
        name: overrides.businessName ?? `Shop ${id}`,
        business_email: `shop-${id}@example.com`,
        about: overrides.about ?? 'Provisions and drinks',
      },
    },
  });
  if (registered.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(registered.body)}`);
  const activated = await api.post('/users/activate/', { body: { email, code: codeFromMail(t, email) } });
  if (activated.status !== 200) throw new Error(`Activation failed: ${JSON.stringify(activated.body)}`);
  const { user, access_token, refresh_token } = activated.data;
  return {
    user,
    username: user.username,
    email,
    password: DEFAULT_PASSWORD,
    token: access_token,
    refreshToken: refresh_token,
    business: user.business,
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
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
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
  await t.db.insert(memberships).values({
    business_id: businessId,
    user_id: user.id,
    role: options.role,
    is_active: options.isActive ?? true,
  });
  return { id: user.id, username, password: DEFAULT_PASSWORD };
}

export async function logIn(t: TestApp, identifier: string, password = DEFAULT_PASSWORD): Promise<Person> {
  const answer = await apiClient(t.app).post('/users/login/', { body: { email_or_username: identifier, password } });
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

/** A member of the business, logged in. */
export async function memberLoggedIn(t: TestApp, businessId: number, role: MemberRole): Promise<Person> {
  const member = await addMember(t, businessId, { role });
  return logIn(t, member.username);
}
