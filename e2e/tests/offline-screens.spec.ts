import { ENDPOINTS, MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';
import { workerInCharge } from '../helpers/network';

// The screens outside the counter, offline (ADR 0020): what was visited shows its last data under a banner, the
// rest says it needs the network, and a write tapped offline keeps what was typed.

const banner = (page: Page) => page.getByText(/^You are offline\. Showing what this phone kept, as of \d{2}:\d{2}\.$/);

/** The keys of the copies kept on this phone ("{user id} {query hash}"), as lib/kept-screens.ts writes them. */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('oja-screens');
        open.onupgradeneeded = () => open.result.createObjectStore('copies');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('copies').objectStore('copies').getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String));
            open.result.close();
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

/** Waits until this phone keeps a copy whose query key holds `part` (a copy is written just after it came). */
async function kept(page: Page, part: string) {
  await expect.poll(async () => (await keptKeys(page)).some((key) => key.includes(part))).toBe(true);
}

test('screens visited online show their last data offline under a banner; one never visited says it needs the network', async ({
  page,
  context,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Golden Penny Garri ${Date.now()}`;
  const product = await createProduct(page, ceo.businessId, name, '1500.00', 12);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: product.id, quantity: 2 }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
  });

  await page.goto(`/business/${ceo.slug}/sales?tab=sales`);
  await expect(page.getByRole('table', { name: 'Sales' }).getByText('Mama Tobi')).toBeVisible();
  await kept(page, `"sales",${ceo.businessId},"list"`);
  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await kept(page, `"sales",${ceo.businessId},"detail",${sale.id}`);
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(page.getByText(name)).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await kept(page, `"products",${ceo.businessId},"list"`);
  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await kept(page, `"products",${ceo.businessId},"detail",${product.id}`);
  await workerInCharge(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-product-detail.png') });

  // Another screen visited before, opened offline from the menu.
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Inventory' }).tap();
  await expect(page.getByText(name)).toBeVisible();
  await expect(banner(page)).toBeVisible();
  // The menu has slid away.
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('offline-inventory.png') });

  // The sales, and a sale, opened by their addresses (a link from a message, a bookmark).
  await page.goto(`/business/${ceo.slug}/sales?tab=sales`);
  await expect(page.getByRole('table', { name: 'Sales' }).getByText('Mama Tobi')).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-sale.png') });

  // A screen never opened on this phone: said once, plainly, not as a failure.
  await page.goto(`/business/${ceo.slug}/expenses`);
  await expect(page.getByText(MESSAGES.offline.screenNeedsNetwork)).toHaveCount(1);
  await expect(page.getByText('Something went wrong')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('offline-never-visited.png') });

  // The network back: the screen asks the server by itself, and the banner goes.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(MESSAGES.offline.screenNeedsNetwork)).toBeHidden();
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(page.getByText(name)).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test('a write tapped offline says it needs the network and keeps what was typed, then goes through once back online', async ({
  page,
  context,
}) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/expenses`);
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
  await workerInCharge(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Expense' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Amount').fill('2,500');
  const category = dialog.getByRole('combobox', { name: 'Category' });
  await expect(async () => {
    await category.click();
    await page.getByRole('option', { name: 'Transport', exact: true }).click({ timeout: 2_000 });
    await expect(category).toHaveValue('Transport', { timeout: 1_000 });
  }).toPass();
  await dialog.getByLabel('Description').fill('Okada to the market');
  await dialog.getByRole('button', { name: 'Add Expense' }).tap();

  await expect(dialog.getByText(MESSAGES.offline.needsNetwork)).toBeVisible();
  // The money field shows the amount as it reads it once typed.
  await expect(dialog.getByLabel('Amount')).toHaveValue('2500.00');
  await expect(category).toHaveValue('Transport');
  await expect(dialog.getByLabel('Description')).toHaveValue('Okada to the market');
  await page.screenshot({ path: test.info().outputPath('offline-write-refused.png') });

  await context.setOffline(false);
  await dialog.getByRole('button', { name: 'Add Expense' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Expenses' }).getByText('Okada to the market')).toBeVisible();
  const expenses = await apiCall(page, ENDPOINTS.expenses.listExpenses, { business_id: ceo.businessId });
  expect(expenses.results.map((expense) => [expense.amount, expense.description])).toEqual([
    ['2500.00', 'Okada to the market'],
  ]);

  // A button's write says the same, and leaves the row where it was.
  await context.setOffline(true);
  const table = page.getByRole('table', { name: 'Expenses' });
  await table.getByRole('button', { name: /^Delete expense of ₦2,500\.00/ }).tap();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).tap();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.offline.needsNetwork })).toBeVisible();
  await expect(table.getByText('Okada to the market')).toBeVisible();
  const kept = await apiCall(page, ENDPOINTS.expenses.listExpenses, { business_id: ceo.businessId });
  expect(kept.results).toHaveLength(1);
});

test("after a logout, another person signed in on the same phone sees none of the first one's data offline", async ({
  page,
  context,
}) => {
  const first = await signUpCeoViaApi(page, { businessName: `First Shop ${Date.now()}` });
  const name = `First's Semovita ${Date.now()}`;
  await createProduct(page, first.businessId, name, '900.00', 5);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: first.businessName })).toBeVisible();
  await page.goto(`/business/${first.slug}/inventory`);
  await expect(page.getByText(name)).toBeVisible();
  await kept(page, `"products",${first.businessId},"list"`);
  await workerInCharge(page);

  await page.getByRole('button', { name: /^Account menu for / }).tap();
  await page.getByRole('menuitem', { name: 'Logout' }).tap();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptKeys(page)).toEqual([]);

  const second = await signUpCeoViaApi(page, { businessName: `Second Shop ${Date.now()}` });
  await page.goto(`/business/${second.slug}/inventory`);
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await kept(page, `"products",${second.businessId},"list"`);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByText(MESSAGES.offline.screenNeedsNetwork)).toBeVisible();
  await expect(page.getByText(first.businessName)).toBeHidden();
  await page.goto(`/business/${first.slug}/inventory`);
  await expect(page.getByText(MESSAGES.offline.screenNeedsNetwork)).toBeVisible();
  await expect(page.getByText(name)).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('offline-second-person.png') });
});
