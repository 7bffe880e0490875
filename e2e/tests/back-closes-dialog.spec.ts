import { ENDPOINTS, lagosToday } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, signUpCeoViaApi } from '../helpers/api';

/**
 * The phone's back button and a dialog, as on Android: back closes the dialog on top and stays on the page; a
 * dialog closed by its × leaves no step behind it, so the next back leaves the page as before.
 */
test("the phone's back button closes a dialog and keeps the page; a dialog closed by × leaves no extra step", async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/reports`);
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.goto(`/business/${ceo.slug}/expenses`);
  const heading = page.getByRole('heading', { name: 'Expenses' });
  await expect(heading).toBeVisible();
  const expenses = page.url();

  // Back with the dialog open: the dialog goes, the page stays.
  await page.getByRole('button', { name: 'Add Expense' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Amount').fill('1500');
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(heading).toBeVisible();
  expect(page.url()).toBe(expenses);

  // Closed by its ×: the next back leaves the page, as if the dialog had never opened.
  await page.getByRole('button', { name: 'Add Expense' }).tap();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
});

test("the phone's back button closes a confirmation too, and nothing is deleted", async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await apiCall(page, ENDPOINTS.expenses.createExpense, {
    business_id: ceo.businessId,
    amount: '99.00',
    category: 'Other',
    date: lagosToday(),
  });
  await page.goto(`/business/${ceo.slug}/expenses`);
  const table = page.getByRole('table', { name: 'Expenses' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const expenses = page.url();

  await table.getByRole('button', { name: /^Delete expense of ₦99\.00/ }).tap();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.goBack();
  await expect(confirmation).toBeHidden();
  expect(page.url()).toBe(expenses);
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(2);

  // Cancelled by its button: the next back leaves the page, as if it had never opened.
  await table.getByRole('button', { name: /^Delete expense of ₦99\.00/ }).tap();
  await confirmation.getByRole('button', { name: 'Cancel' }).tap();
  await expect(confirmation).toBeHidden();
  await page.goBack();
  await expect(page).not.toHaveURL(expenses);
});
