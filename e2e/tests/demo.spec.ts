import { DEMO_PASSWORD } from '@oja/contract';
import { expect, test } from '../fixtures';
import { logInViaApi } from '../helpers/api';

/**
 * The demo shop that the server made on its first start (the e2e server starts on an empty
 * database): /test-customer-login opens the demo customer's area with her real orders and debt; a
 * salesperson is told the owner chooses the plan (pricing.spec.ts has the plans themselves).
 */
test('a visitor at 360 px tries the demo customer; a demo salesperson is not offered a plan', async ({
  page,
  browser,
}) => {
  await page.goto('/test-customer-login');
  await expect(page.getByRole('heading', { name: 'Try Oja as a customer' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('test-customer-login.png'), fullPage: true });
  // Its words whole at 360 px: "Log in as the demo cust…" was cut.
  const enter = page.getByRole('button', { name: 'Log in as the demo customer' });
  const label = enter.locator('.mantine-Button-label');
  expect(await label.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  await expect(label).toHaveText('Log in as the demo customer');
  await enter.tap();

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
  await expect(phone.getByText(/You're on a free trial\. Ends on: /)).toBeVisible();
  await expect(phone.getByText('The business owner chooses the plan.')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
  await context.close();
});
