import { MESSAGES, TEAM_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, createProduct, signUpCeoViaApi } from '../helpers/api';

const PHONE_WIDTH = 360;

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => (document.scrollingElement as Element).scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** The whole box lies between the phone's left and right edges (a dropdown wider than the screen does not). */
async function expectWithinPhoneWidth(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('at 360 px with touch, the cart dialog picks a customer and a product by tapping; Enter does not create the cart', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const name = `Golden Penny Semovita 10kg ${stamp}`;
  await createProduct(page, ceo.businessId, name, '12500.00', 20);
  // A shop's stock: several long names, so the dropdown has many options to show.
  for (const other of ['Mama Gold Rice 50kg Premium Parboiled', 'Dangote Sugar Granulated 500g Sachet Pack']) {
    await createProduct(page, ceo.businessId, `${other} Semovita-style ${stamp}`, '45000.00', 12);
  }
  // A cheap phone with its keyboard up leaves about 420 px of screen.
  await page.setViewportSize({ width: PHONE_WIDTH, height: 420 });
  await addMember(page, ceo, 'customer', 'Zainab', 'Okoro');
  expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);

  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });

  const customers = editor.getByRole('combobox', { name: 'Registered customer' });
  await customers.tap();
  await customers.fill('zain');
  const zainab = page.getByRole('option', { name: /Zainab Okoro/ });
  await expect(zainab).toBeVisible();
  await expect(zainab).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/phone-customer-picker.png' });
  await zainab.tap();
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Zainab Okoro');

  const products = editor.getByRole('combobox', { name: 'Add product' });
  await products.tap();
  await products.fill('semovita');
  const option = page.getByRole('option', { name: /Golden Penny Semovita/ });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(3);
  await expectWithinPhoneWidth(option);
  // The dropdown fits the screen (it scrolls inside) rather than running off its bottom edge.
  const dropdown = page.locator('.mantine-Select-dropdown').filter({ has: option });
  await expectWithinPhoneWidth(dropdown);
  const dropdownBox = await dropdown.boundingBox();
  expect((dropdownBox?.y ?? 0) + (dropdownBox?.height ?? 0)).toBeLessThanOrEqual(420);
  // ...and is no sliver: the box moved up to leave room for its options.
  expect(dropdownBox?.height).toBeGreaterThanOrEqual(100);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/phone-product-picker.png' });
  await option.tap();
  await expect(editor.getByLabel(`Quantity of ${name}`)).toHaveValue('1');
  // The phone's Go key in the search, with a cart that could be created: it is not, behind the person's back.
  await products.fill('semo');
  await products.press('Enter');
  await page.waitForTimeout(500);
  await expect(editor).toBeVisible();
  await expect(page.getByText(MESSAGES.cart.created)).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Tapping elsewhere closes the search's dropdown, which covers the button on a short screen.
  await editor.getByRole('textbox', { name: 'Title' }).tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Carts' })).toContainText('Zainab Okoro');
});

test('"View All Sales" opens the Sales tab; a dismissed tip stays dismissed after a reload', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}`);
  const tip = page.getByText(TEAM_MESSAGES.tip);
  await expect(tip).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss tip' }).tap();
  await expect(tip).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'View All Sales' })).toBeVisible();
  await expect(tip).toBeHidden();

  await page.getByRole('link', { name: 'View All Sales' }).tap();
  await expect(page).toHaveURL(/\/sales\?tab=sales$/);
  await expect(page.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
});

test('no console errors on a full load of a business page, nor on /login after a logout', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('HydrateFallback')) errors.push(message.text());
  });
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/sales`);
  await expect(page.getByRole('button', { name: 'Add Cart' })).toBeVisible();

  await page.getByRole('button', { name: /^Account menu for / }).tap();
  await page.getByRole('menuitem', { name: 'Logout' }).tap();
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('button', { name: /Register|Sign up|Create/ }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
