import { readFile } from 'node:fs/promises';
import { ENDPOINTS, MESSAGES, requestOf, SALES_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, sellViaApi, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

/** Opens a page of the customer area from the tabs at the foot of the screen, as a thumb does on a phone. */
async function openFromTabs(page: Page, shop: string, label: string) {
  await page
    .getByRole('navigation', { name: `${shop} tabs` })
    .getByRole('link', { name: label, exact: true })
    .tap();
  await expect(page.getByRole('heading', { level: 2, name: label === 'Profile' ? 'My Profile' : label })).toBeVisible();
}

test('a customer at 360 px: asks for a product (toast, pro-forma PDF), the CEO confirms it from Carts; every customer page shows their records', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const customer = await addMember(page, ceo, 'customer', 'Ngozi', 'Okafor');
  const stamp = Date.now();
  const semovita = await createProduct(page, ceo.businessId, `Golden Penny Semovita ${stamp}`, '1500.00', 20, {
    selling_price_discount_percentage: '10',
  });
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${stamp}`, '800.00', 10);
  // Her history: one sale part-paid (a debt), one paid in full.
  const sold = [];
  for (const [product, quantity, payment] of [
    [milk, 2, { payment_status: 'partial', deposit_amount: '500.00' }],
    [semovita, 1, { payment_status: 'paid' }],
  ] as const) {
    const { cart } = await apiCall(page, ENDPOINTS.sales.createCart, {
      business_id: ceo.businessId,
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity }],
    });
    const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
      business_id: ceo.businessId,
      cart_id: cart.id,
      payment_method: 'cash',
      ...payment,
    });
    sold.push(sale);
  }

  const { context, page: phone } = await memberSession(browser, customer.username);
  // The staff's stock screen is not hers: an old link to it lands on her products page.
  await phone.goto(`/business/${ceo.slug}/inventory`);
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/customer/products$`));
  await phone.goto(`/${ceo.slug}/customer`);
  await phone.getByRole('link', { name: 'Browse Products' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/customer/products$`));
  await expect(phone.getByRole('heading', { name: 'Products' })).toBeVisible();
  // No staff filters on the customer's page; the price is what she pays, less the discount.
  await expect(phone.getByRole('tablist', { name: 'Stock filter' })).toHaveCount(0);
  const card = phone.getByRole('group', { name: semovita.product_name });
  await expect(card).toContainText('₦1,350.00');
  await expect(card).toContainText('In stock (19)');
  await phone.screenshot({ path: '/tmp/issue11-customer-products.png', fullPage: true });

  await card.getByRole('button', { name: `Request ${semovita.product_name}` }).tap();
  const dialog = phone.getByRole('dialog', { name: `Request ${semovita.product_name}` });
  await dialog.getByLabel('Quantity').fill('30');
  await expect(dialog.getByText(MESSAGES.product.insufficientStock)).toBeVisible();
  await dialog.getByLabel('Quantity').fill('3');
  await expect(dialog.getByText('Total: ₦4,050.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).tap();
  await expect(phone.getByText(SALES_MESSAGES.invoiceGenerated(semovita.product_name))).toBeVisible();
  const arriving = phone.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download invoice (PDF)' }).tap();
  const file = await arriving;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^proforma-${ceo.slug}-\\d+\\.pdf$`));
  expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  await phone.screenshot({ path: '/tmp/issue11-customer-request-sent.png' });
  await dialog.getByRole('button', { name: 'Done' }).tap();

  await openFromTabs(phone, ceo.businessName, 'Invoices');
  const requests = phone.getByRole('table', { name: 'Requests' });
  await expect(requests.getByRole('row').filter({ hasText: `${semovita.product_name} × 3` })).toContainText('Pending');
  const invoices = phone.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').filter({ hasText: `Invoice #${sold[0]?.id}` })).toContainText('Pending');
  await expect(invoices.getByRole('row').filter({ hasText: `Invoice #${sold[1]?.id}` })).toContainText('Paid');
  await expect(invoices.getByRole('button', { name: `Download invoice #${sold[1]?.id}` })).toBeVisible();
  await phone.screenshot({ path: '/tmp/issue11-customer-invoices.png', fullPage: true });

  await openFromTabs(phone, ceo.businessName, 'Receipts');
  const receipts = phone.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: `Sale #${sold[0]?.id}` })).toContainText('₦500.00');
  await expect(receipts.getByRole('row').filter({ hasText: `Sale #${sold[1]?.id}` })).toContainText('₦1,350.00');
  const receipt = phone.waitForEvent('download');
  await receipts.getByRole('button', { name: `Download receipt for sale #${sold[0]?.id}` }).tap();
  expect((await receipt).suggestedFilename()).toBe(`receipt-${ceo.slug}-${sold[0]?.id}.pdf`);
  await phone.screenshot({ path: '/tmp/issue11-customer-receipts.png', fullPage: true });

  await openFromTabs(phone, ceo.businessName, 'Debts');
  // 2 × ₦800.00, ₦500.00 paid.
  await expect(phone.getByLabel('Total owed', { exact: true })).toContainText('₦1,100.00');
  const debt = phone.getByRole('row').filter({ hasText: `Sale #${sold[0]?.id}` });
  await expect(debt).toContainText('Partially Paid');
  await expect(debt).toContainText('₦1,100.00');
  await phone.screenshot({ path: '/tmp/issue11-customer-debts.png', fullPage: true });

  await openFromTabs(phone, ceo.businessName, 'Profile');
  await expect(phone.getByText('Ngozi Okafor')).toBeVisible();
  await expect(phone.getByText(customer.username)).toBeVisible();
  await expect(phone.getByText(ceo.businessName)).toBeVisible();
  await phone.screenshot({ path: '/tmp/issue11-customer-profile.png', fullPage: true });

  // The CEO sees the request in the Carts tab, marked, named to her, and confirms it as any cart.
  await page.goto(`/business/${ceo.slug}/sales`);
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Ngozi Okafor' });
  await expect(row).toContainText(SALES_MESSAGES.customerRequest);
  await expect(row).toContainText(`${semovita.product_name} × 3`);
  await page.screenshot({ path: '/tmp/issue11-ceo-carts-request.png', fullPage: true });
  await row.getByRole('button', { name: /^Confirm sale of / }).tap();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Paid in Full').tap();
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(page.getByText(MESSAGES.sale.created)).toBeVisible();

  // Confirmed, it is one of her paid invoices, and no longer a request.
  await openFromTabs(phone, ceo.businessName, 'Invoices');
  await expect(phone.getByRole('table', { name: 'Requests' })).toHaveCount(0);
  await expect(
    phone
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: `${semovita.product_name} × 3` }),
  ).toContainText('Paid');
  await context.close();
});

