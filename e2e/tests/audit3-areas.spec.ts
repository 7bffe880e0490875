import {
  ENDPOINTS,
  MESSAGES,
  PRODUCT_SEARCH_MAX_LENGTH,
  requestOf,
  SALES_MESSAGES,
  SALES_SEARCH_MAX_LENGTH,
} from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { expectThumbSized } from '../helpers/thumb';

/**
 * The third audit: the employee and customer areas at 360 px with touch, as a salesperson, a manager and a
 * customer meet them on a cheap phone: whose records each page lists, pasted and long text, thumb targets, and
 * a failed or slow answer. Screenshots go to /tmp/aud3-audb-*.png.
 */

const shot = (name: string) => `/tmp/aud3-audb-${name}.png`;

/** The page is no wider than the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** A sale of `quantity` of one product, confirmed by whoever is logged in on `page`. */
async function sell(
  page: Page,
  businessId: number,
  productId: number,
  quantity: number,
  who: { customer_id: number } | { customer_name: string },
  payment: { payment_status: 'paid' } | { payment_status: 'partial'; deposit_amount: string } = {
    payment_status: 'paid',
  },
) {
  const { cart } = await apiCall(page, ENDPOINTS.sales.createCart, {
    business_id: businessId,
    items: [{ product_id: productId, quantity }],
    ...who,
  });
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: businessId,
    cart_id: cart.id,
    payment_method: 'cash',
    ...payment,
  });
  return sale;
}

test('a long paste into a search stops at what the server takes: the list stays and says nothing matches', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const customer = await addMember(page, ceo, 'customer', 'Ngozi', 'Okafor');
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${Date.now()}`, '800.00', 10);
  const { context, page: phone } = await memberSession(browser, seller.username);
  await sell(phone, ceo.businessId, milk.id, 1, { customer_id: customer.id });
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

test("a manager's Invoices list the business's sales and who sold each; a salesperson's only their own", async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${Date.now()}`, '800.00', 20);
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const manager = await addMember(page, ceo, 'manager', 'Musa', 'Danjuma');
  await sell(page, ceo.businessId, milk.id, 1, { customer_name: 'Iya Bose' });
  const sales = await memberSession(browser, seller.username);
  await sell(sales.page, ceo.businessId, milk.id, 2, { customer_name: 'Mama Chidi' });

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
  const owed = await sell(
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
  await sell(page, ceo.businessId, milk.id, 1, { customer_id: ngozi.id });
  const his = await sell(page, ceo.businessId, milk.id, 2, { customer_id: emeka.id });

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

test('the employee home and analytics: targets a thumb’s size, a slow answer shows its loader, a failed one says so', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const rice = await createProduct(page, ceo.businessId, `Mama Gold Rice 5kg ${Date.now()}`, '9999.99', 20);
  const { context, page: phone } = await memberSession(browser, seller.username);
  await sell(
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
