import { MESSAGES, PRODUCT_SEARCH_MAX_LENGTH, SALES_SEARCH_MAX_LENGTH } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, createProduct, memberSession, sellViaApi, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

/** Opens a page of the employee area from its menu, as a thumb does on a phone. */
async function openFromMenu(page: Page, shop: string, label: string, heading = label) {
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  const menu = page.getByRole('navigation', { name: `${shop} menu` });
  await menu.getByRole('link', { name: label, exact: true }).tap();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  // The menu slides away before the page is looked at.
  await expect(menu).not.toBeInViewport();
}

test('a salesperson sells from the employee area and finds the sale in Recent Sales, Receipts and Invoices', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Peak Milk Tin ${Date.now()}`;
  await createProduct(page, ceo.businessId, name, '1350.50', 20);
  const member = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const { context, page: phone } = await memberSession(browser, member.username);

  await phone.goto(`/${ceo.slug}/employee`);
  await expect(phone.getByLabel('Performance')).toContainText('0%');
  await openFromMenu(phone, ceo.businessName, 'Sales', 'My Sales');
  await expect(phone.getByText('No sales yet. Confirm a cart to make the first one.')).toBeVisible();

  // New Sale: the cart editor, then straight on to its confirmation.
  await phone.getByRole('button', { name: 'New Sale' }).tap();
  const editor = phone.getByRole('dialog', { name: 'Add Cart' });
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Iya Bose');
  const products = editor.getByRole('combobox', { name: 'Add product' });
  await products.tap();
  await products.fill('peak milk');
  await phone.getByRole('option', { name: new RegExp(name) }).tap();
  await editor.getByLabel(`Quantity of ${name}`).fill('2');
  await editor.getByRole('textbox', { name: 'Title' }).tap();
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(phone.getByText(MESSAGES.cart.created)).toBeVisible();
  const confirm = phone.getByRole('dialog', { name: 'Confirm sale' });
  await expect(confirm).toContainText('₦2,701.00');
  await confirm.getByText('Paid in Full').tap();
  await phone.screenshot({ path: '/tmp/emp-confirm.png' });
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(phone.getByText(MESSAGES.sale.created)).toBeVisible();
  await expect(confirm).toBeHidden();
  const sales = phone.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row').filter({ hasText: 'Iya Bose' })).toContainText('₦2,701.00');
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: '/tmp/emp-sales.png', fullPage: true });
  // The sale opens on the business's sale page, whose Back returns to the employee area's sales.
  await sales.getByRole('link', { name: /^View sale / }).tap();
  await expect(phone.getByRole('heading', { name: /^Sale #/ })).toBeVisible();
  await phone.getByRole('link', { name: 'Back to sales' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/employee/sales(\\?|$)`));
  await expect(sales.getByRole('row').filter({ hasText: 'Iya Bose' })).toContainText('₦2,701.00');

  await openFromMenu(phone, ceo.businessName, 'Dashboard', 'Welcome back, Sade 👋');
  const recent = phone.getByRole('table', { name: 'Recent sales' });
  await expect(recent).toContainText('Iya Bose');
  await expect(recent).toContainText(name);
  // Paid in full: everything they sold is collected.
  await expect(phone.getByLabel('Performance')).toContainText('100.00%');
  await phone.screenshot({ path: '/tmp/emp-home.png', fullPage: true });

  await openFromMenu(phone, ceo.businessName, 'Receipts');
  const receipts = phone.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: 'Iya Bose' })).toContainText('₦2,701.00');
  await expect(receipts).toContainText('Cash');
  const download = phone.waitForEvent('download');
  await receipts.getByRole('button', { name: /^Receipt of sale / }).tap();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: '/tmp/emp-receipts.png', fullPage: true });

  await openFromMenu(phone, ceo.businessName, 'Invoices');
  await expect(
    phone.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'Iya Bose' }),
  ).toContainText('Paid');
  await phone.screenshot({ path: '/tmp/emp-invoices.png', fullPage: true });

  await openFromMenu(phone, ceo.businessName, 'Analytics');
  await expect(phone.getByRole('table', { name: 'Top products' })).toContainText(name);
  await phone.getByText('90 days').tap();
  await expect(phone).toHaveURL(/days=90/);
  await expect(phone.getByLabel('Your Revenue')).toContainText('₦2,701.00');
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: '/tmp/emp-analytics.png', fullPage: true });

  // Read-only inventory for a salesperson: stock and Add to cart, no edits.
  await openFromMenu(phone, ceo.businessName, 'Inventory');
  await expect(phone.getByRole('group', { name })).toBeVisible();
  await expect(phone.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await phone.screenshot({ path: '/tmp/emp-inventory-seller.png', fullPage: true });

  await phone.getByRole('button', { name: 'Toggle menu' }).tap();
  const menu = phone.getByRole('navigation', { name: `${ceo.businessName} menu` });
  for (const label of ['Dashboard', 'Sales', 'Inventory', 'Receipts', 'Invoices', 'Analytics', 'Expenses', 'Profile']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeInViewport();
  }
  await phone.screenshot({ path: '/tmp/emp-menu.png' });
  await phone.getByRole('button', { name: 'Toggle menu' }).tap();
  await expect(menu).not.toBeInViewport();
  await openFromMenu(phone, ceo.businessName, 'Profile', 'My Profile');
  await expect(phone.getByText('Salesperson', { exact: true })).toBeVisible();
  await phone.screenshot({ path: '/tmp/emp-profile.png', fullPage: true });
  await context.close();
});

