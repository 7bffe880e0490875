import { ACCESS_COOKIE, type AuthResult, CSRF_COOKIE, ENDPOINTS, MESSAGES, REFRESH_COOKIE } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refresh_tokens, sessions, users } from '../../src/db/schema';
import { REFRESH_GRACE_SECONDS } from '../../src/modules/accounts/sessions';
import { authenticate } from '../../src/platform/auth';
import { hashToken } from '../../src/platform/tokens';
import { createTestApp, type TestApp } from '../app';
import { freshIp, logIn, signUpCeo } from '../factories';
import { type Answer, type ApiClient, apiClient } from '../http';
import { cookieHeader, csrfOf } from './support';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const profileStatus = async (token: string) =>
  (await api.call(ENDPOINTS.accounts.profile, undefined, { token })).status;
const refresh = (refresh_token: string) => api.call(ENDPOINTS.accounts.refresh, { refresh_token });
const firstName = async (userId: number) =>
  (await t.db.select({ first_name: users.first_name }).from(users).where(eq(users.id, userId)))[0]?.first_name;

describe('the gate of every signed-in request', () => {
  it("hands the request the signed-in user without the password's hash", async () => {
    const ceo = await signUpCeo(t);
    const request = {
      method: 'GET',
      headers: { authorization: `Bearer ${ceo.token}` },
      cookies: {},
      server: t.app,
      actor: null,
    } as unknown as FastifyRequest;
    const actor = await authenticate(request);
    expect(actor.user).toMatchObject({ id: ceo.user.id, username: ceo.username });
    expect(Object.keys(actor.user)).not.toContain('password_hash');
    // Checking the current password still works (it reads the hash itself), and a wrong one is refused.
    const wrong = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: 'not-it', new_password: 'Another-pass-9', confirm_password: 'Another-pass-9' },
      { token: ceo.token },
    );
    expect(wrong.status).toBe(400);
    const changed = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: ceo.password, new_password: 'Another-pass-9', confirm_password: 'Another-pass-9' },
      { token: ceo.token },
    );
    expect(changed.status).toBe(200);
  });
});

describe('POST /users/token/refresh/', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const ceo = await signUpCeo(t);
    const answer = await refresh(ceo.refreshToken);
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.refreshed);
    const { access_token, refresh_token } = answer.data;
    expect(refresh_token).not.toBe(ceo.refreshToken);
    expect(await profileStatus(access_token)).toBe(200);
    expect((await refresh(refresh_token)).status).toBe(200);
  });

  it('answers 10 refreshes at once with one token with the same new pair, and the session lives on', async () => {
    const ceo = await signUpCeo(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(ceo.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const [first] = answers;
    for (const answer of answers) expect(answer.data).toEqual(first?.data);
    const pair = first!.data;
    expect(pair.refresh_token).not.toBe(ceo.refreshToken);
    expect(await profileStatus(pair.access_token)).toBe(200);
    const next = await refresh(pair.refresh_token);
    expect(next.status).toBe(200);
    expect(await profileStatus(next.data.access_token)).toBe(200);
    // One rotation was made, not ten: the token has one successor.
    const [session] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, ceo.user.id));
    const tokens = await t.db.select().from(refresh_tokens).where(eq(refresh_tokens.session_id, session!.id));
    expect(tokens).toHaveLength(3);
  });

  it('revokes the whole session family when a spent refresh token comes back after the grace window', async () => {
    const ceo = await signUpCeo(t);
    const elsewhere = await logIn(t, ceo.username);
    const rotated = (await refresh(ceo.refreshToken)).data;
    // Within the window it is a twin of the rotation, past it a copy.
    expect((await refresh(ceo.refreshToken)).data).toEqual(rotated);
    await t.db
      .update(refresh_tokens)
      .set({ used_at: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(eq(refresh_tokens.token_hash, hashToken(ceo.refreshToken)));

    const replay = await refresh(ceo.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('unauthenticated');

    // The thief's and the owner's newer tokens both die with the family...
    expect(await profileStatus(rotated.access_token)).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    // ...but the same person's other device is another session and stays logged in.
    expect(await profileStatus(elsewhere.token)).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(200);
  });

  it('refuses an unknown refresh token and a request without one', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    expect((await api.call(ENDPOINTS.accounts.refresh, {})).status).toBe(401);
    expect((await api.send(ENDPOINTS.accounts.refresh, {})).status).toBe(401);
  });

  it('refuses a refresh token whose session has expired', async () => {
    const ceo = await signUpCeo(t);
    await t.db
      .update(sessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.user_id, ceo.user.id));
    expect((await refresh(ceo.refreshToken)).status).toBe(401);
    expect(await profileStatus(ceo.token)).toBe(401);
  });
});

describe('POST /users/logout/', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const ceo = await signUpCeo(t);
    const other = await logIn(t, ceo.username);
    const answer = await api.call(ENDPOINTS.accounts.logout, {}, { token: ceo.token });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.loggedOut);
    expect(await profileStatus(ceo.token)).toBe(401);
    expect((await refresh(ceo.refreshToken)).status).toBe(401);
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('takes a Bearer request without any body, as the spec’s clients send it', async () => {
    const ceo = await signUpCeo(t);
    expect((await api.send(ENDPOINTS.accounts.logout, { token: ceo.token })).status).toBe(200);
    expect(await profileStatus(ceo.token)).toBe(401);
  });

  it('works with only the refresh token (an access token that has expired)', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(ENDPOINTS.accounts.logout, { refresh_token: ceo.refreshToken });
    expect(answer.status).toBe(200);
    expect(await profileStatus(ceo.token)).toBe(401);
    expect((await refresh(ceo.refreshToken)).status).toBe(401);
  });
});

