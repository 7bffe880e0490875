import { MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';

/** Opens a page of the employee area from its menu, as a thumb does on a phone. */
async function openFromMenu(page: Page, shop: string, label: string, heading = label) {
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  const menu = page.getByRole('navigation', { name: `${shop} menu` });
  await menu.getByRole('link', { name: label, exact: true }).tap();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  // The menu slides away before the page is looked at.
  await expect(menu).not.toBeInViewport();
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
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
