import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email_change_undos, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, logIn, memberLoggedIn, type Owner, signUpCeo, unique } from '../factories';
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
const profileStatus = async (token: string) =>
  (await api.call(ENDPOINTS.accounts.profile, undefined, { token })).status;

/** Asks for a new email with the password and enters the code mailed to it: answers the undo link's token. */
async function changeEmail(ceo: Owner, newEmail: string): Promise<string> {
  const asked = await api.call(
    ENDPOINTS.accounts.updateProfile,
    { ...names, email: newEmail, current_password: ceo.password },
    { token: ceo.token, ip: freshIp() },
  );
  expect(asked.status).toBe(200);
  const confirmed = await api.call(
    ENDPOINTS.accounts.confirmEmail,
    { code: codeFromMail(t, newEmail) },
    { token: ceo.token },
  );
  expect(confirmed.status).toBe(200);
  return undoTokenMailedTo(ceo.email);
}

function undoTokenMailedTo(email: string): string {
  const mail = t.mailer.lastTo(email);
  expect(mail?.subject).toBe('Your Oja email was changed');
  const link = mail?.text.match(/(\S+\/undo-email-change\?token=\S+)/)?.[1];
  if (!link) throw new Error(`No undo link was mailed to ${email}.`);
  return new URL(link).searchParams.get('token') ?? '';
}

const undo = (token: string) => api.call(ENDPOINTS.accounts.undoEmailChange, { token }, { ip: freshIp() });

