import { readFile } from 'node:fs/promises';
import { COUNTER_MESSAGES, COUNTER_SCREEN_MESSAGES, ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';
import { addBySearch, counterShop, openCounter, salesOf, tapCounter, waitingCount } from '../helpers/counter';

// The counter's server (COUNTER_ENDPOINTS, CATALOGUE_ENDPOINTS) comes from its own branch: these run once merged.

test('a walk-in sale of three products, paid cash, takes at most 8 taps and gives the receipt at once', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const { rice, milk, noodles } = await counterShop(page, ceo);
  await openCounter(page, ceo);
  const taps = tapCounter();

  await addBySearch(page, 'mama gold', rice.product_name, taps.tap);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('a');
  await page.screenshot({ path: test.info().outputPath('search-results.png') });
  await page.getByRole('searchbox', { name: 'Search products' }).fill('');
  await addBySearch(page, 'peak', milk.product_name, taps.tap);
  await addBySearch(page, 'indomie', noodles.product_name, taps.tap);
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('₦11,100.50');
  await taps.tap(page.getByRole('button', { name: 'Pay' }));
  // Cash for the whole total is what a walk-in gets; the status is shown before confirming.
  await expect(page.getByLabel('Sale status')).toHaveText('Paid in Full');
  await taps.tap(page.getByRole('button', { name: /^Confirm · Paid in Full/ }));

  await expect(page.getByRole('heading', { name: /^Receipt [A-Z0-9]{2,6}-\d{4}$/ })).toBeVisible();
  await expect(page.getByLabel('Sent state')).toHaveText('Recorded');
  expect(taps.count).toBeLessThanOrEqual(8);
  await page.screenshot({ path: test.info().outputPath('receipt.png') });

  const sales = await salesOf(page, ceo);
  expect(sales.count).toBe(1);
  expect(sales.results[0]).toMatchObject({
    payment_status: 'paid',
    total_cart_amount: '11100.50',
    amount_paid: '11100.50',
  });
  await expect(page.getByRole('button', { name: 'New sale' })).toBeVisible();
});

test('quantities are whole numbers, a debt needs a debtor, and "₦5,000" is five thousand', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const { rice } = await counterShop(page, ceo);
  await openCounter(page, ceo);
  await addBySearch(page, 'mama gold', rice.product_name);
  await page.getByRole('button', { name: new RegExp(`${rice.product_name}: 1, change quantity`) }).tap();
  const quantity = page.getByLabel(`Quantity of ${rice.product_name}`);
  for (const typed of ['2.5', '-3']) {
    await quantity.fill(typed);
    await page.getByRole('button', { name: 'Set' }).tap();
    await expect(page.getByText(COUNTER_MESSAGES.quantityWhole)).toBeVisible();
    await expect(page.getByLabel('Total', { exact: true })).toHaveText('₦9,500.00');
  }
  await quantity.fill('2');
  await page.getByRole('button', { name: 'Set' }).tap();
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('₦19,000.00');

  await page.getByRole('button', { name: 'Pay' }).tap();
  await page.getByLabel('Amount paid').fill('₦5,000');
  await expect(page.getByLabel('Sale status')).toHaveText('Partial Payment');
  await page.getByRole('button', { name: /^Confirm · Partial Payment/ }).tap();
  await expect(page.getByText(COUNTER_MESSAGES.debtNeedsCustomer)).toBeVisible();
  await page.getByRole('button', { name: 'New customer' }).tap();
  await page.getByLabel('Name', { exact: true }).fill('Chidi Okeke');
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByRole('button', { name: /^Confirm · Partial Payment/ }).tap();
  await expect(page.getByLabel('Sent state')).toHaveText('Recorded');

  const sales = await salesOf(page, ceo);
  expect(sales.results[0]).toMatchObject({
    payment_status: 'partial',
    amount_paid: '5000.00',
    total_cart_amount: '19000.00',
    customer_name: 'Chidi Okeke',
  });
});

