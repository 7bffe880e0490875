import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { codeFromMail, freshIp, logIn, memberLoggedIn, signUpCeo, unique } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { accountTables } from './support';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const canLogIn = async (identifier: string, password: string) =>
  (await api.call(ENDPOINTS.accounts.login, { email_or_username: identifier, password }, { ip: freshIp() })).status ===
  200;

describe('GET /users/profile/view/', () => {
  it('answers the caller as the spec’s User', async () => {
    const ceo = await signUpCeo(t, { first_name: 'Bola', last_name: 'Ade' });
    const answer = await api.call(ENDPOINTS.accounts.profile, undefined, { token: ceo.token });
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.profile);
    expect(answer.data.user).toEqual({
      id: ceo.user.id,
      first_name: 'Bola',
      last_name: 'Ade',
      username: ceo.username,
      email: ceo.email,
      role: 'ceo',
      is_active: true,
      date_joined: expect.any(String),
      phone_number: null,
      can_create_business: true,
      business: {
        id: ceo.business.id,
        name: ceo.business.name,
        slug: ceo.business.slug,
        about: 'Provisions and drinks',
        created_at: expect.any(String),
        free_trial: true,
        trial_expiration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
  });

  it('asks a guest to log in', async () => {
    const answer = await api.call(ENDPOINTS.accounts.profile, undefined);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'unauthenticated', detail: MESSAGES.auth.unauthenticated });
  });
});

describe('PUT /users/update-profile/', () => {
  it('updates the names and, with the current password, mails a code that makes the new email the account’s', async () => {
    const ceo = await signUpCeo(t);
    const email = `New-${Date.now()}@Example.com`;
    const answer = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Chiamaka', last_name: 'Nwosu', email, current_password: ceo.password },
      { token: ceo.token, ip: freshIp() },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.emailCodeSent(email.toLowerCase()));
    expect(answer.data.user).toMatchObject({ first_name: 'Chiamaka', last_name: 'Nwosu', email: ceo.email });
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: ceo.token })).data.user.first_name).toBe(
      'Chiamaka',
    );
    const confirmed = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, email.toLowerCase()) },
      { token: ceo.token },
    );
    expect(confirmed.data.user.email).toBe(email.toLowerCase());
    expect(await canLogIn(email, ceo.password)).toBe(true);
  });

  it('keeps the caller’s own email when only its case changes', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Ada', last_name: 'Obi', email: ceo.email?.toUpperCase() },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
  });

  it('requires every field', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: '', last_name: 'Obi', email: ceo.email },
      { token: ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ first_name: [MESSAGES.validation.required] });
  });

  it('lets a member who joined by link (no email) change their names without giving one, then add one by code', async () => {
    const ceo = await signUpCeo(t);
    const member = await memberLoggedIn(t, ceo.businessId, 'sales_person');
    expect(member.user.email).toBeNull();
    const mailsBefore = t.mailer.outbox.length;
    const renamed = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Ngozi', last_name: 'Okafor' },
      { token: member.token },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.data).toMatchObject({ pending_email: null, user: { first_name: 'Ngozi', email: null } });
    // A blank email is no email, as the form sends it when the field is left empty.
    const blank = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Ngozi', last_name: 'Eze', email: ' ' },
      { token: member.token },
    );
    expect(blank.status).toBe(200);
    expect(blank.data.user).toMatchObject({ last_name: 'Eze', email: null });
    expect(t.mailer.outbox.length).toBe(mailsBefore);

    // A first email is a change of address: it needs the password, then waits for the code mailed to it.
    const email = `ngozi-${unique()}@example.com`;
    const asked = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Ngozi', last_name: 'Eze', email, current_password: member.password },
      { token: member.token, ip: freshIp() },
    );
    expect(asked.data).toMatchObject({ pending_email: email, user: { email: null } });
    const confirmed = await api.call(
      ENDPOINTS.accounts.confirmEmail,
      { code: codeFromMail(t, email) },
      { token: member.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.user.email).toBe(email);

    // Leaving it out afterwards keeps it: an email is never removed this way.
    const kept = await api.call(
      ENDPOINTS.accounts.updateProfile,
      { first_name: 'Ngozi', last_name: 'Obi' },
      { token: member.token },
    );
    expect(kept.data.user).toMatchObject({ last_name: 'Obi', email });
  });

  it('refuses a guest', async () => {
    const answer = await api.call(ENDPOINTS.accounts.updateProfile, {
      first_name: 'A',
      last_name: 'B',
      email: 'guest@example.com',
    });
    expect(answer.status).toBe(401);
  });
});

describe('POST /users/change-password/', () => {
  const NEW_PASSWORD = 'brand-new-pass-9';

  it('refuses a confirmation that does not match, sending "Passwords do not match", and changes nothing', async () => {
    const ceo = await signUpCeo(t);
    const before = await accountTables(t);
    const answer = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: ceo.password, new_password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}x` },
      { token: ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('Passwords do not match');
    expect(answer.body.errors).toEqual({ confirm_password: ['Passwords do not match'] });
    expect(await accountTables(t)).toEqual(before);
    expect(await canLogIn(ceo.username, ceo.password)).toBe(true);
  });

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: 'not-my-password', new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      { token: ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ previous_password: [MESSAGES.auth.previousPasswordWrong] });
    expect(await canLogIn(ceo.username, ceo.password)).toBe(true);
    expect(await canLogIn(ceo.username, NEW_PASSWORD)).toBe(false);
    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: ceo.token })).status).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const ceo = await signUpCeo(t);
    const answer = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: ceo.password, new_password: 'short', confirm_password: 'short' },
      { token: ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.new_password).toEqual([MESSAGES.validation.passwordTooShort]);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const ceo = await signUpCeo(t);
    const otherDevice = await logIn(t, ceo.username);
    const answer = await api.call(
      ENDPOINTS.accounts.changePassword,
      { previous_password: ceo.password, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      { token: ceo.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response_description).toBe(MESSAGES.auth.passwordChanged);

    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: otherDevice.token })).status).toBe(401);
    const otherRefresh = await api.call(ENDPOINTS.accounts.refresh, { refresh_token: otherDevice.refreshToken });
    expect(otherRefresh.status).toBe(401);

    expect((await api.call(ENDPOINTS.accounts.profile, undefined, { token: ceo.token })).status).toBe(200);
    const ownRefresh = await api.call(ENDPOINTS.accounts.refresh, { refresh_token: ceo.refreshToken });
    expect(ownRefresh.status).toBe(200);

    expect(await canLogIn(ceo.username, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(ceo.username, ceo.password)).toBe(false);
  });
});
