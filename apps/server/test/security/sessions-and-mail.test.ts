import { ACCESS_COOKIE, CSRF_COOKIE, ENDPOINTS } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { resetMail, sendMail } from '../../src/modules/accounts/mails';
import type { Deps } from '../../src/platform/deps';
import { cookieHeader, csrfOf } from '../accounts/support';
import { createTestApp, type TestApp } from '../app';
import { freshIp, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

async function cookieLogin(headers: Record<string, string> = {}) {
  const ceo = await signUpCeo(t);
  const answer = await api.call(
    ENDPOINTS.accounts.login,
    { email_or_username: ceo.username, password: ceo.password },
    { ip: freshIp(), headers },
  );
  return { ceo, answer, cookie: cookieHeader(answer), csrf: csrfOf(answer) };
}

describe('sessions', () => {
  it('refuses a cookie logout without the anti-forgery header, whatever it carries, and the session lives on', async () => {
    const { answer, csrf } = await cookieLogin();
    const access = answer.cookies.find((c) => c.name === ACCESS_COOKIE)?.value;
    const onlyAccess = `${ACCESS_COOKIE}=${access}; ${CSRF_COOKIE}=${csrf}`;
    const bare = await api.send(ENDPOINTS.accounts.logout, { headers: { cookie: onlyAccess } });
    expect(bare.status).toBe(403);
    const withBogusBody = await api.send(ENDPOINTS.accounts.logout, {
      headers: { cookie: onlyAccess },
      body: { refresh_token: 'not-a-token' },
    });
    expect(withBogusBody.status).toBe(403);
    const still = await api.call(ENDPOINTS.accounts.profile, undefined, { headers: { cookie: onlyAccess } });
    expect(still.status).toBe(200);
    const done = await api.send(ENDPOINTS.accounts.logout, {
      headers: { cookie: onlyAccess, 'x-csrftoken': csrf },
    });
    expect(done.status).toBe(200);
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { headers: { cookie: onlyAccess } })).status).toBe(
      401,
    );
  });

  it('rotates the anti-forgery cookie at login', async () => {
    const planted = 'planted-token-of-an-attacker-123';
    const { answer } = await cookieLogin({ cookie: `${CSRF_COOKIE}=${planted}` });
    const fresh = answer.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(planted);
  });

  it('caps a session at 30 days after its login, however often it is refreshed', async () => {
    const ceo = await signUpCeo(t);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.user_id, ceo.user.id));
    await t.db
      .update(sessions)
      .set({ created_at: sql`now() - interval '29 days 12 hours'` })
      .where(eq(sessions.id, row!.id));
    const refreshed = await api.call(ENDPOINTS.accounts.refresh, { refresh_token: ceo.refreshToken });
    expect(refreshed.status).toBe(200);
    const [after] = await t.db
      .select({ hoursLeft: sql<number>`extract(epoch from expires_at - now()) / 3600` })
      .from(sessions)
      .where(eq(sessions.id, row!.id));
    expect(Number(after?.hoursLeft)).toBeLessThanOrEqual(12.1);

    // Past the cap (its expiry set later by hand, as an older server would have), the refresh is refused.
    await t.db
      .update(sessions)
      .set({ created_at: sql`now() - interval '31 days'`, expires_at: sql`now() + interval '5 days'` })
      .where(eq(sessions.id, row!.id));
    const late = await api.call(ENDPOINTS.accounts.refresh, { refresh_token: refreshed.data.refresh_token });
    expect(late.status).toBe(401);
  });
});

describe('mail failures', () => {
  it('log the recipient, never the subject or the text (they hold the code)', async () => {
    const logged: unknown[] = [];
    const deps = {
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
      log: { error: (...args: unknown[]) => logged.push(args) },
    } as unknown as Deps;
    const mail = resetMail('owner@example.com', 'Ada', '482913');
    expect(await sendMail(deps, mail)).toBe(false);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged, (_key, value) => (value instanceof Error ? value.message : value))).not.toContain(
      '482913',
    );
  });
});
