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
import { smallTargets } from '../helpers/thumb';

/**
 * Every visible button, link and tab of the main screens at 360 px with touch is at least 40 × 40 px: the dialog's
 * close, the quantity steppers, the invite links' copy buttons, the pager, the password's eye and the "Sale #…"
 * links were each found smaller.
 */

/** The screen's small targets, reported under the screen's name so that one run lists them all. */
async function expectThumbTargets(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: test.info().outputPath(`${screen}.png`), fullPage: true });
  expect.soft(await smallTargets(page), `${screen}: targets under 40 × 40 px`).toEqual([]);
}

test('the sign-in screens and the plans, as a visitor', async ({ page }) => {
  for (const [screen, path] of [
    ['login', '/login'],
    ['register', '/register'],
    ['forgot-password', '/forgot-password'],
    ['test-customer-login', '/test-customer-login'],
    ['pricing', '/pricing'],
  ] as const) {
    await page.goto(path);
    await expectThumbTargets(page, screen);
  }
});

test("the owner's and a salesperson's screens, their dialogs and lists of more than one page", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const products = [];
  for (let index = 0; index <= PAGE_SIZE.products; index += 1) {
    products.push(await createProduct(page, ceo.businessId, `Product ${index} ${stamp}`, '500.00', 10));
  }
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

  for (const [screen, path] of [
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
  ] as const) {
    await page.goto(path);
    await expectThumbTargets(page, screen);
  }

  await page.goto(`${base}/inventory`);
  await page.getByRole('button', { name: 'Add Product' }).tap();
  await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeVisible();
  await expectThumbTargets(page, 'add-product-dialog');

  await page.goto(`${base}/sales`);
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .tap();
  await expect(page.getByRole('dialog', { name: /^Edit / })).toBeVisible();
  await expectThumbTargets(page, 'cart-editor-dialog');

  const { context, page: phone } = await memberSession(browser, seller.username);
  for (const [screen, path] of [
    ['employee-home', `/${ceo.slug}/employee`],
    ['employee-sales', `/${ceo.slug}/employee/sales`],
    ['employee-inventory', `/${ceo.slug}/employee/inventory`],
  ] as const) {
    await phone.goto(path);
    await expectThumbTargets(phone, screen);
  }
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
  for (const [screen, path] of [
    ['counter-review', `${base}/counter-review`],
    ['close-day', `${base}/close-day`],
    ['customers', `${base}/customers`],
    ['customer', `${base}/customers/view?id=${customer.id}`],
    ['reprice', `${base}/inventory/prices`],
    ['import', `${base}/inventory/import`],
    ['account-settings', '/settings'],
  ] as const) {
    await page.goto(path);
    await expectThumbTargets(page, screen);
  }

  const { context, page: phone } = await memberSession(browser, customer.username);
  for (const [screen, path] of [
    ['customer-products', `/${ceo.slug}/customer/products`],
    ['customer-invoices', `/${ceo.slug}/customer/invoices`],
    ['customer-debts', `/${ceo.slug}/customer/debts`],
    ['customer-profile', `/${ceo.slug}/customer/profile`],
  ] as const) {
    await phone.goto(path);
    await expectThumbTargets(phone, screen);
  }
  await context.close();
});
