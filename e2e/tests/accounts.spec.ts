import { ENDPOINTS, MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { codeMailedTo, expect, fill, test, uniqueEmail } from '../fixtures';
import { addMember, apiCall, memberSession, ownNetwork, PASSWORD, signUpCeoViaApi } from '../helpers/api';
import { countRequests, slowRules } from '../helpers/network';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

const uniqueName = () => `Tester${Math.floor(Math.random() * 1e6)}`;

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
}

async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await fill(page, 'Email or username', identifier);
  await fill(page, 'Password', password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A value shown on the settings page under its label. */
const detail = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

test('a business owner signs up, verifies the emailed code, logs out and logs back in by username', async ({
  page,
}) => {
  const email = uniqueEmail('owner');
  const lastName = uniqueName();
  await page.goto('/register');
  await fill(page, 'First name', 'Ngozi');
  await fill(page, 'Last name', lastName);
  await fill(page, 'Email', email);
  await fill(page, 'Password', PASSWORD);
  await fill(page, 'Business name', `Ngozi Provisions ${lastName}`);
  await fill(page, 'Business email', `shop-${email}`);
  await fill(page, 'About', 'Rice, beans and provisions');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await fill(page, 'Verification code', await codeMailedTo(email));
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome.*Ngozi/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for Ngozi ${lastName}` })).toBeVisible();

  // The settings page tells the person the username they were given.
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const username = (await detail(page, 'Username').textContent()) ?? '';
  expect(username).toMatch(/^ngozi\.tester\d+/);

  await logOut(page);
  // Logged out on the server too: the protected pages send this browser to /login again.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, username.toUpperCase(), PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password shows the message and stays on the login page', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.context().clearCookies();

  await logIn(page, ceo.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.auth.invalidCredentials);
  await expect(page).toHaveURL(/\/login$/);

  // The show/hide toggle reveals what was typed.
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Toggle password visibility' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  // The form checks its fields before asking the server.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(MESSAGES.validation.required).first()).toBeVisible();
});

test('an account never verified is taken from login to verification, gets a new code and finishes there', async ({
  page,
}) => {
  const email = uniqueEmail('unverified');
  const registered = await page.request.post('/api/v1/users/ceo-register/', {
    headers: ownNetwork(),
    data: {
      first_name: 'Emeka',
      last_name: 'Nwosu',
      email,
      password: PASSWORD,
      business: { name: `Emeka Spare Parts ${uniqueName()}`, business_email: `biz-${email}`, about: 'Parts' },
    },
  });
  expect(registered.status()).toBe(201);
  const firstCode = await codeMailedTo(email);

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  // Arriving from login mails a fresh code by itself.
  await expect(page.getByText(MESSAGES.auth.codeResent)).toBeVisible();
  const autoCode = await codeMailedTo(email, { after: firstCode });

  // Resend Code pauses for 1.5 s after a click, then works again.
  const resend = page.getByRole('button', { name: 'Resend Code' });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(resend).toBeDisabled();
  const latestCode = await codeMailedTo(email, { after: autoCode });
  await expect(resend).toBeEnabled();

  // Only the newest code counts.
  await fill(page, 'Verification code', autoCode);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText(MESSAGES.auth.codeInvalid)).toBeVisible();

  await fill(page, 'Verification code', latestCode);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a forgotten password is reset with the emailed code, and the new one logs in', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.context().clearCookies();
  const verificationCode = await codeMailedTo(ceo.email);
  const newPassword = 'a-brand-new-pass-7';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await fill(page, 'Email', ceo.email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText(MESSAGES.auth.forgotSent)).toBeVisible();

  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ceo.email);
  await fill(page, 'Reset code', await codeMailedTo(ceo.email, { after: verificationCode }));
  await fill(page, 'New password', newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(MESSAGES.auth.passwordReset)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, ceo.email, ceo.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.auth.invalidCredentials);
  await logIn(page, ceo.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('settings: the owner edits their info and changes their password', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page, { firstName: 'Bola', lastName: 'Ade' });
  const passwordRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(ENDPOINTS.accounts.changePassword.path)) passwordRequests.push(request.url());
  });

  await page.goto('/settings');
  await expect(detail(page, 'Full name')).toHaveText('Bola Ade');
  await expect(detail(page, 'Email')).toHaveText(ceo.email);
  await expect(detail(page, 'Role')).toHaveText('CEO');

  const newEmail = uniqueEmail('renamed');
  await page.getByRole('button', { name: 'Edit Info' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Info' });
  await expect(editDialog.getByLabel('First name')).toHaveValue('Bola');
  await editDialog.getByLabel('First name').fill('Chiamaka');
  await editDialog.getByLabel('Email').fill(newEmail);
  // A new email needs the current password, then the code mailed to it.
  await editDialog.getByLabel('Current password').fill(ceo.password);
  await editDialog.getByRole('button', { name: 'Update Info' }).click();
  await editDialog.getByLabel('Code').fill(await codeMailedTo(newEmail));
  await editDialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByText(MESSAGES.auth.emailChanged)).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(detail(page, 'Full name')).toHaveText('Chiamaka Ade');
  await expect(detail(page, 'Email')).toHaveText(newEmail);
  await expect(page.getByRole('button', { name: 'Account menu for Chiamaka Ade' })).toBeVisible();

  const newPassword = 'changed-pass-word-5';
  await page.getByRole('button', { name: 'Change Password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Change Password' });
  await passwordDialog.getByLabel('Current password').fill(ceo.password);
  await passwordDialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordDialog.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
  await passwordDialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(passwordDialog.getByText('Passwords do not match')).toBeVisible();
  expect(passwordRequests).toEqual([]);

  await passwordDialog.getByLabel('Confirm new password').fill(newPassword);
  await passwordDialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(MESSAGES.auth.passwordChanged)).toBeVisible();
  await expect(passwordDialog).toBeHidden();
  expect(passwordRequests).toHaveLength(1);

  await logOut(page);
  await logIn(page, newEmail, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('settings: a new email needs the current password, then waits for the code sent to it', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page, { firstName: 'Bola', lastName: 'Ade' });
  await page.goto('/settings');
  const newEmail = uniqueEmail('confirmed');
  await page.getByRole('button', { name: 'Edit Info' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Info' });
  await editDialog.getByLabel('Email').fill(newEmail);
  // A session alone does not move the account to another inbox.
  await editDialog.getByRole('button', { name: 'Update Info' }).click();
  await expect(editDialog.getByText(MESSAGES.auth.currentPasswordForEmail)).toBeVisible();
  await editDialog.getByLabel('Current password').fill(ceo.password);
  await editDialog.getByRole('button', { name: 'Update Info' }).click();
  await expect(editDialog.getByText(MESSAGES.auth.emailCodeSent(newEmail))).toBeVisible();
  const firstCode = await codeMailedTo(newEmail);
  await page.screenshot({ path: '/tmp/email-code-step.png' });
  // Until the code is entered the old email stays, and the page says what waits, after a reload too.
  await editDialog.getByRole('button', { name: 'Later' }).click();
  await expect(detail(page, 'Email')).toHaveText(ceo.email);
  const waiting = page.getByText(MESSAGES.auth.emailWaitsForCode(newEmail));
  await expect(waiting).toBeVisible();
  await page.reload();
  await expect(waiting).toBeVisible();

  // Back to the code step from the page; another address instead asks for a new code.
  await page.getByRole('button', { name: 'Enter the code' }).click();
  await expect(editDialog.getByText(MESSAGES.auth.emailCodeSent(newEmail))).toBeVisible();
  await editDialog.getByRole('button', { name: 'Use another email' }).click();
  await expect(waiting).toBeHidden();
  await editDialog.getByLabel('Email').fill(newEmail);
  await editDialog.getByLabel('Current password').fill(ceo.password);
  await editDialog.getByRole('button', { name: 'Update Info' }).click();
  // Asking again sends a new code, which replaces the first: wait for it.
  await editDialog.getByLabel('Code').fill(await codeMailedTo(newEmail, { after: firstCode }));
  await editDialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByText(MESSAGES.auth.emailChanged)).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(detail(page, 'Email')).toHaveText(newEmail);
  await expect(waiting).toBeHidden();
});

test('every account screen fits a 360 px phone without sideways scrolling', async ({ page }) => {
  const fitsWidth = async () => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  };
  for (const [path, heading] of [
    ['/login', 'Log in'],
    ['/register', 'Create your account'],
    ['/verify-email', 'Verify your email'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Reset password'],
    ['/undo-email-change?token=never-mailed', 'Undo the email change'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await fitsWidth();
  }
  await signUpCeoViaApi(page, { firstName: 'Oluwaseun', lastName: 'Adebayo-Johnson' });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await fitsWidth();
});

test('a member who joined by link (no email) changes their name, then adds an email with the code mailed to it', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const member = await addMember(page, ceo, 'sales_person', 'Chidi', 'Eze');
  const { context, page: theirs } = await memberSession(browser, member.username);
  await theirs.goto('/settings');
  await expect(theirs.getByText('N/A')).toBeVisible();
  await theirs.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = theirs.getByRole('dialog', { name: 'Edit Info' });
  await expect(dialog.getByRole('textbox', { name: 'Email (optional)' })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Chidinma');
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await expect(theirs.getByText(MESSAGES.auth.profileUpdated)).toBeVisible();
  await expect(theirs.getByText('Chidinma Eze')).toBeVisible();

  // A first email is a change of address: with the password, the code mailed to it makes it the account's.
  const email = uniqueEmail('chidinma');
  await theirs.getByRole('button', { name: 'Edit Info' }).tap();
  await dialog.getByRole('textbox', { name: 'Email (optional)' }).fill(email);
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await expect(dialog.getByText(MESSAGES.auth.emailCodeSent(email))).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeMailedTo(email));
  await dialog.getByRole('button', { name: 'Confirm Email' }).tap();
  await expect(theirs.getByText(MESSAGES.auth.emailChanged)).toBeVisible();
  await expect(theirs.getByText(email)).toBeVisible();
  await expectNoSidewaysScroll(theirs);
  await context.close();
});

test('a double tap on Reset password while the rules download resets it once and says it worked', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.context().clearCookies();
  const activation = await codeMailedTo(ceo.email);
  await apiCall(page, ENDPOINTS.accounts.forgotPassword, { email: ceo.email });
  const code = await codeMailedTo(ceo.email, { after: activation });
  await slowRules(page);
  const resets = countRequests(page, '/users/reset-password/');
  await page.goto(`/reset-password?email=${encodeURIComponent(ceo.email)}`);
  await page.getByRole('textbox', { name: 'Reset code' }).fill(` ${code.slice(0, 3)} ${code.slice(3)} `);
  await page.getByRole('textbox', { name: 'New password' }).fill('new-pass-word-456');
  const reset = page.getByRole('button', { name: 'Reset password' });
  await reset.tap();
  // Forced: a thumb does not wait for the button to be enabled again.
  await reset.tap({ force: true });
  // The second request found the code spent and its answer, the last, said the code was wrong.
  await expect(page.getByRole('status')).toHaveText(MESSAGES.auth.passwordReset);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: shot('reset-double-tap') });
  expect(resets.count).toBe(1);
  await page.waitForURL('**/login');
});

test('log in: a wrong password, an unknown user and a failed network each say so and keep what was typed', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  await page.context().clearCookies();
  await page.goto('/login');
  const identifier = page.getByRole('textbox', { name: 'Email or username' });
  const password = page.getByRole('textbox', { name: 'Password' });
  const logIn = page.getByRole('button', { name: 'Log in' });

  await identifier.fill(`  ${ceo.username.toUpperCase()}  `);
  await password.fill('not-the-password');
  await logIn.tap();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.auth.invalidCredentials);
  await identifier.fill('nobody-at-all@example.com');
  await logIn.tap();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.auth.invalidCredentials);

  await page.route('**/api/v1/users/login/', (route) => route.abort());
  await identifier.fill(ceo.email);
  await password.fill(PASSWORD);
  await logIn.tap();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.failed.network);
  await expect(identifier).toHaveValue(ceo.email);
  await expect(password).toHaveValue(PASSWORD);
  await page.screenshot({ path: shot('login-network') });

  await page.unroute('**/api/v1/users/login/');
  await logIn.tap();
  await page.waitForURL('**/dashboard');
});

test("the sign-in pages' main buttons are a thumb's size", async ({ page }) => {
  for (const [path, name] of [
    ['/login', 'Log in'],
    ['/register', 'Create account'],
    ['/forgot-password', 'Send reset code'],
    ['/reset-password', 'Reset password'],
    ['/verify-email', 'Verify Email'],
  ] as const) {
    await page.goto(path);
    await expectThumbSized(page.getByRole('button', { name, exact: true }));
  }
});

test('a pasted code loses its spaces before its length is cut; Resend Code clears the old code error', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('paste');
  const registered = await page.request.post('/api/v1/users/ceo-register/', {
    headers: ownNetwork(),
    data: {
      first_name: 'Ngozi',
      last_name: 'Eze',
      email,
      password: PASSWORD,
      business: { name: `Ngozi Fabrics ${Date.now()}`, business_email: `biz-${email}`, about: 'Fabrics' },
    },
  });
  expect(registered.status()).toBe(201);
  const code = await codeMailedTo(email);
  const wrong = code === '000000' ? '111111' : '000000';

  await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
  const input = page.getByRole('textbox', { name: 'Verification code', exact: true });
  // As copied from an email: a space before, a line break after.
  await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${wrong}\n`);
  await input.tap();
  await input.press('ControlOrMeta+V');
  await expect(input).toHaveValue(wrong);
  await page.getByRole('button', { name: 'Verify Email' }).tap();
  await expect(page.getByText(MESSAGES.auth.codeInvalid)).toBeVisible();
  await expect(page.getByText(MESSAGES.validation.codeFormat)).toHaveCount(0);

  await page.getByRole('button', { name: 'Resend Code' }).tap();
  await expect(page.getByText(MESSAGES.auth.codeResent)).toBeVisible();
  await expect(page.getByText(MESSAGES.auth.codeInvalid)).toHaveCount(0);
  const fresh = await codeMailedTo(email, { after: code });

  // Typed with spaces between the groups, as some mails show it.
  await input.fill('');
  await input.pressSequentially(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
  await expect(input).toHaveValue(fresh);
  await page.getByRole('button', { name: 'Verify Email' }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);
});
