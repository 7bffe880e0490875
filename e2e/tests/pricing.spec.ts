import { expect, test } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';

test('a visitor reads the plans without an account, and finds the way to sign up', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Plans and pricing' })).toBeVisible();
  await expect(page.getByText('₦4,500.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose Business' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pricing-guest-360.png'), fullPage: true });
  await page.getByRole('link', { name: 'create an account for your shop' }).tap();
  await expect(page).toHaveURL(/\/register$/);
});

test("the owner's Upgrade Now leads to the plans in the app's frame, naming the business", async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}`);
  await page.getByRole('link', { name: 'Upgrade Now' }).tap();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText(`${ceo.businessName} is on its free trial`)).toBeVisible();
  // The app's own top bar, not the visitor's frame.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Choose Starter' })).toHaveAttribute(
    'href',
    new RegExp(`subject=${encodeURIComponent(`Upgrade ${ceo.businessName}`)}`),
  );
});
