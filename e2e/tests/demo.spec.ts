import { DEMO_PASSWORD } from '@oja/contract';
import { expect, test } from '../fixtures';
import { logInViaApi } from '../helpers/api';

/**
 * The demo shop that the server made on its first start (the e2e server starts on an empty
 * database): /test-customer-login opens the demo customer's area with her real orders and debt,
 * and an employee's Upgrade Now leads to the plans.
 */
test('a visitor at 360 px tries the demo customer; a demo salesperson finds the plans from Upgrade Now', async ({
  page,
  browser,
}) => {
  await page.goto('/test-customer-login');
  await expect(page.getByRole('heading', { name: 'Try Oja as a customer' })).toBeVisible();
  await page.screenshot({ path: '/tmp/issue11-test-customer-login.png', fullPage: true });
  await page.getByRole('button', { name: 'Log in as the demo customer' }).tap();

  await expect(page).toHaveURL(/\/[a-z0-9-]+\/customer$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Amaka 👋' })).toBeVisible();
  // Her orders are the shop's real sales to her: never none.
  await expect(page.getByLabel('Total Orders')).toContainText(/[1-9]/);
  const slug = new URL(page.url()).pathname.split('/')[1];
  await page.goto(`/${slug}/customer/debts`);
  await expect(page.getByRole('heading', { level: 2, name: 'Debts' })).toBeVisible();
  await expect(page.getByLabel('Total owed')).toContainText('₦');
  await expect(page.getByText('Partially Paid').first()).toBeVisible();
  await expect(page.getByText('Unpaid').first()).toBeVisible();

  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
  });
  const phone = await context.newPage();
  await logInViaApi(phone, 'demo.bisi', DEMO_PASSWORD);
  await phone.goto(`/${slug}/employee`);
  await phone.getByRole('link', { name: 'Upgrade Now' }).tap();
  await expect(phone).toHaveURL(/\/pricing$/);
  await expect(phone.getByRole('heading', { name: 'Plans and pricing' })).toBeVisible();
  await expect(phone.getByText('₦4,500.00')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Choose Business' })).toHaveAttribute('href', /^mailto:/);
  await phone.screenshot({ path: '/tmp/issue11-pricing.png', fullPage: true });
  await context.close();
});
