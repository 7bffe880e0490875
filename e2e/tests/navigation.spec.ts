import { expect, test } from '../fixtures';

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