describe('changing the account email', () => {
  it('is refused with only a session: the current password is asked for, and nothing is mailed', async () => {
    const ceo = await signUpCeo(t);
    const taker = `taker-${unique()}@example.com`;
    const mailsBefore = t.mailer.outbox.length;
    const bare = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Renamed', last_name: 'Obi', email: taker },
      { token: ceo.token },
    );
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual({ current_password: [MESSAGES.auth.currentPasswordForEmail] });
    const wrong = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { ...names, email: taker, current_password: 'not-my-password' },
      { token: ceo.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: [MESSAGES.auth.currentPasswordWrong] });
    expect(t.mailer.outbox.slice(mailsBefore)).toEqual([]);
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);
    // No code was issued, so none can be confirmed, and a reset through the taker's address finds no account.
    expect((await api.call(ENDPOINTS.accounts.confirmEmail, { code: '000000' }, { token: ceo.token })).status).toBe(
      400,
    );
    await api.call(ENDPOINTS.accounts.forgotPassword, { email: taker }, { ip: freshIp() });
    expect(t.mailer.lastTo(taker)).toBeUndefined();
    await logIn(t, ceo.email);
  });

  it('with the password, waits for the code mailed to the new address, then tells the old one with an undo link', async () => {
    const ceo = await signUpCeo(t);
    const newEmail = `mine-${unique()}@example.com`;
    const asked = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { ...names, email: newEmail, current_password: ceo.password },
      { token: ceo.token, ip: freshIp() },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.response_description).toBe(MESSAGES.auth.emailCodeSent(newEmail));
    expect(asked.data).toMatchObject({ pending_email: newEmail, user: { email: ceo.email } });
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);

    const confirmed = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, newEmail) },
      { token: ceo.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.user.email).toBe(newEmail);
    const token = undoTokenMailedTo(ceo.email);
    expect(t.mailer.lastTo(ceo.email)?.text).toContain(newEmail);
    expect(t.mailer.lastTo(ceo.email)?.text).toContain('within 7 days');
    // The link's token is kept only as a hash.
    const [stored] = await t.db.select().from(email_change_undos).where(eq(email_change_undos.user_id, ceo.user.id));
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    await logIn(t, newEmail);
  });

  it('is undone by the link mailed to the old address: the old email is back, every session ends, once', async () => {
    const ceo = await signUpCeo(t);
    const phone = await logIn(t, ceo.email);
    const taker = `taker-${unique()}@example.com`;
    const token = await changeEmail(ceo, taker);

    const undone = await undo(token);
    expect(undone.status).toBe(200);
    expect(undone.body.response_description).toBe(MESSAGES.auth.emailChangeUndone(ceo.email));
    expect(undone.data).toEqual({ email: ceo.email });
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);
    expect(await profileStatus(ceo.token)).toBe(401);
    expect(await profileStatus(phone.token)).toBe(401);
    expect((await api.call(ENDPOINTS.accounts.refresh, { refresh_token: ceo.refreshToken })).status).toBe(401);
    // The owner signs in with the old address again; the taker's address is nobody's.
    await logIn(t, ceo.email);
    const takerLogin = await api.call(
      ENDPOINTS.accounts.login,
      { email_or_username: taker, password: ceo.password },
      { ip: freshIp() },
    );
    expect(takerLogin.status).toBe(401);

    const again = await undo(token);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ token: [MESSAGES.auth.undoLinkInvalid] });
  });

  it('refuses an undo link after its 7 days, or one that was never mailed', async () => {
    const ceo = await signUpCeo(t);
    const newEmail = `later-${unique()}@example.com`;
    const token = await changeEmail(ceo, newEmail);
    await t.db
      .update(email_change_undos)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(email_change_undos.user_id, ceo.user.id));
    const late = await undo(token);
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(MESSAGES.auth.undoLinkInvalid);
    expect(await emailOf(ceo.user.id)).toBe(newEmail);
    expect(await profileStatus(ceo.token)).toBe(200);
    expect((await undo(`never-${unique()}`)).status).toBe(400);
  });

  it('answers a taken address exactly as a free one, after spending the mail budget; its owner is told, no code', async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    const free = `free-${unique()}@example.com`;
    const ask = (email: string) =>
      api.call(
        ENDPOINTS.accounts.updateProfile,
        { ...names, email, current_password: ceo.password },
        { token: ceo.token, ip: freshIp() },
      );
    const freeAnswer = await ask(free);
    const takenAnswer = await ask(other.email.toUpperCase());
    expect(takenAnswer.status).toBe(freeAnswer.status);
    expect(takenAnswer.body.response_description).toBe(MESSAGES.auth.emailCodeSent(other.email));
    expect(freeAnswer.body.response_description).toBe(MESSAGES.auth.emailCodeSent(free));
    expect(takenAnswer.data).toEqual({ ...freeAnswer.data, pending_email: other.email });

    const notice = t.mailer.lastTo(other.email);
    expect(notice?.subject).toBe('Someone tried to use your email on Oja');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    // The code mailed to the free address ended when the taken one was asked for, as a newer code would end it.
    const stale = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, free) },
      { token: ceo.token },
    );
    expect(stale.status).toBe(400);
    expect(await emailOf(ceo.user.id)).toBe(ceo.email);
    expect(await emailOf(other.user.id)).toBe(other.email);
  });

  it('spends the mail budget on taken addresses too: probing from one session runs out as mailing does', async () => {
    const ceo = await signUpCeo(t);
    const other = await signUpCeo(t);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40 && !statuses.includes(429); attempt++) {
      const answer = await api.call(
        ENDPOINTS.accounts.updateProfile,
        {
          ...names,
          email: attempt % 2 ? other.email : `probe-${unique()}@example.com`,
          current_password: ceo.password,
        },
        { token: ceo.token, ip },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toContain(429);
    expect(new Set(statuses.filter((status) => status !== 429))).toEqual(new Set([200]));
  });

  it('a member who joined by link adds a first email by the same rule', async () => {
    const ceo = await signUpCeo(t);
    const member = await memberLoggedIn(t, ceo.business.id, 'sales_rep');
    expect(member.email).toBeNull();
    const email = `first-${unique()}@example.com`;
    const bare = await api.call(ENDPOINTS.accounts.updateProfile, { ...names, email }, { token: member.token });
    expect(bare.status).toBe(400);
    const asked = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { ...names, email, current_password: member.password },
      { token: member.token, ip: freshIp() },
    );
    expect(asked.data.pending_email).toBe(email);
    expect(await emailOf(member.user.id)).toBeNull();
    const confirmed = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, email) },
      { token: member.token },
    );
    expect(confirmed.data.user.email).toBe(email);
  });
});
