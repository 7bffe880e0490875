import { ENDPOINTS, IDEMPOTENCY_HEADER, MESSAGES, SALES_MESSAGES, SALES_SEARCH_MAX_LENGTH } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, sellViaApi, signUpCeoViaApi, stockOf } from '../helpers/api';
import { shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

/** 80 mm at 96 dpi, the width of a thermal receipt roll; and an A4 sheet. */
const ROLL_WIDTH = 302;
const A4 = { width: 794, height: 1123 };

async function confirmViaApi(page: Page, businessId: number, cartId: number, body: Record<string, unknown>) {
  return (await apiCall(page, ENDPOINTS.sales.confirmSale, { business_id: businessId, cart_id: cartId, ...body })).sale;
}

test('the sale page: lines by batch, payments, an overpayment refused by the server, and a receipt that prints on a roll and on A4', async ({
  page,
}, testInfo) => {
  const ceo = await signUpCeoViaApi(page);
  const semovita = await createProduct(
    page,
    ceo.businessId,
    `Semovita ${Date.now()}`,
    '1000.00',
    [
      { batch_number: 'LATE-01', quantity: 10, expiration_date: '2031-06-30' },
      { batch_number: 'SOON-01', quantity: 3, expiration_date: '2030-01-31' },
    ],
    { selling_price_discount_percentage: '12.50' },
  );
  const milo = await createProduct(page, ceo.businessId, `Milo ${Date.now()}`, '333.33', 5);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [
    { product_id: semovita.id, quantity: 5 },
    { product_id: milo.id, quantity: 3 },
  ]);
  const sale = await confirmViaApi(page, ceo.businessId, cart.id, {
    payment_status: 'partial',
    deposit_amount: '1000.00',
    payment_method: 'pos_card',
  });

  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await expect(page.getByText('Partial Payment', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total' })).toContainText('₦5,374.99');
  await expect(page.getByRole('group', { name: 'Paid' })).toContainText('₦1,000.00');
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₦4,374.99');

  // Soonest expiry first: the 3 of SOON-01, then 2 of LATE-01.
  const items = page.getByRole('table', { name: 'Items sold' });
  const soon = items.getByRole('row').filter({ hasText: 'SOON-01' });
  await expect(soon).toContainText(semovita.product_name);
  await expect(soon).toContainText('₦1,000.00');
  await expect(soon).toContainText('12.50%');
  await expect(soon).toContainText('₦2,625.00');
  await expect(items.getByRole('row').filter({ hasText: 'LATE-01' })).toContainText('₦1,750.00');
  await expect(items.getByRole('row').filter({ hasText: milo.product_name })).toContainText('₦999.99');
  await expect(
    page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'POS card' }),
  ).toContainText('₦1,000.00');

  // Someone records a payment while this page still shows the old balance: the server refuses the rest.
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('4374.99');
  await apiCall(page, ENDPOINTS.sales.recordPayment, {
    business_id: ceo.businessId,
    sale_id: sale.id,
    amount: '374.99',
    method: 'cash',
  });
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(dialog.getByText(SALES_MESSAGES.overpayment('₦4,000.00'))).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toHaveValue('4374.99');
  await dialog.getByLabel('Amount').fill('4000');
  await dialog.getByLabel('Payment method').click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(SALES_MESSAGES.paymentRecorded)).toBeVisible();
  await expect(page.getByText('Paid in Full', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₦0.00');
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(4);
  await expect(payments).toContainText('Cash');
  await expect(payments).toContainText('Bank transfer');

  // Print receipt opens the browser's print dialog.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // On screen the receipt is not shown; in print it is the only thing, one column on a roll or on A4.
  const receipt = page.locator('.oja-receipt');
  await expect(receipt).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: ROLL_WIDTH, height: 900 });
  await expect(receipt).toBeVisible();
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeHidden();
  await expect(receipt).toContainText(ceo.businessName);
  await expect(receipt).toContainText(`Receipt #${sale.id}`);
  await expect(receipt).toContainText(`5 × ₦875.00`);
  await expect(receipt).toContainText('₦4,375.00');
  await expect(receipt).toContainText('3 × ₦333.33');
  await expect(receipt).toContainText('Status: Paid in Full');
  const onRoll = await receipt.boundingBox();
  expect(onRoll?.width).toBeLessThanOrEqual(ROLL_WIDTH);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ROLL_WIDTH);
  await testInfo.attach('receipt-80mm', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.setViewportSize(A4);
  const onA4 = await receipt.boundingBox();
  // At most 72 mm wide, centred at the top of the sheet.
  expect(onA4?.width).toBeLessThanOrEqual(273);
  expect(Math.abs((onA4?.x ?? 0) * 2 + (onA4?.width ?? 0) - A4.width)).toBeLessThanOrEqual(2);
  await testInfo.attach('receipt-a4', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test("another business's sale, or a malformed address, shows the not-found state", async ({ page, browser }) => {
  const ours = await signUpCeoViaApi(page);
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const theirPage = await other.newPage();
  const theirs = await signUpCeoViaApi(theirPage);
  const yam = await createProduct(theirPage, theirs.businessId, `Yam ${Date.now()}`, '2000.00', 4);
  const cart = await createCart(theirPage, theirs.businessId, 'Oga Emeka', [{ product_id: yam.id, quantity: 1 }]);
  const sale = await confirmViaApi(theirPage, theirs.businessId, cart.id, { payment_status: 'paid' });
  await theirPage.goto(`/business/${theirs.slug}/sales/${sale.id}`);
  await expect(theirPage.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await other.close();

  await page.goto(`/business/${ours.slug}/sales/${sale.id}`);
  await expect(page.getByText(MESSAGES.sale.notFound)).toBeVisible();
  await expect(page.getByText('Oga Emeka')).toHaveCount(0);
  await page.goto(`/business/${ours.slug}/sales/not-a-number`);
  await expect(page.getByText(MESSAGES.sale.notFound)).toBeVisible();
  await page.getByRole('link', { name: 'Back to sales' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${ours.slug}/sales\\?tab=sales$`));
});

test('a confirmation whose answer is lost is retried with the same Idempotency-Key and sells once', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const oil = await createProduct(page, ceo.businessId, `Palm Oil ${Date.now()}`, '3500.00', 5);
  await createCart(page, ceo.businessId, 'Mama Chioma', [{ product_id: oil.id, quantity: 2 }]);
  await createCart(page, ceo.businessId, 'Baba Femi', [{ product_id: oil.id, quantity: 1 }]);

  const keys: string[] = [];
  let isFirst = true;
  await page.route(
    (url) => url.pathname === `/api/v1${ENDPOINTS.sales.confirmSale.path}`,
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()[IDEMPOTENCY_HEADER] ?? '');
      if (!isFirst) return route.continue();
      isFirst = false;
      // The server sells; the answer never reaches the phone.
      await route.fetch();
      await route.abort('connectionreset');
    },
  );

  await page.goto(`/business/${ceo.slug}/sales`);
  const carts = page.getByRole('table', { name: 'Carts' });
  await carts
    .getByRole('row')
    .filter({ hasText: 'Mama Chioma' })
    .getByRole('button', { name: /^Confirm sale of / })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Paid in Full').click();
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(MESSAGES.failed.network);
  expect(await stockOf(page, ceo.businessId, oil.id)).toBe(3);

  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByText(MESSAGES.sale.created)).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{8,100}$/);
  expect(keys[1]).toBe(keys[0]);
  const sales = page.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row')).toHaveCount(2);
  await expect(sales).toContainText('Mama Chioma');
  expect(await stockOf(page, ceo.businessId, oil.id)).toBe(3);
  const listed = await apiCall(page, ENDPOINTS.sales.listSales, { business_id: ceo.businessId });
  expect(listed.count).toBe(1);

  // Another opening of the dialog is another confirmation: a new key.
  await page.getByRole('tab', { name: 'Carts' }).click();
  await carts
    .getByRole('row')
    .filter({ hasText: 'Baba Femi' })
    .getByRole('button', { name: /^Confirm sale of / })
    .click();
  await confirm.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(sales.getByRole('row')).toHaveCount(3);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  expect(await stockOf(page, ceo.businessId, oil.id)).toBe(2);
});

test('the tab, page and search live in the address: reload and back keep them', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const salt = await createProduct(page, ceo.businessId, `Salt ${Date.now()}`, '150.00', 50);
  for (let n = 1; n <= 11; n++) {
    await createCart(page, ceo.businessId, `Customer ${String(n).padStart(2, '0')}`, [
      { product_id: salt.id, quantity: 1 },
    ]);
  }
  await page.goto(`/business/${ceo.slug}/sales`);
  const rows = page.getByRole('table', { name: 'Carts' }).getByRole('row');
  await expect(rows).toHaveCount(11);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(rows).toHaveCount(11);

  await page.getByRole('textbox', { name: 'Search' }).fill('Customer 1');
  await expect(page).toHaveURL(/[?&]q=Customer\+1/);
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('Customer 1');
  await expect(rows).toHaveCount(3);

  await page.getByRole('tab', { name: 'Sales' }).click();
  await expect(page).toHaveURL(/[?&]tab=sales/);
  await expect(page.getByText('No sale matches this search.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Carts' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveCount(3);
});

test("Cancel sale is said in words on the sale page, and the CEO's sales filter by payment status", async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Ofada Rice ${Date.now()}`, '1200.00', 30);
  const sold = async (customer: string, body: Record<string, unknown>) => {
    const cart = await createCart(page, ceo.businessId, customer, [{ product_id: rice.id, quantity: 1 }]);
    return confirmViaApi(page, ceo.businessId, cart.id, body);
  };
  const paid = await sold('Mama Paid', { payment_status: 'paid' });
  const partial = await sold('Mama Partial', { payment_status: 'partial', deposit_amount: '200.00' });
  await sold('Mama Owes', { payment_status: 'not_paid' });

  await page.goto(`/business/${ceo.slug}/sales/${paid.id}`);
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
  const cancel = page.getByRole('button', { name: 'Cancel sale' });
  await expectThumbSized(cancel);
  await page.screenshot({ path: test.info().outputPath('sale-page-cancel-360.png'), fullPage: true });
  await cancel.tap();
  await expect(page.getByRole('dialog', { name: `Cancel sale #${paid.id}` })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/business/${ceo.slug}/sales?tab=sales`);
  const sales = page.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row').filter({ hasText: 'Mama' })).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Filter by payment status' }).click();
  await page.getByRole('option', { name: 'Partial Payment' }).click();
  await expect(page).toHaveURL(/status=partial/);
  await expect(sales.getByRole('row').filter({ hasText: 'Mama' })).toHaveCount(1);
  await expect(sales).toContainText('Mama Partial');
  await page.reload();
  await expect(sales.getByRole('row').filter({ hasText: 'Mama' })).toHaveCount(1);
  await expect(sales.getByRole('link', { name: `View sale ${partial.id}` })).toBeVisible();
});

test('at 1280 px the payment badges show their whole words', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const ceo = await signUpCeoViaApi(page);
  // A long customer name and product name: the columns that squeezed the badge.
  const oil = await createProduct(
    page,
    ceo.businessId,
    `Kings Vegetable Oil Family Size Five Litres Keg ${Date.now()}`,
    '9500.00',
    30,
  );
  for (const [customer, body] of [
    ['Alhaja Mutiat Oluwaseun Adebayo-Williams', { payment_status: 'partial', deposit_amount: '100.00' }],
    ['Chief Emmanuel Chukwuemeka Okonkwo-Nwachukwu', { payment_status: 'not_paid' }],
    ['Walk-in', { payment_status: 'paid' }],
  ] as const) {
    const cart = await createCart(page, ceo.businessId, customer, [{ product_id: oil.id, quantity: 2 }]);
    await confirmViaApi(page, ceo.businessId, cart.id, body);
  }
  await page.goto(`/business/${ceo.slug}/sales?tab=sales`);
  const sales = page.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row')).toHaveCount(4);
  const labels = sales.locator('.mantine-Badge-label');
  await expect(labels).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('sales-badges-1280.png'), fullPage: true });
  for (const label of await labels.all()) {
    const clipped = await label.evaluate((node) => node.scrollWidth > node.clientWidth + 0.5);
    expect(clipped, `${await label.textContent()} is cut`).toBe(false);
  }
  // Newest first.
  await expect(labels).toHaveText(['Paid in Full', 'Not Paid', 'Partial Payment']);
});

test('the sale page at 360 px: every action a thumb can hit; a pasted long search keeps the sales list', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '900.00', 40);
  const sale = await sellViaApi(page, ceo.businessId, rice.id, 3, { customer_name: 'Mama Tobi' });
  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await page.screenshot({ path: shot('sale-page') });
  await expectThumbSized(page.getByRole('link', { name: 'Back to sales' }));
  for (const name of ['Download receipt', 'Download invoice', 'Record Payment', 'Print receipt', 'Cancel sale']) {
    await expectThumbSized(page.getByRole('button', { name }));
  }
  await expectThumbSized(page.getByRole('link', { name: 'Share on WhatsApp' }));

  // A WhatsApp message pasted into the search: the box stops at what the server searches, and the list answers.
  await page.getByRole('link', { name: 'Back to sales' }).tap();
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(`Mama Tobi ${'called about her order again '.repeat(6)}`);
  await expect(search).toHaveValue(/^Mama Tobi /);
  expect((await search.inputValue()).length).toBe(SALES_SEARCH_MAX_LENGTH);
  await expect(page.getByText('No sale matches this search.')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await search.fill('mama tobi');
  await expect(page.getByRole('table', { name: 'Sales' }).getByRole('row')).toHaveCount(2);
});
