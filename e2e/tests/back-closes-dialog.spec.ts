import { expect, test } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';

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
