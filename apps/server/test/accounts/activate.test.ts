import { type ActivateBody, ENDPOINTS, MESSAGES } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one_time_codes, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, registerInactive } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const activate = (body: ActivateBody, ip = freshIp()) => api.call(ENDPOINTS.accounts.activate, body, { ip });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const isActive = async (userId: number) =>
  (await t.db.select({ is_active: users.is_active }).from(users).where(eq(users.id, userId)))[0]?.is_active;

/** Asks for a new code and answers it (asking again in the one-in-a-million case that it repeats the old one). */
async function resend(email: string, oldCode: string): Promise<string> {
  for (;;) {
    const answer = await activate({ email, resend_code: true });
    expect(answer.status).toBe(200);
    const code = codeFromMail(t, email);
    if (code !== oldCode) return code;
  }
}

describe('POST /users/activate/', () => {
  it('activates with the mailed code and logs in: user, access and refresh tokens', async () => {
    const { email, user } = await registerInactive(t);
    const answer = await activate({ email, code: codeFromMail(t, email) });

    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.activated);
    expect(answer.data.user).toMatchObject({ id: user.id, is_active: true, role: 'ceo' });
    expect(answer.data.access_token).toEqual(expect.any(String));
    expect(answer.data.refresh_token).toEqual(expect.any(String));
    expect(await isActive(user.id)).toBe(true);
    const profile = await api.call(ENDPOINTS.accounts.profile, undefined, { token: answer.data.access_token });
    expect(profile.status).toBe(200);
    expect(profile.data.user.id).toBe(user.id);
  });

  it('refuses a wrong code and leaves the account inactive', async () => {
    const { email, user } = await registerInactive(t);
    const answer = await activate({ email, code: wrongCodeFor(codeFromMail(t, email)) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'invalid_code',
      detail: MESSAGES.auth.codeInvalid,
      errors: { code: [MESSAGES.auth.codeInvalid] },
    });
    expect(answer.data).toBeUndefined();
    expect(await isActive(user.id)).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { email, user } = await registerInactive(t);
    await t.db
      .update(one_time_codes)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(one_time_codes.user_id, user.id));
    const answer = await activate({ email, code: codeFromMail(t, email) });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_code');
    expect(await isActive(user.id)).toBe(false);
  });

  it('takes a code only once (then answers as for any wrong code: active accounts are not told apart)', async () => {
    const { email } = await registerInactive(t);
    const code = codeFromMail(t, email);
    expect((await activate({ email, code })).status).toBe(200);
    const again = await activate({ email, code });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(MESSAGES.auth.codeInvalid);
    expect(again.data).toBeUndefined();
  });

  it('lets only one of two simultaneous uses of a code log in', async () => {
    const { email } = await registerInactive(t);
    const code = codeFromMail(t, email);
    const answers = await Promise.all([activate({ email, code }), activate({ email, code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('locks the code after 5 wrong tries, even for the right code; a new code then works', async () => {
    const { email, user } = await registerInactive(t);
    const code = codeFromMail(t, email);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await activate({ email, code: wrongCodeFor(code) }, ip);
      expect(answer.body.detail).toBe(MESSAGES.auth.codeInvalid);
    }
    const fifth = await activate({ email, code: wrongCodeFor(code) }, ip);
    expect(fifth.status).toBe(400);
    expect(fifth.body.detail).toBe(MESSAGES.auth.codeLocked);

    const right = await activate({ email, code }, ip);
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe(MESSAGES.auth.codeLocked);
    expect(await isActive(user.id)).toBe(false);

    const fresh = await resend(email, code);
    const answer = await activate({ email, code: fresh }, ip);
    expect(answer.status).toBe(200);
    expect(await isActive(user.id)).toBe(true);
  });

  it('resends a code without tokens; the old code stops working and the new one works', async () => {
    const { email } = await registerInactive(t);
    const oldCode = codeFromMail(t, email);
    const mails = t.mailer.outbox.length;

    const answer = await activate({ email, resend_code: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ response_description: MESSAGES.auth.codeResent, response_data: {} });
    expect(t.mailer.outbox.length).toBe(mails + 1);
    const newCode = codeFromMail(t, email) === oldCode ? await resend(email, oldCode) : codeFromMail(t, email);

    expect((await activate({ email, code: oldCode })).body.code).toBe('invalid_code');
    const activated = await activate({ email, code: newCode });
    expect(activated.status).toBe(200);
    expect(activated.data.access_token).toEqual(expect.any(String));
  });

  it('answers a resend for an unknown email exactly as for a known one, and mails nothing', async () => {
    const { email } = await registerInactive(t);
    const known = await activate({ email, resend_code: true });
    const mails = t.mailer.outbox.length;
    const unknown = await activate({ email: `nobody-${Date.now()}@example.com`, resend_code: true });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(t.mailer.outbox.length).toBe(mails);
  });

  it('answers a code for an unknown email as a wrong code', async () => {
    const answer = await activate({ email: `nobody-${Date.now()}@example.com`, code: '123456' });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(MESSAGES.auth.codeInvalid);
  });

  it('does not take a password-reset code as a verification code', async () => {
    const { email } = await registerInactive(t);
    const activation = codeFromMail(t, email);
    expect((await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() })).status).toBe(200);
    const reset = codeFromMail(t, email);
    if (reset === activation) return; // one in a million: the two codes happen to be equal
    const answer = await activate({ email, code: reset });
    expect(answer.status).toBe(400);
    expect((await activate({ email, code: activation })).status).toBe(200);
  });

  it('asks for the code when none is given, and for six digits when it is malformed', async () => {
    const { email } = await registerInactive(t);
    const missing = await activate({ email });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ code: [MESSAGES.validation.required] });
    const malformed = await activate({ email, code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ code: [MESSAGES.validation.codeFormat] });
  });
});
