import { ENDPOINTS, PAGE_SIZE } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  addMember,
  apiCall,
  createCart,
  createProduct,
  memberSession,
  sellViaApi,
  signUpCeoViaApi,
} from '../helpers/api';
import { addBySearch, counterShop, openCounter } from '../helpers/counter';
import { networkSettled } from '../helpers/network';
import { openInApp } from '../helpers/phone';
import { smallTargets } from '../helpers/thumb';

/**
 * Every visible button, link and tab of the main screens at 360 px with touch is at least 40 × 40 px: the dialog's
 * close, the quantity steppers, the invite links' copy buttons, the pager, the password's eye and the "Sale #…"
 * links were each found smaller.
 */

/**
 * The screen's small targets, reported under the screen's name so that one run lists them all; a screen with any
 * is photographed whole for the person reading the failure.
 */
async function expectThumbTargets(page: Page, screen: string) {
  await networkSettled(page);
  const small = await smallTargets(page);
  if (small.length > 0) await page.screenshot({ path: test.info().outputPath(`${screen}.png`), fullPage: true });
  expect.soft(small, `${screen}: targets under 40 × 40 px`).toEqual([]);
}

/**
 * Each screen of the list, opened as the app's own links open it (no reload: one page load serves every screen)
 * and measured once it has drawn its answers.
 */
async function expectScreens(page: Page, screens: readonly (readonly [string, string])[]) {
  // The page's own load first: the requests of the screens opened after it are each waited for.
  await networkSettled(page);
  for (const [screen, path] of screens) {
    await openInApp(page, path);
    await expectThumbTargets(page, screen);
  }
}

test('the sign-in screens and the plans, as a visitor', async ({ page }) => {
  await page.goto('/login');
  await expectScreens(page, [
    ['login', '/login'],
    ['register', '/register'],
    ['forgot-password', '/forgot-password'],
    ['test-customer-login', '/test-customer-login'],
    ['pricing', '/pricing'],
  ]);
});

test("the owner's and a salesperson's screens, their dialogs and lists of more than one page", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  // One more product than a page holds, so that the inventory shows its pager.
  const products = await Promise.all(
    Array.from({ length: PAGE_SIZE.products + 1 }, (_, index) =>
      createProduct(page, ceo.businessId, `Product ${index} ${stamp}`, '500.00', 10),
    ),
  );
  const [first] = products;
  if (!first) throw new Error('No product was made.');
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const sold = await createCart(page, ceo.businessId, 'Iya Bose', [{ product_id: first.id, quantity: 2 }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: sold.id,
    payment_status: 'partial',
    deposit_amount: '100.00',
  });
  await createCart(page, ceo.businessId, 'Baba Sule', [{ product_id: first.id, quantity: 1 }]);
  const base = `/business/${ceo.slug}`;

  await page.goto('/dashboard');
  await expectScreens(page, [
    ['dashboard', '/dashboard'],
    ['overview', base],
    ['inventory', `${base}/inventory`],
    ['product', `${base}/inventory/${first.id}`],
    ['carts', `${base}/sales`],
    ['sales', `${base}/sales?tab=sales`],
    ['sale', `${base}/sales/${sale.id}`],
    ['team', `${base}/users`],
    ['expenses', `${base}/expenses`],
    ['reports', `${base}/reports`],
    ['business-settings', `${base}/settings`],
  ]);

  await openInApp(page, `${base}/inventory`);
  await page.getByRole('button', { name: 'Add Product' }).tap();
  await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeVisible();
  await expectThumbTargets(page, 'add-product-dialog');

  await openInApp(page, `${base}/sales`);
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .tap();
  await expect(page.getByRole('dialog', { name: /^Edit / })).toBeVisible();
  await expectThumbTargets(page, 'cart-editor-dialog');

  const { context, page: phone } = await memberSession(browser, seller.username);
  await phone.goto(`/${ceo.slug}/employee`);
  await expectScreens(phone, [
    ['employee-home', `/${ceo.slug}/employee`],
    ['employee-sales', `/${ceo.slug}/employee/sales`],
    ['employee-inventory', `/${ceo.slug}/employee/inventory`],
  ]);
  await context.close();
});

test("the newer screens: Sell with a line, close the day, the customers book and a customer, prices, import, the account's settings, and a customer's own area", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ceo = await signUpCeoViaApi(page);
  const { rice } = await counterShop(page, ceo);
  const customer = await addMember(page, ceo, 'customer', 'Ngozi', 'Eze');
  await sellViaApi(page, ceo.businessId, rice.id, 1, { customer_id: customer.id });
  const base = `/business/${ceo.slug}`;

  await openCounter(page, ceo);
  await addBySearch(page, 'Mama Gold', rice.product_name);
  await expectThumbTargets(page, 'sell');
  await expectScreens(page, [
    ['counter-review', `${base}/counter-review`],
    ['close-day', `${base}/close-day`],
    ['customers', `${base}/customers`],
    ['customer', `${base}/customers/view?id=${customer.id}`],
    ['reprice', `${base}/inventory/prices`],
    ['import', `${base}/inventory/import`],
    ['account-settings', '/settings'],
  ]);

  const { context, page: phone } = await memberSession(browser, customer.username);
  await phone.goto(`/${ceo.slug}/customer/products`);
  await expectScreens(phone, [
    ['customer-products', `/${ceo.slug}/customer/products`],
    ['customer-invoices', `/${ceo.slug}/customer/invoices`],
    ['customer-debts', `/${ceo.slug}/customer/debts`],
    ['customer-profile', `/${ceo.slug}/customer/profile`],
  ]);
  await context.close();
});
