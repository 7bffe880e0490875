import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, logIn, memberLoggedIn, signUpCeo, unique } from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const emailOf = async (userId: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;
const names = { first_name: 'Ada', last_name: 'Obi' };

describe('changing the account email', () => {
  it('with only a session, a new email waits for the code mailed to it; forgot/reset on it does nothing', async () => {
    const ceo = await signUpCeo(t);
    const newEmail = `taker-${unique()}@example.com`;
    const asked = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Renamed', last_name: 'Obi', email: newEmail },
      { token: ceo.token },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.response_description).toBe(MESSAGES.auth.emailCodeSent(newEmail));
    expect(asked.data).toMatchObject({ pending_email: newEmail, user: { first_name: 'Renamed', email: ceo.email } });
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);

    // The would-be taker tries to reset the password through the unconfirmed address.
    const mailsBefore = t.mailer.outbox.length;
    const forgot = await api.call(ENDPOINTS.accounts.forgotPassword, { email: newEmail }, { ip: freshIp() });
    expect(forgot.status).toBe(200);
    expect(t.mailer.outbox.slice(mailsBefore).filter((mail) => mail.to === newEmail)).toHaveLength(0);
    const reset = await api.call(
      ENDPOINTS.accounts.resetPassword,
      { email: newEmail, code: codeFromMail(t, newEmail), new_password: 'taken-over-1' },
      { ip: freshIp() },
    );
    expect(reset.status).toBe(400);
    await logIn(t, ceo.email); // the old password still works

    const wrong = await api.call(ENDPOINTS.accounts.confirmEmail, { code: '000000' }, { token: ceo.token });
    expect(wrong.status).toBe(400);
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);

    const confirmed = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, newEmail) },
      { token: ceo.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.response_description).toBe(MESSAGES.auth.emailChanged);
    expect(confirmed.data.user.email).toBe(newEmail);
    expect(t.mailer.lastTo(ceo.email)?.text).toContain(newEmail);
    const again = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, newEmail) },
      { token: ceo.token },
    );
    expect(again.status).toBe(400);
  });

  it('with the current password the new email is effective at once and the old address is told', async () => {
    const ceo = await signUpCeo(t);
    const newEmail = `mine-${unique()}@example.com`;
    const wrong = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { ...names, email: newEmail, current_password: 'not-my-password' },
      { token: ceo.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: [MESSAGES.auth.currentPasswordWrong] });
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);

    const right = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { ...names, email: newEmail, current_password: ceo.password },
      { token: ceo.token },
    );
    expect(right.status).toBe(200);
    expect(right.data).toMatchObject({ pending_email: null, user: { email: newEmail } });
    expect(t.mailer.lastTo(ceo.email)?.subject).toBe('Your Oja email was changed');
    await logIn(t, newEmail);
  });

  it('a member who joined by link adds an email by the same rule', async () => {
    const ceo = await signUpCeo(t);
    const member = await memberLoggedIn(t, ceo.business.id, 'sales_rep');
    expect(member.email).toBeNull();
    const email = `first-${unique()}@example.com`;
    const asked = await api.call(ENDPOINTS.accounts.updateProfile, { ...names, email }, { token: member.token });
    expect(asked.data.pending_email).toBe(email);
    expect(await emailOf(member.user.id)).toBeNull();
    const confirmed = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, email) },
      { token: member.token },
    );
    expect(confirmed.data.user.email).toBe(email);
  });

  it('refuses an address another account has, on both paths', async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    for (const current_password of [undefined, ceo.password]) {
      const answer = await api.call(
        ENDPOINTS.accounts.updateProfile,
        { ...names, email: other.email, current_password },
        { token: ceo.token },
      );
      expect(answer.status).toBe(409);
    }
  });
});