test('long unbroken names wrap: the homes, the products page and the request dialog stay on the phone, × in reach', async ({
  page,
  browser,
}) => {
  // The longest names the forms take, with no space to break at (a handle, a name run together).
  const unbroken = (start: string, length: number) => start.padEnd(length, 'o');
  const ceo = await signUpCeoViaApi(page, { businessName: unbroken('MamaNkechiProvisionsIkeja', 120) });
  const customer = await addMember(page, ceo, 'customer', unbroken('Oluwaseunfunmilayo', 100), 'Adebayo');
  const seller = await addMember(page, ceo, 'sales_person', unbroken('Chukwuemekanwachukwu', 100), 'Bello');
  const product = await createProduct(page, ceo.businessId, unbroken('GoldenPennySemovita', 100), '12500.00', 20);

  // Each of these was 900 to 1,070 px wide: the whole page slid sideways under the thumb.
  const shopper = await memberSession(browser, customer.username);
  await shopper.page.goto(`/${ceo.slug}/customer`);
  await expect(shopper.page.getByRole('heading', { level: 2, name: /^Welcome, Oluwaseun/ })).toBeVisible();
  await expectNoSidewaysScroll(shopper.page);
  await shopper.page.screenshot({ path: shot('long-customer-home') });

  await shopper.page.getByRole('link', { name: 'Browse Products' }).tap();
  const card = shopper.page.getByRole('group', { name: product.product_name });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(shopper.page);
  await card.getByRole('button', { name: `Request ${product.product_name}` }).tap();
  const dialog = shopper.page.getByRole('dialog', { name: `Request ${product.product_name}` });
  await expect(dialog.getByText('Total: ₦12,500.00')).toBeVisible();
  await expectNoSidewaysScroll(shopper.page);
  // The dialog's × was drawn at x = 1,000, off the screen: no way out but the browser's back.
  const close = dialog.getByRole('button', { name: 'Close' });
  const box = await close.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await dialog.getByRole('button', { name: 'Send request' }).tap();
  await expect(dialog.getByText('Request sent')).toBeVisible();
  await expectNoSidewaysScroll(shopper.page);
  await shopper.page.screenshot({ path: shot('long-request-sent') });
  await close.tap();
  await expect(dialog).toBeHidden();
  await shopper.context.close();

  const { context, page: phone } = await memberSession(browser, seller.username);
  await phone.goto(`/${ceo.slug}/employee`);
  await expect(phone.getByRole('heading', { level: 2, name: /^Welcome back, Chukwuemeka/ })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: shot('long-employee-home') });
  await context.close();
});