describe('cookie sessions (the web app)', () => {
  async function cookieLogin(): Promise<{ answer: Answer<AuthResult>; cookie: string; csrf: string; userId: number }> {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.accounts.login,
      { email_or_username: ceo.username, password: ceo.password },
      { ip: freshIp() },
    );
    return { answer, cookie: cookieHeader(answer), csrf: csrfOf(answer), userId: ceo.user.id };
  }
  const profileBody = { first_name: 'Changed', last_name: 'Name' };

  it('sets HttpOnly SameSite=Lax session cookies and a readable csrftoken on login', async () => {
    const { answer } = await cookieLogin();
    const byName = Object.fromEntries(answer.cookies.map((cookie) => [cookie.name, cookie]));
    for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) {
      expect(byName[name]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 60 * 60 });
    }
    expect(byName[CSRF_COOKIE]).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(byName[CSRF_COOKIE]?.httpOnly).toBeFalsy();
    expect(byName[CSRF_COOKIE]?.value).toMatch(/^[\w-]{20,}$/);
  });

  it('reads with the cookie alone', async () => {
    const { cookie, userId } = await cookieLogin();
    const answer = await api.call(ENDPOINTS.accounts.profile, undefined, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.data.user.id).toBe(userId);
  });

  it('refuses a cookie write without the X-CSRFToken header, and writes nothing', async () => {
    const { cookie, userId } = await cookieLogin();
    const before = await firstName(userId);
    const answer = await api.call(ENDPOINTS.accounts.updateProfile, profileBody, { headers: { cookie } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'csrf_failed', detail: MESSAGES.auth.csrf });
    const forged = await api.call(ENDPOINTS.accounts.updateProfile, profileBody, {
      headers: { cookie, 'x-csrftoken': 'guessed-token-of-the-right-len' },
    });
    expect(forged.status).toBe(403);
    expect(await firstName(userId)).toBe(before);
  });

  it('accepts a cookie write that echoes the csrftoken cookie in X-CSRFToken', async () => {
    const { cookie, csrf, userId } = await cookieLogin();
    const answer = await api.call(ENDPOINTS.accounts.updateProfile, profileBody, {
      headers: { cookie, 'x-csrftoken': csrf },
    });
    expect(answer.status).toBe(200);
    expect(await firstName(userId)).toBe('Changed');
  });

  it('needs no CSRF header for a Bearer request', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(ENDPOINTS.accounts.updateProfile, profileBody, { token: ceo.token });
    expect(answer.status).toBe(200);
  });

  it('refreshes from the cookie only with the CSRF header, and sets new cookies', async () => {
    const { answer: login, cookie, csrf } = await cookieLogin();
    const refused = await api.send(ENDPOINTS.accounts.refresh, { headers: { cookie } });
    expect(refused.status).toBe(403);
    const answer = await api.send(ENDPOINTS.accounts.refresh, { headers: { cookie, 'x-csrftoken': csrf } });
    expect(answer.status).toBe(200);
    const newRefresh = answer.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
    const oldRefresh = login.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
    expect(newRefresh).toBeDefined();
    expect(newRefresh).not.toBe(oldRefresh);
    const after = await api.call(ENDPOINTS.accounts.profile, undefined, {
      headers: { cookie: cookieHeader(answer, { csrftoken: csrf }) },
    });
    expect(after.status).toBe(200);
  });

  it('logs out from the cookie: the cookies are cleared and the session ends', async () => {
    const { answer: login, cookie, csrf } = await cookieLogin();
    const refused = await api.call(ENDPOINTS.accounts.logout, {}, { headers: { cookie } });
    expect(refused.status).toBe(403);
    const answer = await api.call(ENDPOINTS.accounts.logout, {}, { headers: { cookie, 'x-csrftoken': csrf } });
    expect(answer.status).toBe(200);
    const cleared = answer.cookies.filter((c) => c.name === ACCESS_COOKIE || c.name === REFRESH_COOKIE);
    expect(cleared).toHaveLength(2);
    for (const c of cleared) expect(c.value).toBe('');
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { headers: { cookie } })).status).toBe(401);
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: login.data.access_token })).status).toBe(
      401,
    );
  });

  it('lets a Bearer token win over a cookie', async () => {
    const cookieSide = await cookieLogin();
    const bearer = await signUpCeo(t);
    const answer = await api.call(ENDPOINTS.accounts.profile, undefined, {
      token: bearer.token,
      headers: { cookie: cookieSide.cookie },
    });
    expect(answer.data.user.id).toBe(bearer.user.id);
  });

  it('refuses a malformed or forged access token', async () => {
    expect(await profileStatus('not.a.jwt')).toBe(401);
    const ceo = await signUpCeo(t);
    const [header, payload] = ceo.token.split('.');
    expect(await profileStatus(`${header}.${payload}.forged-signature`)).toBe(401);
    expect((await api.call(ENDPOINTS.accounts.profile, undefined)).body.code).toBe('unauthenticated');
  });
});
