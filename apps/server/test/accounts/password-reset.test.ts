import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one_time_codes } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, logIn, registerInactive, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a-new-password-7';
const forgot = (email: string) => api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() });
const reset = (email: string, code: string, new_password = NEW_PASSWORD, ip = freshIp()) =>
  api.call(ENDPOINTS.accounts.resetPassword, { email, code, new_password }, { ip });
const canLogIn = async (identifier: string, password: string) =>
  (await api.call(ENDPOINTS.accounts.login, { email_or_username: identifier, password }, { ip: freshIp() })).status ===
  200;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Asks for a reset code and reads it from the mail. */
async function resetCodeFor(email: string): Promise<string> {
  const answer = await forgot(email);
  expect(answer.status).toBe(200);
  const mail = t.mailer.lastTo(email);
  expect(mail?.subject).toMatch(/password reset code/);
  return codeFromMail(t, email);
}

describe('POST /users/forgot-password/', () => {
  it('mails a reset code to a known email', async () => {
    const ceo = await signUpCeo(t);
    const mails = t.mailer.outbox.length;
    const answer = await forgot(ceo.email ?? '');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ response_description: MESSAGES.auth.forgotSent, response_data: {} });
    expect(t.mailer.outbox.length).toBe(mails + 1);
    expect(codeFromMail(t, ceo.email ?? '')).toMatch(/^\d{6}$/);
  });

  it('answers an unknown email exactly as a known one and mails nothing', async () => {
    const ceo = await signUpCeo(t);
    const known = await forgot(ceo.email ?? '');
    const mails = t.mailer.outbox.length;
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(t.mailer.outbox.length).toBe(mails);
  });
});

describe('POST /users/reset-password/', () => {
  it('sets the new password: it works and the old one does not', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const answer = await reset(email, await resetCodeFor(email));
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.passwordReset);
    expect(await canLogIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(email, ceo.password)).toBe(false);
  });

  it('signs out every session of the user', async () => {
    const ceo = await signUpCeo(t);
    const otherDevice = await logIn(t, ceo.username);
    const email = ceo.email ?? '';
    expect((await reset(email, await resetCodeFor(email))).status).toBe(200);
    for (const session of [ceo, otherDevice]) {
      expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: session.token })).status).toBe(401);
      const refreshed = await api.call(ENDPOINTS.accounts.refresh, { refresh_token: session.refreshToken });
      expect(refreshed.status).toBe(401);
    }
  });

  it('refuses a wrong code and keeps the password', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const code = await resetCodeFor(email);
    const answer = await reset(email, wrongCodeFor(code));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_code', errors: { code: [MESSAGES.auth.codeInvalid] } });
    expect(await canLogIn(email, ceo.password)).toBe(true);
  });

  it('takes a code only once', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const code = await resetCodeFor(email);
    expect((await reset(email, code)).status).toBe(200);
    const again = await reset(email, code, 'yet-another-password');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_code');
    expect(await canLogIn(email, NEW_PASSWORD)).toBe(true);
  });

  it('refuses an expired code', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const code = await resetCodeFor(email);
    await t.db
      .update(one_time_codes)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(one_time_codes.user_id, ceo.user.id), eq(one_time_codes.purpose, 'reset')));
    expect((await reset(email, code)).status).toBe(400);
    expect(await canLogIn(email, ceo.password)).toBe(true);
  });

  it('locks the code after 5 wrong tries, even for the right code; a new code then works', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const code = await resetCodeFor(email);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) await reset(email, wrongCodeFor(code), NEW_PASSWORD, ip);
    const right = await reset(email, code, NEW_PASSWORD, ip);
    expect(right.status).toBe(400);
    expect(right.body.detail).toBe(MESSAGES.auth.codeLocked);
    expect(await canLogIn(email, ceo.password)).toBe(true);

    let fresh = await resetCodeFor(email);
    while (fresh === code) fresh = await resetCodeFor(email);
    expect((await reset(email, fresh, NEW_PASSWORD, ip)).status).toBe(200);
  });

  it('keeps the code usable when the new password is refused', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const code = await resetCodeFor(email);
    const short = await reset(email, code, 'short');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ new_password: [MESSAGES.validation.passwordTooShort] });
    expect((await reset(email, code)).status).toBe(200);
  });

  it('answers an unknown email as a wrong code', async () => {
    const answer = await reset(`nobody-${Date.now()}@example.com`, '123456');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(MESSAGES.auth.codeInvalid);
  });

  it('also verifies an account that was never activated: the code proves the inbox', async () => {
    const { email } = await registerInactive(t);
    expect((await reset(email, await resetCodeFor(email))).status).toBe(200);
    expect(await canLogIn(email, NEW_PASSWORD)).toBe(true);
  });
});