test('a customer sees their own records only, the figures add up, and every target is a thumb’s size', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const other = await signUpCeoViaApi(page);
  await apiCall(page, ENDPOINTS.accounts.login, { email_or_username: ceo.email, password: ceo.password });
  const ngozi = await addMember(page, ceo, 'customer', 'Ngozi', 'Okafor');
  const emeka = await addMember(page, ceo, 'customer', 'Emeka', 'Eze');
  const stamp = Date.now();
  const rice = await createProduct(page, ceo.businessId, `Mama Gold Rice 5kg ${stamp}`, '9999.99', 20);
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${stamp}`, '800.00', 20);
  // Ngozi: 3 × ₦9,999.99 part-paid, and 1 × ₦800 paid; Emeka: 2 × ₦800 paid, which she must never see.
  const owed = await sellViaApi(
    page,
    ceo.businessId,
    rice.id,
    3,
    { customer_id: ngozi.id },
    {
      payment_status: 'partial',
      deposit_amount: '0.03',
    },
  );
  await sellViaApi(page, ceo.businessId, milk.id, 1, { customer_id: ngozi.id }, { payment_status: 'paid' });
  const his = await sellViaApi(page, ceo.businessId, milk.id, 2, { customer_id: emeka.id }, { payment_status: 'paid' });

  const { context, page: phone } = await memberSession(browser, ngozi.username);
  await phone.goto(`/${ceo.slug}/customer`);
  await expect(phone.getByLabel('Total Orders')).toContainText('2');
  // ₦29,999.97 + ₦800.00, to the kobo.
  await expect(phone.getByLabel('Amount Spent')).toContainText('₦30,799.97');
  await expectThumbSized(phone.getByRole('link', { name: 'Browse Products' }));

  await phone.goto(`/${ceo.slug}/customer/invoices`);
  const invoices = phone.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').filter({ hasText: `Invoice #${owed.id}` })).toContainText('₦29,999.97');
  await expect(invoices).not.toContainText(`Invoice #${his.id}`);
  // The row's download was 30 px tall.
  await expectThumbSized(invoices.getByRole('button', { name: `Download invoice #${owed.id}` }));

  await phone.goto(`/${ceo.slug}/customer/receipts`);
  const receipts = phone.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: `Sale #${owed.id}` })).toContainText('₦0.03');
  await expect(receipts).not.toContainText(`Sale #${his.id}`);
  await expectThumbSized(receipts.getByRole('button', { name: `Download receipt for sale #${owed.id}` }));

  await phone.goto(`/${ceo.slug}/customer/debts`);
  await expect(phone.getByLabel('Total owed')).toContainText('₦29,999.94');
  const open = phone.getByRole('table', { name: 'Open sales (NGN)' });
  await expect(open.getByRole('row').filter({ hasText: /^Sale #/ })).toHaveCount(1);
  await expect(open.getByRole('row').filter({ hasText: `Sale #${owed.id}` })).toContainText('₦29,999.94');
  await expectThumbSized(open.getByRole('button', { name: `Download invoice for sale #${owed.id}` }));
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: shot('customer-debts'), fullPage: true });

  // Another customer's sale answers 404, as one that does not exist; another shop is not found.
  for (const entry of [ENDPOINTS.sales.getInvoice, ENDPOINTS.sales.getReceipt, ENDPOINTS.sales.getSale]) {
    const { path, query } = requestOf(entry, { business_id: ceo.businessId, id: his.id });
    const answer = await phone.request.get(`/api/v1${path}`, { params: query });
    expect(answer.status()).toBe(404);
    expect((await answer.json()).detail).toBe(MESSAGES.sale.notFound);
  }
  await phone.goto(`/${other.slug}/customer`);
  await expect(phone.getByText(MESSAGES.business.notFoundForSlug(other.slug))).toBeVisible();

  // The Request button and the dialog's send are a thumb's size; a failed send says so and keeps the quantity.
  await phone.goto(`/${ceo.slug}/customer/products`);
  const request = phone.getByRole('button', { name: `Request ${milk.product_name}` });
  await expectThumbSized(request);
  await request.tap();
  const dialog = phone.getByRole('dialog', { name: `Request ${milk.product_name}` });
  await dialog.getByLabel('Quantity').fill('4');
  await phone.route('**/api/v1/sales/carts/request/', (route) => route.abort('failed'));
  const send = dialog.getByRole('button', { name: 'Send request' });
  await expectThumbSized(send);
  await send.tap();
  await expect(dialog.getByText(MESSAGES.failed.network)).toBeVisible();
  await expect(dialog.getByLabel('Quantity')).toHaveValue('4');
  await expect(dialog.getByText('Total: ₦3,200.00')).toBeVisible();
  await phone.screenshot({ path: shot('request-failed') });
  await phone.unrouteAll();
  // A slow answer and a double tap on Send request: the first tap drops the failure's message, the centred dialog
  // shrinks, and the second tap lands beside it, on the backdrop, which closed the dialog mid-send (the toast came,
  // but not "Request sent" nor its invoice). One request reaches the shop, and the dialog stays to say so.
  let sent = 0;
  await phone.route('**/api/v1/sales/carts/request/', async (route) => {
    sent += 1;
    await new Promise((done) => setTimeout(done, 600));
    await route.continue();
  });
  const spot = await send.boundingBox();
  const [x, y] = [(spot?.x ?? 0) + (spot?.width ?? 0) / 2, (spot?.y ?? 0) + (spot?.height ?? 0) / 2];
  await phone.touchscreen.tap(x, y);
  await phone.touchscreen.tap(x, y);
  await expect(phone.getByText(SALES_MESSAGES.invoiceGenerated(milk.product_name))).toBeVisible();
  expect(sent).toBe(1);
  const mine = await apiCall(phone, ENDPOINTS.sales.listMyRequests, { business_id: ceo.businessId, page: 1 });
  expect(mine.count).toBe(1);
  expect(mine.results[0]?.total_cart_amount).toBe('3200.00');
  await expect(dialog.getByText('Request sent')).toBeVisible();
  await expectThumbSized(dialog.getByRole('button', { name: 'Download invoice (PDF)' }));
  await context.close();
});
