import { MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';

/**
 * A hardware scanner types the code and Enter into the inventory's search box (the camera's scanner does the same):
 * a product with that barcode opens; an unknown code offers "Add product with this barcode", whose form has it.
 */

/** A 13-digit code of this run, so runs never meet. */
const codeOfRun = (tail: number) => `${String(Date.now()).slice(-9)}${String(tail).padStart(4, '0')}`;

test('a product added with a barcode is found by its code and Enter', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const code = codeOfRun(1);
  const name = `Peak Milk Tin ${code}`;

  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product name').fill(name);
  await dialog.getByLabel('Barcode').fill(code);
  await dialog.getByLabel('Cost price').fill('400');
  await dialog.getByLabel('Selling price').fill('550');
  const batch = dialog.getByRole('group', { name: 'Batch 1' });
  await batch.getByLabel('Batch number').fill('PK-1');
  await batch.getByLabel('Quantity').fill('24');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText(MESSAGES.product.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name, exact: true })).toContainText(`Barcode: ${code}`);

  // The scanner: the whole code, then Enter, before the search box's own search has settled.
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.pressSequentially(code, { delay: 5 });
  await search.press('Enter');
  await expect(page).toHaveURL(/\/inventory\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(`Barcode ${code}`)).toBeVisible();
});

test('an unknown code and Enter offer to add a product with it, and the form opens with it filled', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const code = codeOfRun(2);

  await page.goto(`/business/${ceo.slug}/inventory`);
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(code);
  await search.press('Enter');
  await expect(page.getByText(STOCK_MESSAGES.noProductWithCode(code))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('unknown-code.png') });
  await page.getByRole('button', { name: STOCK_MESSAGES.addWithBarcode }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog.getByLabel('Barcode')).toHaveValue(code);

  // Saved with it, the product is found by the same code and Enter.
  const name = `Kings Oil ${code}`;
  await dialog.getByLabel('Product name').fill(name);
  await dialog.getByLabel('Cost price').fill('1000');
  await dialog.getByLabel('Selling price').fill('1200');
  const batch = dialog.getByRole('group', { name: 'Batch 1' });
  await batch.getByLabel('Batch number').fill('KO-1');
  await batch.getByLabel('Quantity').fill('6');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(STOCK_MESSAGES.noProductWithCode(code))).toBeHidden();
  await search.press('Enter');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
