import { readFile } from 'node:fs/promises';
import { ENDPOINTS, EXPENSE_MESSAGES, formatMoney, lagosToday } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createCart, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { countRequests, slowRules } from '../helpers/network';

/** Opens the Add Expense form and fills it. */
async function openAddExpense(page: Page, amount: string, category: string, description: string) {
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Amount').fill(amount);
  // The categories may be read again as the dialog opens (each expense refreshes them): an option clicked as
  // its list is drawn anew is lost, so the pick is made again until the field holds it.
  const categoryField = dialog.getByRole('combobox', { name: 'Category' });
  await expect(async () => {
    await categoryField.click();
    await page.getByRole('option', { name: category, exact: true }).click({ timeout: 2_000 });
    await expect(categoryField).toHaveValue(category, { timeout: 1_000 });
  }).toPass();
  await dialog.getByLabel('Description').fill(description);
  return dialog;
}

/** Fills the Add Expense form and sends it. */
async function addExpense(page: Page, amount: string, category: string, description: string) {
  const dialog = await openAddExpense(page, amount, category, description);
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  return dialog;
}

const card = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Taps a period chip, as a thumb does (the radio itself is visually hidden behind its label). */
async function choosePeriod(page: Page, label: string) {
  await page.getByRole('radiogroup', { name: 'Period' }).getByText(label, { exact: true }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}

test('a CEO records expenses on a phone and reads the profit they leave, then downloads a table', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Golden Penny Semovita ${Date.now()}`;
  // Cost 100.00 a unit, sold at 1500.00: two units are 3000.00 of revenue and 200.00 of cost.
  const product = await createProduct(page, ceo.businessId, name, '1500.00', 10);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: product.id, quantity: 2 }]);
  const sale = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
  });
  // The pages count "today" by the browser's clock and the sale by the server's. Pinned to the sale's moment (its
  // timers still run), the browser's today is the sale's day even when the test runs across midnight in Lagos: a
  // run that did, at 23:00 UTC, found yesterday's range holding today's expenses.
  const saleTime = Date.parse(sale.sale.created_at);
  await page.clock.setFixedTime(saleTime);

  await page.goto(`/business/${ceo.slug}/expenses`);
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
  await expect(page.getByText(EXPENSE_MESSAGES.noExpenses)).toBeVisible();

  // A bad amount is refused with the contract's words, and nothing is sent.
  const refused = await addExpense(page, '12.345', 'Rent', 'Shop rent');
  await expect(refused.getByText(EXPENSE_MESSAGES.amountInvalid)).toBeVisible();
  await refused.getByLabel('Amount').fill('500');
  await refused.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText(EXPENSE_MESSAGES.created).first()).toBeVisible();
  await expect(refused).toBeHidden();

  await addExpense(page, '250.50', 'Transport', 'Keke to the market');
  await expect(page.getByRole('dialog', { name: 'Add Expense' })).toBeHidden();
  await expect(card(page, 'Total for the period')).toContainText(formatMoney('750.50'));
  const table = page.getByRole('table', { name: 'Expenses' });
  await expect(table.getByRole('row')).toHaveCount(3);

  // A third one, its amount written as receipts print it (thousands grouped), deleted after the confirmation.
  await addExpense(page, '1,099.00', 'Other', 'Mistake');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(card(page, 'Total for the period')).toContainText(formatMoney('1849.50'));
  await table.getByRole('button', { name: /^Delete expense of ₦1,099\.00/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(EXPENSE_MESSAGES.deleted).first()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(card(page, 'Total for the period')).toContainText(formatMoney('750.50'));
  await page.screenshot({ path: '/tmp/i12-expenses.png', fullPage: true });

  // A custom range: up to yesterday holds neither expense, up to today both.
  const lagos = (offset: number) => lagosToday(new Date(saleTime + offset * 86_400_000));
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom', exact: true }).click();
  await page.getByLabel('To', { exact: true }).fill(lagos(-1));
  await expect(page.getByText(EXPENSE_MESSAGES.noExpenses)).toBeVisible();
  await expect(card(page, 'Total for the period')).toContainText(formatMoney('0.00'));
  await page.screenshot({ path: '/tmp/i12-expenses-custom.png', fullPage: true });
  // The custom days live in the address with the period: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(lagos(-1));
  await expect(page.getByText(EXPENSE_MESSAGES.noExpenses)).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill(lagos(0));
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(card(page, 'Total for the period')).toContainText(formatMoney('750.50'));

  await page.goto(`/business/${ceo.slug}/reports`);
  await choosePeriod(page, 'Today');
  // Net profit = revenue − cost − expenses: 3000.00 − 200.00 − 750.50.
  await expect(card(page, 'Revenue')).toContainText(formatMoney('3000.00'));
  await expect(card(page, 'Cost of goods sold')).toContainText(formatMoney('200.00'));
  await expect(card(page, 'Expenses')).toContainText(formatMoney('750.50'));
  await expect(card(page, 'Net profit')).toContainText(formatMoney('2049.50'));
  await expect(card(page, 'Gross profit')).toContainText(formatMoney('2800.00'));
  await expect(card(page, 'Margin')).toContainText('93.33%');
  await page.screenshot({ path: '/tmp/i12-reports.png', fullPage: true });

  // Last month holds neither the sale nor the expenses.
  await choosePeriod(page, 'Last month');
  await expect(card(page, 'Net profit')).toContainText(formatMoney('0.00'));
  await expect(card(page, 'Revenue')).toContainText(formatMoney('0.00'));
  await choosePeriod(page, '30 days');
  await expect(card(page, 'Net profit')).toContainText(formatMoney('2049.50'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV: Best sellers by quantity' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^best-sellers-by-quantity_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.slice(1).split('\r\n')).toEqual(['Product,Sold,Currency,Revenue', `${name},2,NGN,3000.00`, '']);
});

test("the reports' period lives in the address: a reload keeps a custom one", async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const day = (offset: number) => lagosToday(new Date(Date.now() + offset * 86_400_000));
  await page.goto(`/business/${ceo.slug}/reports`);
  await choosePeriod(page, 'Custom');
  await page.getByLabel('From', { exact: true }).fill(day(-20));
  await page.getByLabel('To', { exact: true }).fill(day(-10));
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${day(-20)}&to=${day(-10)}`));
  await expect(card(page, 'Revenue')).toContainText(formatMoney('0.00'));
  // A start after the end moves the end with it.
  await page.getByLabel('From', { exact: true }).fill(day(-5));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day(-5));
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day(-5));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day(-5));
  await expect(card(page, 'Revenue')).toContainText(formatMoney('0.00'));
  // What is owed and on hand today does not follow the period, and says so.
  await expect(page.getByText('Owed today, on sales of any date.')).toBeVisible();
  await expect(page.getByText('Stock on hand today, whatever the period.').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/i12-reports-custom.png', fullPage: true });
  await page.goBack();
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
});

