import { COUNTER_SCREEN_MESSAGES, ENDPOINTS, IDEMPOTENCY_HEADER, SALES_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, type Ceo, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';
import { addBySearch, counterShop, openCounter, outboxButton, salesOf, waitingCount } from '../helpers/counter';
import { workerInCharge } from '../helpers/network';

/**
 * Every debt payment, online or off, is written on the phone first with its own Idempotency-Key and sent by the
 * counter's outbox, like a sale (docs/adr/0019).
 */

const PAYMENTS_PATH = `/api/v1${ENDPOINTS.sales.recordPayment.path}`;

/** A sale of ₦9,500.00 owed in full by a named customer, made through the API. */
async function owedSale(page: Page, ceo: Ceo) {
  const rice = await createProduct(page, ceo.businessId, `Rice 5kg ${Date.now()}`, '9500.00', 10);
  const cart = await createCart(page, ceo.businessId, 'Iya Bukola', [{ product_id: rice.id, quantity: 1 }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'not_paid',
  });
  return sale;
}

const saleOnServer = async (page: Page, ceo: Ceo, id: number) =>
  (await apiCall(page, ENDPOINTS.sales.getSale, { business_id: ceo.businessId, id })).sale;

/** The sale's page, with the installed app in charge (the payment dialog's code then opens with no network). */
async function openSale(page: Page, ceo: Ceo, id: number) {
  await page.goto(`/business/${ceo.slug}/sales/${id}`);
  await expect(page.getByRole('heading', { name: `Sale #${id}` })).toBeVisible();
  await workerInCharge(page);
  // The header's outbox has started (it waits for the page's own first reads).
  await expect(waitingCount(page, 0)).toBeVisible();
}

test('a debt paid offline waits on the phone and is paid once on reconnect, its lost answer replayed', async ({
  page,
  context,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const sale = await owedSale(page, ceo);
  await openSale(page, ceo, sale.id);

  // Every payment request the phone sends, and the key it carries; the first answer is lost after the commit.
  const keys: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PAYMENTS_PATH && request.method() === 'POST')
      keys.push(request.headers()[IDEMPOTENCY_HEADER] ?? '');
  });
  let committed = 0;
  await page.route(
    (url) => url.pathname === PAYMENTS_PATH,
    async (route) => {
      await route.fetch();
      committed += 1;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Record Payment' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.getByLabel('Amount').fill('4,000');
  await dialog.getByRole('button', { name: 'Record Payment' }).tap();
  await expect(page.getByText(COUNTER_SCREEN_MESSAGES.paymentSavedOffline)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(waitingCount(page, 1)).toBeVisible();
  const onPhone = page.getByRole('group', { name: 'Payments on this phone' });
  await expect(onPhone.getByLabel('Payment of ₦4,000.00')).toContainText('Waiting');
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₦9,500.00');
  expect(keys).toHaveLength(0);
  await page.screenshot({ path: test.info().outputPath('payment-waiting-offline.png') });

  await context.setOffline(false);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  expect(committed).toBe(1);
  // Sent twice (the first answer lost), under one key: taken once.
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₦5,500.00');
  await expect(onPhone).toBeHidden();
  const held = await saleOnServer(page, ceo, sale.id);
  expect(held).toMatchObject({ amount_paid: '4000.00', balance: '5500.00', payment_status: 'partial' });
  expect(held.payments.map((payment) => payment.amount)).toEqual(['4000.00']);
});

test('an overpayment is refused with the balance, kept on the phone, and corrected from the list', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const sale = await owedSale(page, ceo);
  await openSale(page, ceo, sale.id);
  await page.getByRole('button', { name: 'Record Payment' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('9500.00');
  // Another phone takes ₦6,000 meanwhile: this page still shows the old balance.
  await apiCall(page, ENDPOINTS.sales.recordPayment, {
    business_id: ceo.businessId,
    sale_id: sale.id,
    amount: '6000.00',
    method: 'cash',
  });
  // The balance offered is replaced by what is typed, never added to ("9500.005000").
  await dialog.getByLabel('Amount').focus();
  await page.keyboard.type('5000');
  await expect(dialog.getByLabel('Amount')).toHaveValue('5000');
  await dialog.getByRole('button', { name: 'Record Payment' }).tap();
  const refusal = SALES_MESSAGES.overpayment('₦3,500.00');
  await expect(dialog.getByText(refusal)).toBeVisible();
  await expect(waitingCount(page, 1)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('overpayment-refused.png') });

  // Closed without correcting: the payment stays on the phone with its reason.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: 'Payments on this phone' })).toContainText(refusal);
  await outboxButton(page).tap();
  const row = page.getByRole('dialog', { name: 'Sales on this phone' }).getByLabel(`Payment of Sale #${sale.id}`);
  await expect(row.getByText('Needs attention')).toBeVisible();
  await expect(row.getByText(refusal)).toBeVisible();
  await row.getByRole('button', { name: 'Correct…' }).tap();
  await row.getByLabel('Amount').fill('3,500');
  await row.getByRole('button', { name: 'Send the corrected payment' }).tap();
  await expect(row.getByText('Recorded')).toBeVisible({ timeout: 30_000 });
  await expect(waitingCount(page, 0)).toBeVisible();

  const held = await saleOnServer(page, ceo, sale.id);
  expect(held).toMatchObject({ amount_paid: '9500.00', balance: '0.00', payment_status: 'paid' });
  expect(held.payments.map((payment) => payment.amount).sort()).toEqual(['3500.00', '6000.00']);
});

test('the rest of a part-paid sale made offline is paid offline: it waits for its sale, then pays it', async ({
  page,
  context,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const shop = await counterShop(page, ceo);
  await openCounter(page, ceo);
  await context.setOffline(true);

  await addBySearch(page, 'indomie', shop.noodles.product_name);
  await page.getByRole('button', { name: 'Pay' }).tap();
  await page.getByLabel('Amount paid').fill('100');
  await page.getByRole('button', { name: 'New customer' }).tap();
  await page.getByLabel('Name', { exact: true }).fill('Bisi Adewale');
  await page.getByLabel('Phone number').fill('08051234567');
  await expect(page.getByLabel('Sale status')).toHaveText('Partial Payment');
  await page.getByRole('button', { name: /^Confirm · / }).tap();
  await expect(page.getByRole('heading', { name: /^Receipt / })).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).tap();

  // Bisi comes back with the rest before the network does.
  await outboxButton(page).tap();
  const list = page.getByRole('dialog', { name: 'Sales on this phone' });
  const saleRow = list.getByLabel(/^Sale [A-Z0-9]+-\d{4}$/);
  await expect(saleRow).toContainText('Owes ₦150.00');
  const receipt = (await saleRow.getByText(/^[A-Z0-9]+-\d{4}$/).textContent()) as string;
  await saleRow.getByRole('button', { name: 'Record Payment' }).tap();
  await expect(saleRow.getByLabel('Amount')).toHaveValue('150.00');
  await saleRow.getByRole('button', { name: 'Record Payment' }).tap();
  await expect(page.getByText(COUNTER_SCREEN_MESSAGES.paymentSavedOffline)).toBeVisible();
  const paymentRow = list.getByLabel(`Payment of ${receipt}`);
  await expect(paymentRow).toContainText('Waiting');
  await expect(saleRow).not.toContainText('Owes');
  await expect(waitingCount(page, 2)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sale-and-payment-waiting.png') });

  await context.setOffline(false);
  await expect(waitingCount(page, 0)).toBeVisible({ timeout: 30_000 });
  await expect(paymentRow).toContainText('Recorded');
  const sales = await salesOf(page, ceo);
  expect(sales.count).toBe(1);
  const held = await saleOnServer(page, ceo, sales.results[0]?.id as number);
  expect(held).toMatchObject({ amount_paid: '250.00', balance: '0.00', payment_status: 'paid' });
  expect(held.payments.map((payment) => payment.amount).sort()).toEqual(['100.00', '150.00']);
});
