import { ENDPOINTS, MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { codeMailedTo, expect, fill, test, uniqueEmail } from '../fixtures';
import { ownNetwork, PASSWORD, signUpCeoViaApi } from '../helpers/api';

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
