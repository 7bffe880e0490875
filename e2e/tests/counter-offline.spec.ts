import { COUNTER_SCREEN_MESSAGES, ENDPOINTS } from '@oja/contract';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, type Ceo, signUpCeoViaApi } from '../helpers/api';
import { addBySearch, counterShop, openCounter, outboxButton, salesOf, waitingCount } from '../helpers/counter';

// The counter's server (COUNTER_ENDPOINTS, CATALOGUE_ENDPOINTS) comes from its own branch: these run once merged.

type Shop = Awaited<ReturnType<typeof counterShop>>;

/** One sale through the screens: products by search, then the payment as `pay` sets it, then confirmed. */
async function sell(
  page: Page,
  names: { typed: string; name: string }[],
  pay: (page: Page) => Promise<void> = async () => {},
) {
  for (const { typed, name } of names) await addBySearch(page, typed, name);
  await page.getByRole('button', { name: 'Pay' }).tap();
  await pay(page);
  await page.getByRole('button', { name: /^Confirm · / }).tap();
  await expect(page.getByRole('heading', { name: /^Receipt / })).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).tap();
}

const rice = (shop: Shop) => ({ typed: 'mama gold', name: shop.rice.product_name });
const milk = (shop: Shop) => ({ typed: 'peak', name: shop.milk.product_name });
const noodles = (shop: Shop) => ({ typed: 'indomie', name: shop.noodles.product_name });

async function shopAtTheCounter(page: Page): Promise<{ ceo: Ceo; shop: Shop }> {
  const ceo = await signUpCeoViaApi(page);
  const shop = await counterShop(page, ceo);
  await openCounter(page, ceo);
  return { ceo, shop };
}

