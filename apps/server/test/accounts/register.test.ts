import { type CeoRegisterBody, ENDPOINTS, MESSAGES } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, memberships, one_time_codes, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, signUpBody } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { accountTables } from './support';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const register = (body: CeoRegisterBody) => api.call(ENDPOINTS.accounts.register, body, { ip: freshIp() });

describe('POST /users/ceo-register/', () => {
  it('creates an inactive CEO with their first business on a free trial, and mails a code', async () => {
    const body = signUpBody({ email: `New.Owner-${Date.now()}@Example.com`, business: 'Mama Put Kitchen' });
    const answer = await register(body);

    expect(answer.status).toBe(201);
    expect(answer.body.response_description).toBe(MESSAGES.auth.registered);
    const { user } = answer.data;
    const [expectedTrialEnd] = (
      await t.db.execute<{ day: string }>(sql`select ((now() at time zone 'Africa/Lagos')::date + 14)::text as day`)
    ).rows;
    expect(user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Obi',
      email: body.email.toLowerCase(),
      role: 'ceo',
      is_active: false,
      business: {
        name: 'Mama Put Kitchen',
        slug: 'mama-put-kitchen',
        about: 'Food',
        free_trial: true,
        trial_expiration_date: expectedTrialEnd?.day,
      },
    });
    expect(user).not.toHaveProperty('password_hash');
    if (!user.business) throw new Error('The user has no business.');

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ is_active: false, account_role: 'ceo', current_business_id: user.business.id });
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, user.business.id));
    expect(business).toMatchObject({ owner_id: user.id, business_email: body.business.business_email });
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.user_id, user.id));
    expect(membership).toMatchObject({ business_id: user.business.id, role: 'ceo', is_active: true });

    const mail = t.mailer.lastTo(body.email.toLowerCase());
    expect(mail?.subject).toMatch(/verification code is \d{6}$/);
    expect(codeFromMail(t, body.email.toLowerCase())).toMatch(/^\d{6}$/);
  });

  it('stores the code only as a keyed hash', async () => {
    const body = signUpBody();
    const answer = await register(body);
    const code = codeFromMail(t, body.email);
    const rows = await t.db.select().from(one_time_codes).where(eq(one_time_codes.user_id, answer.data.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.purpose).toBe('activate');
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
    // Not a plain digest either: without the server's key the 10^6 codes cannot be tried against it.
    const plain = await t.db.execute<{ hash: string }>(sql`select encode(sha256(${code}::bytea), 'hex') as hash`);
    expect(rows[0]?.code_hash).not.toBe(plain.rows[0]?.hash);
  });

  it('gives businesses of the same name distinct slugs', async () => {
    const name = `Ada Stores ${Date.now()}`;
    const base = name.toLowerCase().replaceAll(' ', '-');
    const first = await register({ ...signUpBody(), business: { ...signUpBody().business, name } });
    const second = await register({ ...signUpBody(), business: { ...signUpBody().business, name } });
    expect(first.data.user.business?.slug).toBe(base);
    expect(second.data.user.business?.slug).toBe(`${base}-2`);
  });

  it('never gives a business a slug that is one of the app’s own paths', async () => {
    const answer = await register({ ...signUpBody(), business: { ...signUpBody().business, name: 'Dashboard' } });
    expect(answer.status).toBe(201);
    expect(answer.data.user.business?.slug).toBe('dashboard-2');
  });

  it('settles two sign-ups racing for one slug with distinct slugs', async () => {
    const name = `Race Shop ${Date.now()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => register({ ...signUpBody(), business: { ...signUpBody().business, name } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const slugs = new Set(answers.map((answer) => answer.data.user.business?.slug));
    expect(slugs.size).toBe(3);
  });

  it('generates a unique username from the name', async () => {
    const name = { first_name: 'Ngozi', last_name: `Okafor${Date.now()}` };
    const first = await register(signUpBody(name));
    const second = await register(signUpBody(name));
    const base = `ngozi.${name.last_name.toLowerCase()}`.slice(0, 24);
    expect(first.data.user.username).toBe(base);
    expect(second.data.user.username).toMatch(new RegExp(`^${base.replace('.', '\\.')}\\d+$`));
  });

  it('takes a chosen username, and refuses one already taken whatever its case', async () => {
    const chosen = `chosen_${Date.now()}`;
    const first = await register({ ...signUpBody(), username: chosen });
    expect(first.data.user.username).toBe(chosen);
    const before = await accountTables(t);
    const second = await register({ ...signUpBody(), username: chosen.toUpperCase() });
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual({ username: [MESSAGES.auth.usernameTaken] });
    expect(await accountTables(t)).toEqual(before);
  });

  it('refuses an email already registered, whatever its case, with a field error and writes nothing', async () => {
    const body = signUpBody();
    expect((await register(body)).status).toBe(201);
    const before = await accountTables(t);
    const outbox = t.mailer.outbox.length;

    const again = await register({ ...signUpBody(), email: body.email.toUpperCase() });

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'conflict',
      detail: MESSAGES.auth.emailTaken,
      errors: { email: [MESSAGES.auth.emailTaken] },
    });
    // Nothing is written but the failure counters (the IP's and the address's budgets).
    const { rateLimits: _before, ...rest } = before;
    const { rateLimits: _after, ...now } = await accountTables(t);
    expect(now).toEqual(rest);
    expect(_after.some((row) => row.key === `register:address:${body.email}`)).toBe(true);
    expect(t.mailer.outbox.length).toBe(outbox);
  });

  it('lets only one of two simultaneous sign-ups with one email through, without a 500', async () => {
    const body = signUpBody();
    const answers = await Promise.all([register(body), register({ ...signUpBody(), email: body.email })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a missing business', (body: ReturnType<typeof signUpBody>) => ({ ...body, business: undefined }), 'business'],
    ['a blank first name', (body: ReturnType<typeof signUpBody>) => ({ ...body, first_name: '   ' }), 'first_name'],
    ['an invalid email', (body: ReturnType<typeof signUpBody>) => ({ ...body, email: 'ada-at-example' }), 'email'],
    ['a short password', (body: ReturnType<typeof signUpBody>) => ({ ...body, password: 'seven77' }), 'password'],
    [
      'a blank business about',
      (body: ReturnType<typeof signUpBody>) => ({ ...body, business: { ...body.business, about: '' } }),
      'business.about',
    ],
    [
      'an invalid business email',
      (body: ReturnType<typeof signUpBody>) => ({ ...body, business: { ...body.business, business_email: 'x' } }),
      'business.business_email',
    ],
  ])('refuses %s with a field error and writes nothing', async (_name, change, field) => {
    const before = await accountTables(t);
    const outbox = t.mailer.outbox.length;
    const answer = await api.send(ENDPOINTS.accounts.register, { body: change(signUpBody()), ip: freshIp() });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
    expect(Object.keys(answer.body.errors ?? {})).toContain(field);
    expect(answer.body.detail).toBe(answer.body.errors?.[field]?.[0]);
    expect(await accountTables(t)).toEqual(before);
    expect(t.mailer.outbox.length).toBe(outbox);
  });
});
