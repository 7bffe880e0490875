import { DAY_CLOSE_MESSAGES, lagosToday, MESSAGES, MONEY_MESSAGES, STOCK_MESSAGES, TEAM_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { createProduct, sellViaApi, signUpCeoViaApi } from '../helpers/api';

/**
 * Every form, through the shared form helper (ui/form-failure.tsx): a failed submit scrolls to its first
 * error and focuses it, whether the form's own rules or the server found it; and a form left empty speaks of
 * its own fields only.
 */

test('Add Product with the cost typed as 1,20: the thumb is taken up to the cost and its reason', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('button', { name: 'Add Product' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product name').fill('Golden Penny Semovita 1kg');
  const cost = dialog.getByLabel('Cost price');
  await cost.fill('1,20');
  // The naira sign and grouping commas are how people write an amount: read as the amount they print.
  await dialog.getByLabel('Selling price').fill('₦1,500');
  await expect(dialog.getByLabel('Selling price')).toHaveValue('1500');
  const batch = dialog.getByRole('group', { name: 'Batch 1' });
  await batch.getByLabel('Batch number').fill('SEM-1');
  await batch.getByLabel('Quantity').fill('10');
  const create = dialog.getByRole('button', { name: 'Create Product' });
  await create.scrollIntoViewIfNeeded();
  await expect(cost).not.toBeInViewport();
  await create.tap();

  await expect(cost).toBeFocused();
  await expect(cost).toBeInViewport();
  await expect(dialog.getByText(MONEY_MESSAGES.format)).toBeInViewport();
  await expect(cost).toHaveValue('1,20');
  await page.screenshot({ path: test.info().outputPath('add-product-cost-error-360.png') });

  // The server's refusal is taken to as well: a SKU another product has.
  await createProduct(page, ceo.businessId, 'Semovita 2kg', '2500.00', 5, { sku: 'SEMO-1KG' });
  await cost.fill('1200');
  await dialog.getByLabel('SKU').fill('SEMO-1KG');
  await create.scrollIntoViewIfNeeded();
  await create.tap();
  const sku = dialog.getByLabel('SKU');
  await expect(dialog.getByText(MESSAGES.product.skuTaken)).toBeVisible();
  await expect(sku).toBeFocused();
  await expect(sku).toBeInViewport();
});

test('a form sent empty names its own fields, never "Business ID", and starts at the first', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('button', { name: 'Add Product' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('button', { name: 'Create Product' }).tap();
  await expect(dialog.getByText(MESSAGES.product.nameMin)).toBeVisible();
  await expect(dialog.getByText(STOCK_MESSAGES.batchQuantityRequired)).toBeVisible();
  await expect(dialog.getByText(/Business ID/)).toHaveCount(0);
  await expect(dialog.getByLabel('Product name')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('add-product-empty-360.png'), fullPage: true });
});

test('a date picked in a date field is said in words, day before month', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const product = await createProduct(page, ceo.businessId, `Peak Milk ${Date.now()}`, '900.00', 2);
  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await page.getByRole('button', { name: 'Receive stock' }).tap();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  const expiry = receive.getByLabel('Expiration date');
  await expiry.fill('2027-05-12');
  // 12 May, never "12/05" read either way: the words are the field's description.
  await expect(receive.getByText('Wed, 12 May 2027')).toBeVisible();
  await expect(expiry).toHaveAccessibleDescription(/Wed, 12 May 2027/);
  await page.screenshot({ path: test.info().outputPath('receive-expiry-in-words-360.png') });
  await page.keyboard.press('Escape');

  await page.goto(`/business/${ceo.slug}/expenses`);
  await page.getByRole('button', { name: 'Add Expense' }).tap();
  const expense = page.getByRole('dialog', { name: 'Add Expense' });
  // Today's date, said as today.
  const today = new Date(`${lagosToday()}T12:00:00Z`);
  const words = new Intl.DateTimeFormat('en-NG', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(today);
  await expect(expense.getByText(words)).toBeVisible();
});

test('a field too long says so plainly; the tip closes with a thumb-sized button', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Info' });
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('A'.repeat(101));
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await expect(dialog.getByText(MESSAGES.validation.tooLong(100))).toBeVisible();
  await expect(dialog.getByText(/Too big/)).toHaveCount(0);

  await page.goto(`/business/${ceo.slug}/users`);
  await expect(page.getByText(TEAM_MESSAGES.tip)).toBeVisible();
  const close = page.getByRole('button', { name: 'Dismiss tip' });
  const box = await close.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(40);
  expect(box?.height).toBeGreaterThanOrEqual(40);
  await close.tap();
  await expect(page.getByText(TEAM_MESSAGES.tip)).toBeHidden();
});

test('Close the day sent with nothing counted: the thumb is taken up to the first count and its reason', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '9500.00', 5);
  await sellViaApi(page, ceo.businessId, rice.id, 1, { customer_name: 'Iya Bose' }, { payment_status: 'paid' });
  await page.goto(`/business/${ceo.slug}/close-day`);
  await expect(page.getByTestId('expected-cash')).toHaveText('₦9,500.00');
  const cash = page.getByLabel('Cash counted');
  await expect(cash).toBeVisible();
  const close = page.getByRole('button', { name: 'Close the day' });
  // What a phone shows above its keyboard: the counts are off screen once the thumb is at the button.
  await page.setViewportSize({ width: 360, height: 480 });
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
  await expect(cash).not.toBeInViewport();
  await close.tap();
  await expect(cash).toBeFocused();
  await expect(cash).toBeInViewport();
  await expect(page.getByText(DAY_CLOSE_MESSAGES.countedMissing('Cash'))).toBeInViewport();
  await expect(page.getByText(/Business ID/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('close-day-empty-360.png') });
});
