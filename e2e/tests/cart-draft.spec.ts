import { MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { createProduct, signUpCeoViaApi } from '../helpers/api';
import { expectThumbSized } from '../helpers/thumb';

test('a half-built cart survives a reload, and goes once it is saved or the dialog is closed', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const milo = `Milo Refill 400g ${Date.now()}`;
  await createProduct(page, ceo.businessId, milo, '2500.00', 12);

  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Iya Bose');
  await editor.getByRole('combobox', { name: 'Add product' }).fill('milo');
  await page.getByRole('option', { name: new RegExp(milo) }).tap();
  // The quantity's own named steppers, a thumb's size each.
  const more = editor.getByRole('button', { name: `One more ${milo}` });
  const less = editor.getByRole('button', { name: `One less ${milo}` });
  await expectThumbSized(more);
  await expectThumbSized(less);
  await more.tap();
  await more.tap();
  await less.tap();
  await more.tap();
  await expect(editor.getByLabel(`Quantity of ${milo}`)).toHaveValue('3');
  await page.screenshot({ path: test.info().outputPath('cart-editor-steppers-360.png') });

  // The phone reloads the page (or the browser was closed to free memory): the cart comes back as it was.
  await page.reload();
  await expect(editor).toBeVisible();
  await expect(editor.getByText(SALES_MESSAGES.draftRestored)).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Iya Bose');
  await expect(editor.getByLabel(`Quantity of ${milo}`)).toHaveValue('3');
  await expect(editor.getByText('₦7,500.00').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cart-draft-restored-360.png') });
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Carts' })).toContainText(`${milo} × 3`);

  // Saved: a reload opens no dialog.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Carts' })).toBeVisible();
  await expect(editor).toBeHidden();

  // Closed without saving: the draft is discarded.
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Baba Sule');
  await editor.getByRole('button', { name: 'Close' }).tap();
  await expect(editor).toBeHidden();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Carts' })).toBeVisible();
  await expect(editor).toBeHidden();
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).not.toHaveValue('Baba Sule');
});

test('a quantity typed in the cart stays as typed: "2.5" and "-3" are refused with words, never read as 25 or 3', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const garri = `Garri 5kg ${Date.now()}`;
  await createProduct(page, ceo.businessId, garri, '3000.00', 40);
  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Iya Bose');
  await editor.getByRole('combobox', { name: 'Add product' }).fill('garri');
  await page.getByRole('option', { name: new RegExp(garri) }).tap();
  const quantity = editor.getByLabel(`Quantity of ${garri}`);
  const create = editor.getByRole('button', { name: 'Create Cart' });

  await quantity.fill('2.5');
  await expect(quantity).toHaveValue('2.5');
  await create.tap();
  await expect(editor.getByText(SALES_MESSAGES.quantityWhole)).toBeVisible();
  await quantity.fill('-3');
  await expect(quantity).toHaveValue('-3');
  await create.tap();
  await expect(editor.getByText(MESSAGES.cart.quantityMin)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cart-quantity-refused-360.png') });

  await quantity.fill('25');
  await create.tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Carts' })).toContainText(`${garri} × 25`);
});
