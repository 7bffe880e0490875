import { ENDPOINTS, MESSAGES } from '@oja/contract';
import { codeMailedTo, expect, test } from '../fixtures';
import { addMember, apiCall, joinViaApi, memberSession, PASSWORD, signUpCeoViaApi } from '../helpers/api';
import { countRequests, slowRules } from '../helpers/network';
import { expectThumbSized } from '../helpers/thumb';

/**
 * The third audit of accounts and the team at 360 px with touch, as a shop owner and their staff meet them on a
 * cheap phone: hostile names on the user list, a failed save, double taps while the form's rules are still
 * downloading, and what a removed member sees on their next tap. Screenshots go to /tmp/aud3-auda-*.png.
 */

const shot = (name: string) => `/tmp/aud3-auda-${name}.png`;

test('the user list at 360 px: a 100-letter name and an HTML name stay in their card, each action is a thumb', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const long = 'A'.repeat(100);
  await addMember(page, ceo, 'sales_person', long, '<b>bold</b>');
  await joinViaApi(page, ceo.slug, 'customer', '  Ngozi  ', ' 🛍️ Eze ');
  await page.goto(`/business/${ceo.slug}/users`);

  const card = page.locator(`[aria-label="${long} <b>bold</b>"]`);
  const name = page.getByText(`${long} <b>bold</b>`, { exact: true });
  await expect(name).toBeVisible();
  // Spaces typed around a name are not kept; HTML is shown as the text it is.
  await expect(page.getByText('Ngozi 🛍️ Eze', { exact: true })).toBeVisible();
  await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);
  await page.screenshot({ path: shot('team-long-names'), fullPage: true });

  // The name wrapped inside its card: before, it ran on in one line under the status badge and past the card.
  const cardBox = await card.boundingBox();
  const nameBox = await name.boundingBox();
  expect(nameBox && cardBox && nameBox.x + nameBox.width).toBeLessThanOrEqual(
    (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
  );
  const badgeBox = await card.getByText('Active', { exact: true }).boundingBox();
  expect(nameBox && badgeBox && nameBox.x + nameBox.width).toBeLessThanOrEqual(badgeBox?.x ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Edit, Copy details and Delete were 26 px high: a thumb hit the card's next button.
  for (const action of ['Edit', 'Copy details', 'Delete']) {
    await expectThumbSized(card.getByRole('button', { name: action }));
  }
});

test('a failed save in the edit dialog says so in the dialog and keeps what was typed; a retry saves it', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  await addMember(page, ceo, 'sales_person', 'Bisi', 'Alao');
  await page.goto(`/business/${ceo.slug}/users`);
  const card = page.locator('[aria-label="Bisi Alao"]');
  await card.getByRole('button', { name: 'Edit' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Bisi Alao' });
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Bisola 😀');
  await dialog.getByLabel(/^Role/).click();
  await page.getByRole('option', { name: 'Manager', exact: true }).click();

  await page.route('**/api/v1/users/business-owner/update-user/', (route) => route.abort());
  await dialog.getByRole('button', { name: 'Update User' }).tap();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.toast.updateUser(MESSAGES.failed.network));
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Bisola 😀');
  await page.screenshot({ path: shot('edit-failed') });

  await page.unroute('**/api/v1/users/business-owner/update-user/');
  await dialog.getByRole('button', { name: 'Update User' }).tap();
  await expect(page.getByText(MESSAGES.team.userUpdated)).toBeVisible();
  await expect(page.locator('[aria-label="Bisola 😀 Alao"]')).toContainText(/Role: manager/i);
});

test('a double tap on Register while the rules download makes one account, not two', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const ceoCookies = await page.context().cookies();
  await page.context().clearCookies();
  await slowRules(page);
  const joins = countRequests(page, '/users/sales-person-register/');
  await page.goto(`/${ceo.slug}/salesperson`);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Tunde');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Bakare');
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  const register = page.getByRole('button', { name: 'Register' });
  // The first tap seems to do nothing while the rules arrive: the person taps again.
  await register.tap();
  // Forced: a thumb does not wait for the button to be enabled again.
  await register.tap({ force: true });
  await expect(page.getByText(MESSAGES.team.registrationSuccessful)).toBeVisible();
  await page.screenshot({ path: shot('join-double-tap') });
  expect(joins.count).toBe(1);

  await page.context().clearCookies();
  await page.context().addCookies(ceoCookies);
  const list = await apiCall(page, ENDPOINTS.team.listBusinessUsers, { business_id: ceo.businessId, search: 'Tunde' });
  expect(list.count).toBe(1);
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

test('a removed salesperson is told at their next call that their session has ended', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  const member = await addMember(page, ceo, 'sales_person', 'Sade', 'Ade');
  const { page: phone, context } = await memberSession(browser, member.username);
  await phone.goto('/');
  await expect(phone.getByText('Welcome back, Sade')).toBeVisible();

  await apiCall(page, ENDPOINTS.team.deleteBusinessUsers, { business_id: ceo.businessId, user_ids: [member.id] });
  // The next call meets the end of the session: the tap's, or one the page makes by itself before the tap.
  await Promise.race([
    phone.waitForURL('**/login'),
    phone
      .getByRole('link', { name: 'View All Sales' })
      .tap()
      .catch(() => {}),
  ]);
  await phone.waitForURL('**/login');
  // Before, the login page came without a word: the person could only guess why.
  await expect(phone.getByText(MESSAGES.auth.sessionExpired)).toBeVisible();
  await phone.screenshot({ path: shot('removed-member') });
  await context.close();
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