test('the receipt says what the server found (units not in stock, another price) and offers the PDF', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const milk = await createProduct(page, ceo.businessId, `Peak Milk Sachet ${Date.now() % 1_000_000}`, '100.00', 1);
  await openCounter(page, ceo);
  // The owner changes the price after this phone copied the products: the phone sells at the copy's price.
  await apiCall(page, ENDPOINTS.stock.updateProduct, {
    id: milk.id,
    business_id: ceo.businessId,
    selling_price: '120.00',
  });
  await addBySearch(page, 'sachet', milk.product_name);
  await page.getByRole('button', { name: new RegExp(`${milk.product_name}: 1, change quantity`) }).tap();
  await page.getByLabel(`Quantity of ${milk.product_name}`).fill('3');
  await page.getByRole('button', { name: 'Set' }).tap();
  await page.getByRole('button', { name: 'Pay' }).tap();
  await page.getByRole('button', { name: /^Confirm · Paid in Full/ }).tap();

  await expect(page.getByLabel('Sent state')).toHaveText('Recorded');
  const found = page.getByLabel('What the server found');
  await expect(found).toContainText(COUNTER_SCREEN_MESSAGES.shortfall(2, milk.product_name));
  await expect(found).toContainText(COUNTER_SCREEN_MESSAGES.priceFlag(milk.product_name, '₦100.00', '₦120.00'));
  await page.screenshot({ path: test.info().outputPath('receipt-with-findings.png') });

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt (PDF)' }).tap();
  const pdf = await downloaded;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a partial copy: online the Sell screen finds what the phone does not keep; offline it says not every product is here', async ({
  page,
  context,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const shop = await counterShop(page, ceo);
  const cartonCode = `CTN${shop.stamp}`;
  const spaghetti = await createProduct(page, ceo.businessId, `Dangote Spaghetti ${shop.stamp}`, '900.00', 40, {
    base_unit: 'pack',
    packs: [{ name: 'carton', units: 20, selling_price: '17500.00', barcode: cartonCode }],
  });
  // The shop as a large one looks to its phone (more products than a whole copy holds): the server's copy, told
  // partial, without the milk and the spaghetti, which were not sold in the last 90 days.
  await page.route(
    (url) => url.pathname === '/api/v1/counter/catalogue/',
    async (route) => {
      const response = await route.fetch();
      const copy = await response.json();
      copy.response_data.is_partial = true;
      copy.response_data.products = copy.response_data.products.filter(
        (product: { id: number }) => product.id !== shop.milk.id && product.id !== spaghetti.id,
      );
      await route.fulfill({ response, json: copy });
    },
  );
  await openCounter(page, ceo);
  await expect(page.getByText(COUNTER_SCREEN_MESSAGES.partialCopyOnline)).toBeVisible();

  await context.setOffline(true);
  await page.getByLabel('Search products').fill('peak');
  await expect(page.getByText(COUNTER_SCREEN_MESSAGES.noMatchNotOnPhone)).toBeVisible();
  await expect(page.getByText(COUNTER_SCREEN_MESSAGES.partialCopy)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('partial-copy-offline.png') });
  await page.getByLabel('Search products').fill('');

  // Online, the same search asks the shop's whole list; the phone keeps what it found, and sells it.
  await context.setOffline(false);
  await addBySearch(page, 'peak', shop.milk.product_name);
  await page.getByRole('button', { name: 'Pay' }).tap();
  await page.getByRole('button', { name: /^Confirm · / }).tap();
  await expect(page.getByRole('heading', { name: /^Receipt / })).toBeVisible();
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  const sales = await salesOf(page, ceo);
  expect(sales.results.map((sale) => sale.items.map((item) => item.product.id))).toEqual([[shop.milk.id]]);

  // A carton scanned (a scanner types its code and Enter) that the phone does not keep: found online, as the carton.
  await page.getByRole('button', { name: 'New sale' }).tap();
  await page.getByLabel('Search products').fill(cartonCode);
  await page.getByLabel('Search products').press('Enter');
  await expect(page.getByLabel('This sale')).toContainText('1 carton × ₦17,500.00');
  await expect(page.getByLabel('Search products')).toHaveValue('');
  await page.getByRole('button', { name: `Dangote Spaghetti ${shop.stamp} (carton): 1, change quantity` }).tap();
  await page.getByRole('button', { name: 'Remove' }).tap();

  await context.setOffline(true);
  await page.getByLabel('Search products').fill('peak');
  await expect(page.getByRole('button', { name: `Add ${shop.milk.product_name}` })).toBeVisible();
});
