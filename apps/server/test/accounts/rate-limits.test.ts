import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rate_limits } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, type Person, registerInactive, signUpCeo } from '../factories';
import { type Answer, type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const login = (email_or_username: string, password: string, ip = freshIp()) =>
  api.call(ENDPOINTS.accounts.login, { email_or_username, password }, { ip });
const WRONG = 'not-the-password';

function expectRateLimited(answer: Answer, minutes = 15) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ code: 'rate_limited', detail: MESSAGES.auth.rateLimited(minutes) });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

/** Moves every window back in time, as if it had run out. */
const expireWindows = () => t.db.update(rate_limits).set({ window_started_at: sql`now() - interval '2 hours'` });

describe('login limits', () => {
  let ceo: Person;
  beforeAll(async () => {
    ceo = await signUpCeo(t);
  });

  it('stop an account after 10 failures from one IP, even with the right password, but not its owner elsewhere', async () => {
    const attackerIp = freshIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(ceo.username, WRONG, attackerIp)).status).toBe(401);
    }
    expectRateLimited(await login(ceo.username, ceo.password, attackerIp));
    expectRateLimited(await login(ceo.email ?? '', ceo.password, attackerIp));
    // The owner, somewhere else, is not locked out.
    expect((await login(ceo.username, ceo.password, freshIp())).status).toBe(200);
    // Once the window has passed the pair may try again.
    await expireWindows();
    expect((await login(ceo.username, ceo.password, attackerIp)).status).toBe(200);
  });

  it('count the email and the username of one account together', async () => {
    const other = await signUpCeo(t);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) await login(other.username, WRONG, ip);
    for (let attempt = 1; attempt <= 5; attempt++) await login(other.email?.toUpperCase() ?? '', WRONG, ip);
    expectRateLimited(await login(other.username, other.password, ip));
  });

  it('forgive an account’s failures after a successful login', async () => {
    const other = await signUpCeo(t);
    const ip = freshIp();
    for (let round = 1; round <= 2; round++) {
      for (let attempt = 1; attempt <= 9; attempt++) await login(other.username, WRONG, ip);
      expect((await login(other.username, other.password, ip)).status).toBe(200);
    }
  });

  it('stop guesses spread over many IPs after 50, but not the owner at an IP they logged in from', async () => {
    const other = await signUpCeo(t);
    const homeIp = freshIp();
    expect((await login(other.username, other.password, homeIp)).status).toBe(200);
    for (let attempt = 1; attempt <= 50; attempt++) {
      expect((await login(other.username, WRONG, freshIp())).status).toBe(401);
    }
    expectRateLimited(await login(other.username, other.password, freshIp()), 60);
    expect((await login(other.username, other.password, homeIp)).status).toBe(200);
  });

  it('are lifted for an account by a password reset: its owner proved the inbox', async () => {
    const other = await signUpCeo(t);
    const email = other.email ?? '';
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt++) await login(other.username, WRONG, ip);
    expectRateLimited(await login(other.username, other.password, ip));
    await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() });
    const reset = await api.call(
      ENDPOINTS.accounts.resetPassword,
      { email, code: codeFromMail(t, email), new_password: 'after-the-lock-1' },
      { ip: freshIp() },
    );
    expect(reset.status).toBe(200);
    expect((await login(other.username, 'after-the-lock-1', ip)).status).toBe(200);
  });

  it('count wrong current passwords on the change-password form in a budget of their own, not against login', async () => {
    const other = await signUpCeo(t);
    const body = { previous_password: WRONG, new_password: 'whatever-new-1', confirm_password: 'whatever-new-1' };
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await api.call(ENDPOINTS.accounts.changePassword, body, { token: other.token });
      expect(answer.status).toBe(400);
    }
    const right = { ...body, previous_password: other.password };
    expectRateLimited(await api.call(ENDPOINTS.accounts.changePassword, right, { token: other.token }));
    expect((await login(other.username, other.password)).status).toBe(200);
  });

  it('stop one IP after 50 failures across different accounts, but not accounts that log in there', async () => {
    const shopIp = freshIp();
    const staff = await signUpCeo(t);
    const stranger = await signUpCeo(t);
    expect((await login(staff.username, staff.password, shopIp)).status).toBe(200);
    for (let attempt = 1; attempt <= 50; attempt++) {
      expect((await login(`guess-${attempt}@example.com`, WRONG, shopIp)).status).toBe(401);
    }
    expectRateLimited(await login(stranger.username, stranger.password, shopIp));
    expect((await login(staff.username, staff.password, shopIp)).status).toBe(200);
    expect((await login(stranger.username, stranger.password, freshIp())).status).toBe(200);
  });

  it('leave a shop’s IP alone while its staff get their passwords right', async () => {
    const shopIp = freshIp();
    const staff = await signUpCeo(t);
    for (let attempt = 1; attempt <= 60; attempt++) {
      expect((await login(staff.username, staff.password, shopIp)).status).toBe(200);
    }
  });
});

