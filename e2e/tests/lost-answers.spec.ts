import { ENDPOINTS, EXPENSE_MESSAGES, IDEMPOTENCY_HEADER, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';

/**
 * On a slow network a write can commit while its answer never reaches the phone: the clerk sees the network
 * error and taps again. The second tap sends the same Idempotency-Key (apps/web/src/lib/request-keys.ts), so
 * the money is taken or counted once. (The sale's own case: sales-sale-page.spec.ts.)
 */

/** The first request to this path reaches the server, which writes; its answer is then lost. Answers the keys sent. */
async function loseFirstAnswer(page: Page, path: string): Promise<string[]> {
  const keys: string[] = [];
  await page.route(
    (url) => url.pathname === `/api/v1${path}`,
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()[IDEMPOTENCY_HEADER] ?? '');
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
  return keys;
}

test('a payment whose answer is lost is sent again by the outbox under its key, and taken once', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice 50kg ${Date.now()}`, '60000.00', 4);
  const cart = await createCart(page, ceo.businessId, 'Iya Bukola', [{ product_id: rice.id, quantity: 1 }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'not_paid',
  });
  const keys = await loseFirstAnswer(page, ENDPOINTS.sales.recordPayment.path);

  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.getByLabel('Amount').fill('25000');
  // The payment is on the phone first (docs/adr/0019): the outbox sends it again after the lost answer, with
  // the same key, and the dialog shows the server's answer when it comes.
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(SALES_MESSAGES.paymentRecorded)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Paid' })).toContainText('₦25,000.00');
  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₦35,000.00');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const after = await apiCall(page, ENDPOINTS.sales.getSale, { business_id: ceo.businessId, id: sale.id });
  expect(after.sale.amount_paid).toBe('25000.00');
  expect(after.sale.payments.filter((payment) => payment.amount === '25000.00')).toHaveLength(1);
});

test('an expense whose answer is lost is counted once; the next one is counted as well', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const keys = await loseFirstAnswer(page, ENDPOINTS.expenses.createExpense.path);

  await page.goto(`/business/${ceo.slug}/expenses`);
  await expect(page.getByText(EXPENSE_MESSAGES.noExpenses)).toBeVisible();
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Amount').fill('4500');
  const category = dialog.getByRole('combobox', { name: 'Category' });
  await expect(async () => {
    await category.click();
    await page.getByRole('option', { name: 'Transport', exact: true }).click({ timeout: 2_000 });
    await expect(category).toHaveValue('Transport', { timeout: 1_000 });
  }).toPass();
  await dialog.getByLabel('Description').fill('Generator fuel');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.failed.network);

  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Expenses' });
  await expect(table.getByRole('row')).toHaveCount(2);
  expect(keys[1]).toBe(keys[0]);

  // The same fuel bought again later is a new expense, with a new key.
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await dialog.getByLabel('Amount').fill('4500');
  await expect(async () => {
    await category.click();
    await page.getByRole('option', { name: 'Transport', exact: true }).click({ timeout: 2_000 });
    await expect(category).toHaveValue('Transport', { timeout: 1_000 });
  }).toPass();
  await dialog.getByLabel('Description').fill('Generator fuel');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
});