test('an employee sees only their own expenses at /{slug}/employee/expenses', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  await apiCall(page, ENDPOINTS.expenses.createExpense, {
    business_id: ceo.businessId,
    amount: '1000.00',
    category: 'rent',
    date: lagosToday(),
  });
  const member = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const seller = await memberSession(browser, member.username);
  await seller.page.goto(`/${ceo.slug}/employee/expenses`);
  await expect(seller.page.getByText('The expenses you recorded.')).toBeVisible();
  await expect(seller.page.getByText(EXPENSE_MESSAGES.noExpenses)).toBeVisible();
  await addExpense(seller.page, '300', 'Utilities', 'NEPA bill');
  await expect(seller.page.getByRole('table', { name: 'Expenses' }).getByRole('row')).toHaveCount(2);
  await expect(card(seller.page, 'Total for the period')).toContainText(formatMoney('300.00'));
  await seller.page.screenshot({ path: '/tmp/i12-employee-expenses.png', fullPage: true });
  await seller.context.close();
});

test('the overview and the employee home show what needs attention, each line a link', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  const lagos = (offset: number) => lagosToday(new Date(Date.now() + offset * 86_400_000));
  const beans = await createProduct(
    page,
    ceo.businessId,
    `Honey Beans ${Date.now()}`,
    '900.00',
    [
      { batch_number: 'SOON-1', quantity: 4, expiration_date: lagos(5) },
      { batch_number: 'OLD-1', quantity: 3, expiration_date: lagos(-2) },
    ],
    { reorder_level: 10 },
  );
  const cart = await createCart(page, ceo.businessId, 'Iya Bose', [{ product_id: beans.id, quantity: 1 }]);
  await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'not_paid',
  });

  await page.goto(`/business/${ceo.slug}`);
  const attention = page.getByLabel('Needs attention');
  await expect(attention.getByRole('group', { name: 'Low stock' })).toContainText('Low stock (3 of 10)');
  await expect(attention.getByRole('group', { name: 'Expiring within 30 days' })).toContainText('SOON-1');
  await expect(attention.getByRole('group', { name: 'Expired, still on the shelf' })).toContainText('OLD-1');
  await expect(attention.getByRole('group', { name: 'Owe the most' })).toContainText(`owes ${formatMoney('900.00')}`);
  await attention.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/i12-overview-attention.png', fullPage: true });
  await attention.getByRole('group', { name: 'Low stock' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/business/${ceo.slug}/inventory/${beans.id}$`));

  // The inventory's "Low stock" filter finds it too.
  await page.goto(`/business/${ceo.slug}/inventory?filter=low_stock`);
  await expect(page.getByText(beans.product_name)).toBeVisible();

  const member = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const seller = await memberSession(browser, member.username);
  await seller.page.goto(`/${ceo.slug}/employee`);
  const own = seller.page.getByLabel('Needs attention');
  await expect(own.getByRole('group', { name: 'Expired, still on the shelf' })).toContainText('OLD-1');
  await own.getByRole('group', { name: 'Owe the most' }).getByRole('link', { name: 'Iya Bose' }).click();
  await expect(seller.page).toHaveURL(/\/sales\?tab=sales&q=Iya%20Bose$/);
  await seller.context.close();
});

test('a double tap on Add Expense while the rules download records the expense once', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/expenses`);
  await expect(page.getByText(EXPENSE_MESSAGES.noExpenses)).toBeVisible();
  await slowRules(page);
  const sent = countRequests(page, ENDPOINTS.expenses.createExpense.path);
  const dialog = await openAddExpense(page, '2500', 'Transport', 'Keke to the market');
  // The first tap seems to do nothing while the rules arrive on a slow network: the person taps again.
  const add = dialog.getByRole('button', { name: 'Add Expense' });
  await add.tap();
  // Forced: a person's thumb does not wait for the button to be enabled again.
  await add.tap({ force: true });
  await expect(page.getByText(EXPENSE_MESSAGES.created).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Expenses' }).getByRole('row')).toHaveCount(2);
  await expect(card(page, 'Total for the period')).toContainText(formatMoney('2500.00'));
  expect(sent.count).toBe(1);
});