describe('code limits', () => {
  it('stop activation guesses for one account after 10 failures', async () => {
    const { email } = await registerInactive(t);
    const code = codeFromMail(t, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await api.call(ENDPOINTS.accounts.activate, { email, code: wrong }, { ip: freshIp() })).status).toBe(400);
    }
    expectRateLimited(await api.call(ENDPOINTS.accounts.activate, { email, code }, { ip: freshIp() }));
  });

  it('stop activation guesses from one IP after 50 failures across accounts', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 50; attempt++) {
      const body = { email: `guess-${attempt}-${Date.now()}@example.com`, code: '000000' };
      expect((await api.call(ENDPOINTS.accounts.activate, body, { ip })).status).toBe(400);
    }
    const { email } = await registerInactive(t);
    expectRateLimited(await api.call(ENDPOINTS.accounts.activate, { email, code: codeFromMail(t, email) }, { ip }));
  });

  it('stop reset guesses for one account from one IP after 10 failures; the owner elsewhere still resets', async () => {
    const ceo = await signUpCeo(t);
    const email = ceo.email ?? '';
    const attackerIp = freshIp();
    const body = (c: string) => ({ email, code: c, new_password: 'new-password-1' });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await api.call(ENDPOINTS.accounts.resetPassword, body('000000'), { ip: attackerIp })).status).toBe(400);
    }
    expectRateLimited(await api.call(ENDPOINTS.accounts.resetPassword, body('000000'), { ip: attackerIp }));
    await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() });
    const own = await api.call(ENDPOINTS.accounts.resetPassword, body(codeFromMail(t, email)), { ip: freshIp() });
    expect(own.status).toBe(200);
  });

  it('answer a wrong activation code the same for active and inactive accounts, and count it', async () => {
    const active = await signUpCeo(t);
    const { email: inactive } = await registerInactive(t);
    const ip = freshIp();
    const answers: Answer[] = [];
    for (const email of [active.email, inactive]) {
      answers.push(await api.call(ENDPOINTS.accounts.activate, { email, code: '000000' }, { ip }));
    }
    expect(answers[0]?.status).toBe(400);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    for (let attempt = 2; attempt <= 10; attempt++) {
      await api.call(ENDPOINTS.accounts.activate, { email: active.email, code: '000000' }, { ip: freshIp() });
    }
    expectRateLimited(await api.call(ENDPOINTS.accounts.activate, { email: active.email, code: '000000' }, { ip }));
    const resent = await api.call(
      ENDPOINTS.accounts.activate,
      { email: active.email, resend_code: true },
      { ip: freshIp() },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.response_description).toBe(MESSAGES.auth.codeResent);
  });
});

describe('mail limits', () => {
  it('send 5 mails an hour to one address, then one every ten minutes, whether or not it has an account', async () => {
    for (const email of [(await signUpCeo(t)).email ?? '', `nobody-${Date.now()}@example.com`]) {
      for (let attempt = 1; attempt <= 6; attempt++) {
        expect((await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() })).status).toBe(200);
      }
      expectRateLimited(await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() }), 10);
    }
  });

  it('never close an owner’s reset: after someone spent the hour, a code still arrives within ten minutes', async () => {
    const owner = await signUpCeo(t);
    const email = owner.email ?? '';
    for (let attempt = 1; attempt <= 7; attempt++) {
      await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() });
    }
    // Ten minutes later (the slow lane's window run out), the owner asks, and the code works.
    await t.db
      .update(rate_limits)
      .set({ window_started_at: sql`now() - interval '11 minutes'` })
      .where(sql`${rate_limits.key} = ${`mail:slow:${email}`}`);
    const before = t.mailer.outbox.length;
    expect((await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() })).status).toBe(200);
    await new Promise((done) => setTimeout(done, 50));
    expect(t.mailer.outbox.length).toBe(before + 1);
    const reset = await api.call(
      ENDPOINTS.accounts.resetPassword,
      { email, code: codeFromMail(t, email), new_password: 'owner-is-back-1' },
      { ip: freshIp() },
    );
    expect(reset.status).toBe(200);
  });

  it('count verification resends in the same budget as reset mails', async () => {
    const { email } = await registerInactive(t);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await api.call(ENDPOINTS.accounts.activate, { email, resend_code: true }, { ip: freshIp() });
    }
    for (let attempt = 1; attempt <= 2; attempt++) {
      await api.call(ENDPOINTS.accounts.forgotPassword, { email }, { ip: freshIp() });
    }
    // The sixth goes by the slow lane; the seventh waits.
    expect((await api.call(ENDPOINTS.accounts.activate, { email, resend_code: true }, { ip: freshIp() })).status).toBe(
      200,
    );
    const mails = t.mailer.outbox.length;
    expectRateLimited(await api.call(ENDPOINTS.accounts.activate, { email, resend_code: true }, { ip: freshIp() }), 10);
    expect(t.mailer.outbox.length).toBe(mails);
  });

  it('send at most 30 mails an hour from one IP', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const body = { email: `sweep-${attempt}-${Date.now()}@example.com` };
      expect((await api.call(ENDPOINTS.accounts.forgotPassword, body, { ip })).status).toBe(200);
    }
    expectRateLimited(await api.call(ENDPOINTS.accounts.forgotPassword, { email: 'one-more@example.com' }, { ip }), 60);
  });
});