test('a manager edits a product from the employee inventory, and is told they cannot confirm a sale', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Golden Penny Semovita ${Date.now()}`;
  await createProduct(page, ceo.businessId, name, '12500.00', 10);
  const member = await addMember(page, ceo, 'manager', 'Musa', 'Bello');
  const { context, page: phone } = await memberSession(browser, member.username);

  await phone.goto(`/${ceo.slug}/employee/inventory`);
  const card = phone.getByRole('group', { name });
  await card.getByRole('button', { name: `Edit ${name}` }).tap();
  const edit = phone.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Selling price').fill('13000');
  await edit.getByRole('button', { name: 'Update Product' }).tap();
  await expect(phone.getByText(MESSAGES.product.updated)).toBeVisible();
  await expect(card).toContainText('₦13,000.00');
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: '/tmp/emp-inventory-manager.png', fullPage: true });

  // A manager may build the cart; the server answers who may confirm it, and the dialog says so.
  await phone.goto(`/${ceo.slug}/employee/sales?tab=carts`);
  await phone.getByRole('button', { name: 'New Sale' }).tap();
  const editor = phone.getByRole('dialog', { name: 'Add Cart' });
  const products = editor.getByRole('combobox', { name: 'Add product' });
  await products.tap();
  await products.fill('semovita');
  await phone.getByRole('option', { name: new RegExp(name) }).tap();
  await editor.getByRole('textbox', { name: 'Title' }).tap();
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  const confirm = phone.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(confirm.getByText(MESSAGES.sale.onlyEmployeesOrCeo)).toBeVisible();
  await context.close();
});

test('a long paste into a search stops at what the server takes: the list stays and says nothing matches', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const customer = await addMember(page, ceo, 'customer', 'Ngozi', 'Okafor');
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${Date.now()}`, '800.00', 10);
  const { context, page: phone } = await memberSession(browser, seller.username);
  await sellViaApi(phone, ceo.businessId, milk.id, 1, { customer_id: customer.id }, { payment_status: 'paid' });
  // A WhatsApp message pasted whole: longer than any search the server takes.
  const pasted = 'Good morning ma, please is Ngozi Okafor’s order ready? 🙏 '.repeat(4);

  // The boxes took it whole, the server refused the search (400), and the list gave way to "Something went
  // wrong / At most 100 characters." with a Try again that sent the same search again.
  for (const [path, table, none] of [
    ['receipts', 'Receipts', 'No payment matches this search.'],
    ['invoices', 'Invoices', 'No sale matches this search.'],
  ] as const) {
    await phone.goto(`/${ceo.slug}/employee/${path}`);
    await expect(phone.getByRole('table', { name: table })).toContainText('Ngozi Okafor');
    // Each row's document is a thumb's target (it was 26 px tall).
    await expectThumbSized(phone.getByRole('button', { name: /^(Receipt|Invoice)\b/ }).first());
    const search = phone.getByRole('textbox', { name: 'Search' });
    await search.fill(pasted);
    await expect(search).toHaveValue(pasted.slice(0, SALES_SEARCH_MAX_LENGTH));
    await expect(phone.getByText(none)).toBeVisible();
    await expect(phone.getByText('Something went wrong')).toHaveCount(0);
    await phone.screenshot({ path: shot(`paste-${path}`) });
  }
  await context.close();

  const shopper = await memberSession(browser, customer.username);
  await shopper.page.goto(`/${ceo.slug}/customer/products`);
  await expect(shopper.page.getByRole('group', { name: milk.product_name })).toBeVisible();
  const search = shopper.page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(pasted);
  await expect(search).toHaveValue(pasted.slice(0, PRODUCT_SEARCH_MAX_LENGTH));
  await expect(shopper.page.getByText('No products found.')).toBeVisible();
  await expect(shopper.page.getByText('Something went wrong')).toHaveCount(0);
  await shopper.page.screenshot({ path: shot('paste-products') });
  await shopper.context.close();
});

