import { expect, test } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  // Home is protected: a guest ends on the login page.
  await expect(page).toHaveURL(/\/login$/);
});

test('a guest opening /settings is sent to /login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-in owner is sent from / and from the guest pages to their dashboard', async ({ page }) => {
  await signUpCeoViaApi(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  // Verification has no guest wrapper: someone logged in elsewhere can still verify a new account.
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
});