test('offline from the start of the shift: five sales wait on the phone and reach the server once each', async ({
  page,
  context,
}) => {
  const { ceo, shop } = await shopAtTheCounter(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sell' })).toBeVisible();
  await expect(page.getByText(/Offline · products as of/)).toBeVisible();

  await sell(page, [rice(shop)]);
  await sell(page, [milk(shop), noodles(shop)], async () => {
    await page.locator('label', { hasText: 'Bank transfer' }).tap();
  });
  // Split: cash and POS card.
  await sell(page, [rice(shop), milk(shop)], async () => {
    await page.getByLabel('Amount paid').fill('5,000');
    await page.getByRole('button', { name: 'Split: add a payment' }).tap();
    await expect(page.getByLabel('Sale status')).toHaveText('Paid in Full');
  });
  // Part now, the rest owed by a named customer.
  await sell(page, [noodles(shop)], async () => {
    await page.getByLabel('Amount paid').fill('100');
    await page.getByRole('button', { name: 'New customer' }).tap();
    await page.getByLabel('Name', { exact: true }).fill('Bisi Adewale');
    await page.getByLabel('Phone number').fill('08051234567');
    await expect(page.getByLabel('Sale status')).toHaveText('Partial Payment');
  });
  await sell(page, [milk(shop)]);
  await expect(waitingCount(page, 5)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-five-waiting.png') });

  await context.setOffline(false);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  const sales = await salesOf(page, ceo);
  expect(sales.count).toBe(5);
  expect(sales.results.map((sale) => sale.payment_status).sort()).toEqual(['paid', 'paid', 'paid', 'paid', 'partial']);
  expect(sales.results.find((sale) => sale.payment_status === 'partial')?.customer_name).toBe('Bisi Adewale');
});

test('the answer lost after the server recorded the sale: sent again, recorded once', async ({ page }) => {
  const { ceo, shop } = await shopAtTheCounter(page);
  let committed = 0;
  await page.route(
    '**/api/v1/counter/sales/',
    async (route) => {
      // The server records the sale; its answer never reaches the phone.
      await route.fetch();
      committed += 1;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await sell(page, [rice(shop)]);
  await expect.poll(() => committed).toBe(1);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  expect((await salesOf(page, ceo)).count).toBe(1);
});

test('a reload while the sale is being sent: sent again after the reload, recorded once', async ({ page }) => {
  const { ceo, shop } = await shopAtTheCounter(page);
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let committed = false;
  await page.route('**/api/v1/counter/sales/', async (route) => {
    await route.fetch();
    committed = true;
    await held;
    await route.abort('connectionreset').catch(() => {});
  });
  await sell(page, [milk(shop)]);
  await expect.poll(() => committed).toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  release();
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  expect((await salesOf(page, ceo)).count).toBe(1);
});

test('two tabs with the same outbox: each sale reaches the server once', async ({ page, context }) => {
  const { ceo, shop } = await shopAtTheCounter(page);
  const second = await context.newPage();
  await second.goto(`/business/${ceo.slug}/sell`);
  await expect(second.getByText(/products as of/)).toBeVisible();
  await context.setOffline(true);
  await sell(page, [rice(shop)]);
  await sell(second, [milk(shop)]);
  await sell(page, [noodles(shop)]);
  await expect(waitingCount(second, 3)).toBeVisible();
  await context.setOffline(false);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  await expect(waitingCount(second, 0)).toBeVisible();
  expect((await salesOf(page, ceo)).count).toBe(3);
});

test('logging out with sales waiting warns, and offers to send them first', async ({ page, context }) => {
  const { ceo, shop } = await shopAtTheCounter(page);
  await context.setOffline(true);
  await sell(page, [rice(shop)]);
  await expect(waitingCount(page, 1)).toBeVisible();
  await page.getByRole('button', { name: /^Account menu for / }).tap();
  await page.getByRole('menuitem', { name: 'Logout' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Sales still on this phone' });
  await expect(dialog).toContainText(COUNTER_SCREEN_MESSAGES.logoutWithPending(1));
  await dialog.getByRole('button', { name: 'Send them first' }).tap();
  await expect(page).toHaveURL(/\/sell$/);
  await context.setOffline(false);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  expect((await salesOf(page, ceo)).count).toBe(1);
});

/** Every sale the server holds for this business, all pages. */
async function allSalesOf(page: Page, ceo: Ceo) {
  const ids: number[] = [];
  for (let number = 1; ; number += 1) {
    const list = await apiCall(page, ENDPOINTS.sales.listSales, { business_id: ceo.businessId, page: number });
    ids.push(...list.results.map((sale) => sale.id));
    if (!list.next) return { count: list.count, ids };
  }
}

test('fifty sales made offline, the network flapping while they are sent: each recorded once', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const { ceo, shop } = await shopAtTheCounter(page);
  // What the server answered each time it recorded (or recognised again) a sale: sale id → receipt number.
  const receipts = new Map<number, Set<string>>();
  page.on('response', async (response: Response) => {
    if (!response.url().endsWith('/api/v1/counter/sales/') || !response.ok()) return;
    const { sale } = (await response.json().catch(() => ({ response_data: null }))).response_data ?? {};
    if (!sale) return;
    receipts.set(sale.id, (receipts.get(sale.id) ?? new Set()).add(sale.receipt_number));
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Offline · products as of/)).toBeVisible();

  // Each one through the Sell screen, as the clerk makes it: one product found by search, paid in cash.
  const products = [rice(shop), milk(shop), noodles(shop)];
  for (let made = 0; made < 50; made += 1) await sell(page, [products[made % 3] as (typeof products)[number]]);
  await expect(waitingCount(page, 50)).toBeVisible();

  // Back online, and the network drops and returns every 1 to 2 s while the phone sends.
  let online = false;
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    online = !online;
    await context.setOffline(!online);
    await page.waitForTimeout(online ? 1_700 : 1_100);
    if (online && (await waitingCount(page, 0).isVisible())) break;
  }
  await context.setOffline(false);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 60_000 });

  const held = await allSalesOf(page, ceo);
  expect(held.count).toBe(50);
  expect(new Set(held.ids).size).toBe(50);
  // Every sale the server holds was answered with one receipt number, and no two share one.
  expect([...receipts.keys()].sort()).toEqual([...held.ids].sort());
  const numbers = [...receipts.values()].map((each) => {
    expect(each.size).toBe(1);
    return [...each][0];
  });
  expect(new Set(numbers).size).toBe(50);
});

test('a sale refused for a product the shop stopped selling: the line taken out, sent again under the same receipt', async ({
  page,
}) => {
  const { ceo, shop } = await shopAtTheCounter(page);
  // The owner stops selling the milk (never sold yet: deleted) after this phone copied the products.
  await apiCall(page, ENDPOINTS.stock.deleteProduct, { id: shop.milk.id, business_id: ceo.businessId });
  await sell(page, [rice(shop), milk(shop)]);

  await outboxButton(page).tap();
  const row = page.getByRole('dialog', { name: 'Sales on this phone' }).getByLabel(/^Sale [A-Z0-9]+-\d{4}$/);
  await expect(row.getByText('Needs attention')).toBeVisible({ timeout: 30_000 });
  const receipt = (await row.getByText(/^[A-Z0-9]+-\d{4}$/).textContent()) as string;
  await row.getByRole('button', { name: 'Correct…' }).tap();
  await expect(row.getByLabel(new RegExp(`^Remove 1 × ${shop.milk.product_name}`))).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('correct-refused-sale.png') });
  await row.getByRole('button', { name: 'Send the corrected sale' }).tap();
  await expect(row.getByText('Recorded')).toBeVisible({ timeout: 30_000 });

  const sales = await salesOf(page, ceo);
  expect(sales.count).toBe(1);
  expect(sales.results[0]).toMatchObject({ total_cart_amount: '9500.00', amount_paid: '9500.00' });
  expect(sales.results[0]?.items.map((item) => item.product.id)).toEqual([shop.rice.id]);
  await expect(page.getByRole('dialog').getByText(receipt, { exact: true })).toBeVisible();
});