test("a manager's Invoices list the business's sales and who sold each; a salesperson's only their own", async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${Date.now()}`, '800.00', 20);
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const manager = await addMember(page, ceo, 'manager', 'Musa', 'Danjuma');
  await sellViaApi(page, ceo.businessId, milk.id, 1, { customer_name: 'Iya Bose' }, { payment_status: 'paid' });
  const sales = await memberSession(browser, seller.username);
  await sellViaApi(sales.page, ceo.businessId, milk.id, 2, { customer_name: 'Mama Chidi' }, { payment_status: 'paid' });

  await sales.page.goto(`/${ceo.slug}/employee/invoices`);
  const own = sales.page.getByRole('table', { name: 'Invoices' });
  await expect(own.getByRole('row').filter({ hasText: 'Mama Chidi' })).toContainText('₦1,600.00');
  await expect(own).not.toContainText('Iya Bose');
  await sales.context.close();

  // A manager confirms no sale (sale.confirm), so "their own" invoices were an empty page forever, beside a
  // Receipts page of every payment.
  const { context, page: phone } = await memberSession(browser, manager.username);
  await phone.goto(`/${ceo.slug}/employee/invoices`);
  await expect(
    phone.getByText('Every sale of this business, and who sold it: Paid, or Pending until paid in full.'),
  ).toBeVisible();
  const all = phone.getByRole('table', { name: 'Invoices' });
  await expect(all.getByRole('row').filter({ hasText: 'Mama Chidi' })).toContainText('Sade Bello');
  await expect(all.getByRole('row').filter({ hasText: 'Iya Bose' })).toContainText('Ada Obi');
  await expect(all.getByRole('row').filter({ hasText: 'Iya Bose' })).toContainText('₦800.00');
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: shot('manager-invoices'), fullPage: true });
  await context.close();
});

test('the employee home and analytics: targets a thumb’s size, a slow answer shows its loader, a failed one says so', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const rice = await createProduct(page, ceo.businessId, `Mama Gold Rice 5kg ${Date.now()}`, '9999.99', 20);
  const { context, page: phone } = await memberSession(browser, seller.username);
  await sellViaApi(
    phone,
    ceo.businessId,
    rice.id,
    3,
    { customer_name: 'Iya Bose' },
    {
      payment_status: 'partial',
      deposit_amount: '10000.00',
    },
  );

  await phone.goto(`/${ceo.slug}/employee`);
  await expect(phone.getByLabel('Sales Revenue')).toContainText('₦29,999.97');
  // ₦10,000.00 of ₦29,999.97 collected: 33.33…%.
  await expect(phone.getByLabel('Performance')).toContainText('33.33%');
  // The page's two buttons were 36 px tall. A salesperson is offered no plan: the owner pays (pricing.spec.ts).
  await expect(phone.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
  await expectThumbSized(phone.getByRole('link', { name: 'Manage Inventory' }));
  await expectThumbSized(phone.getByRole('link', { name: 'Expenses', exact: true }));
  // The menu's button (28 px) and the recent sales' link (26 px), found beside the area's own.
  await expectThumbSized(phone.getByRole('button', { name: 'Toggle menu' }));
  await expectThumbSized(phone.getByRole('link', { name: 'View All Sales' }));

  // A slow answer: the page says it is loading, and then shows the figures.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await phone.route('**/api/v1/users/businesses/employee-analytics/**', async (route) => {
    await held;
    await route.continue();
  });
  await phone.goto(`/${ceo.slug}/employee/analytics`);
  await expect(phone.getByText('Loading analytics...')).toBeVisible();
  release();
  await expect(phone.getByLabel('Your Revenue')).toContainText('₦29,999.97');
  // Each period was a 28 px strip.
  for (const period of ['7 days', '30 days', '90 days']) {
    await expectThumbSized(phone.locator('label').filter({ hasText: period }));
  }
  await phone.unrouteAll();

  // A failed answer: the page says why and offers Try again, which then works.
  await phone.route('**/api/v1/users/businesses/employee-analytics/**', (route) => route.abort('failed'));
  await phone.getByText('90 days').tap();
  await expect(phone.getByText(MESSAGES.failed.network)).toBeVisible();
  await phone.screenshot({ path: shot('analytics-failed') });
  await phone.unrouteAll();
  await phone.getByRole('button', { name: 'Try again' }).tap();
  await expect(phone.getByRole('table', { name: 'Top products' })).toContainText(rice.product_name);
  await expect(phone).toHaveURL(/days=90/);
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: shot('analytics'), fullPage: true });
  await context.close();
});
