import { MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';
import { networkSettled } from '../helpers/network';
import { doubleTap } from '../helpers/phone';

/** A text field by its accessible name (Mantine's required asterisk is not part of it). */
const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test('a CEO adds a second business, sees two cards and opens its overview', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page, { firstName: 'Ngozi', businessName: 'First Shop' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Ngozi' })).toBeVisible();
  await expect(page.getByText('You have 1 business.')).toBeVisible();

  const secondName = `Second Shop ${Date.now()}`;
  await page.getByRole('button', { name: 'Add Business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Business' });
  // The name is required: nothing is sent without it.
  await dialog.getByRole('button', { name: 'Create Business' }).click();
  await expect(dialog.getByText(MESSAGES.validation.required)).toBeVisible();
  await field(dialog, 'Business Name').fill(secondName);
  await field(dialog, 'About').fill('Cold drinks and snacks for the whole street, delivered fast');
  await dialog.getByRole('button', { name: 'Create Business' }).click();
  await expect(dialog.getByText(MESSAGES.business.createdShort, { exact: true })).toBeVisible();
  // It closes by itself after 1.5 s.
  await expect(dialog).toBeHidden();

  await expect(page.getByText('You have 2 businesses.')).toBeVisible();
  await expect(page.locator('a[href^="/business/"]')).toHaveCount(2);
  const second = page.getByRole('link', { name: secondName });
  // About is cut to 40 characters on the card.
  await expect(second).toContainText('Cold drinks and snacks for the whole str…');
  await expect(page.getByRole('link', { name: 'First Shop' })).toContainText('Provisions and drinks');

  await second.click();
  await expect(page).toHaveURL(/\/business\/second-shop-\d+$/);
  await expect(page.getByRole('heading', { name: `${secondName} Overview` })).toBeVisible();
  // A new business has no sales: its figures are zero, not made up.
  await expect(page.getByLabel('Total Revenue')).toContainText('₦0.00');
  await expect(page.getByLabel('Total Sales')).toContainText('0 Orders');
  await expect(page.getByLabel('Best Seller')).toContainText('No sales yet');
  await expect(page.getByLabel('Active Users')).toContainText('1');
  await expect(page.getByText('Performance Trend (Last 7 Days)')).toBeVisible();
  await expect(page.getByText('No sales in the last 24 hours.')).toBeVisible();
  await expect(page.getByText('1 active user', { exact: true })).toBeVisible();

  // On a phone the sections are in the menu behind the burger.
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  const menu = page.getByLabel('Business menu');
  for (const item of ['Overview', 'Users', 'Inventory', 'Sales', 'Settings', 'Reports']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByLabel('Number of sales')).toContainText('0');
  await expect(page.getByText('No sales in this period.')).toBeVisible();

  // Its first business is still there, untouched.
  await page.goto(`/business/${ceo.slug}`);
  await expect(page.getByRole('heading', { name: 'First Shop Overview' })).toBeVisible();
});

test('business settings: edit the info, then delete the business', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page, { businessName: `Settings Shop ${Date.now()}` });
  await page.goto(`/business/${ceo.slug}/settings`);
  await expect(page.getByText(ceo.slug, { exact: true })).toBeVisible();
  await expect(page.getByText('Provisions and drinks')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Info' });
  await expect(dialog.getByLabel('About')).toHaveAttribute('placeholder', 'What is this business about?');
  await field(dialog, 'Business Name').fill('Renamed Shop');
  await field(dialog, 'About').fill('');
  await dialog.getByRole('button', { name: 'Update Business' }).click();
  await expect(page.getByText(MESSAGES.business.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Renamed Shop Settings' })).toBeVisible();
  await expect(page.getByText(MESSAGES.business.noDescriptionProvided)).toBeVisible();
  // The slug, and so every invite link already shared, stays the same.
  await expect(page.getByText(ceo.slug, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Business' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Business' });
  await expect(confirm).toContainText(MESSAGES.business.deleteConfirm('Renamed Shop'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // Back to / which, for a CEO, is the dashboard; the business is gone.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You have 0 businesses.')).toBeVisible();
  await page.goto(`/business/${ceo.slug}`);
  await expect(page.getByRole('heading', { name: MESSAGES.business.notFound })).toBeVisible();
});

test("another owner's business, or an unknown slug, shows Business not found", async ({ page, browser }) => {
  const owner = await signUpCeoViaApi(page);
  const strangerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const stranger = await strangerContext.newPage();
  await signUpCeoViaApi(stranger);

  await stranger.goto(`/business/${owner.slug}`);
  await expect(stranger.getByRole('heading', { name: MESSAGES.business.notFound })).toBeVisible();
  await stranger.goto('/business/no-such-shop-anywhere/users');
  await expect(stranger.getByRole('heading', { name: MESSAGES.business.notFound })).toBeVisible();
  await stranger.getByRole('link', { name: 'Go back home' }).click();
  await expect(stranger).toHaveURL(/\/dashboard$/);
  await strangerContext.close();
});

test('a double tap on the confirm of Delete Business deletes once; Back then shows plain "Business not found"', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const deletes: string[] = [];
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
    else if (deletes.length > 0 && request.url().includes('/users/businesses/by-slug/')) lookups.push(request.url());
  });

  // The overview first, then its settings by the menu: Back returns to the overview, from the cache.
  await page.goto(`/business/${ceo.slug}`);
  await expect(page.getByRole('heading', { name: `${ceo.businessName} Overview` })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Settings' }).tap();
  await page.getByRole('button', { name: 'Delete Business' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete Business' });
  await doubleTap(page, confirm.getByRole('button', { name: 'Delete' }), 30);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You have 0 businesses.')).toBeVisible();
  // Both taps are in, and every request the page sent is answered.
  await networkSettled(page);
  expect(deletes).toHaveLength(1);
  await expect(page.getByText(MESSAGES.business.deleted)).toHaveCount(1);
  await expect(page.getByText(MESSAGES.failed.deleteBusiness)).toHaveCount(0);
  // The page that deleted it did not ask for it again on its way out.
  expect(lookups).toEqual([]);

  // Whatever the screen shows on the way back, never the deleted business nor an error about it.
  await page.evaluate((overview) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const text = document.body.innerText;
      if (text.includes(overview)) seen.push('overview');
      if (text.includes('Something went wrong')) seen.push('error');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, `${ceo.businessName} Overview`);
  await page.goBack();
  await expect(page.getByRole('heading', { name: MESSAGES.business.notFound })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  await expect(page.getByText(MESSAGES.business.notFoundForSlug(ceo.slug))).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${ceo.businessName} Overview` })).toHaveCount(0);
});
