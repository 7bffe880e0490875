import { ENDPOINTS, MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';
import { pasteInto, shot } from '../helpers/phone';

/**
 * Add to cart from the inventory, at 360 px with touch: only carts of the product's currency are offered, the
 * server's refusals are never dropped, a quantity is kept as typed, and the steppers are big enough for a thumb.
 */

const TAP = 40;
const productCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const addToCartDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Add ${name} to cart` });

async function openAddToCart(page: Page, name: string): Promise<Locator> {
  await productCard(page, name).getByRole('button', { name: 'Add to cart' }).tap();
  const dialog = addToCartDialog(page, name);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectTappable(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box?.width).toBeGreaterThanOrEqual(TAP);
  expect(box?.height).toBeGreaterThanOrEqual(TAP);
}

test('Add to cart never offers a cart of another currency, and shows a refusal that names no input', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const rice = `Mama Gold Rice ${stamp}`;
  const gin = `Imported Gin ${stamp}`;
  const naira = await createProduct(page, ceo.businessId, rice, '1500.00', 154);
  const dollars = await createProduct(page, ceo.businessId, gin, '20.00', 5, { currency: 'USD' });
  await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: naira.id, quantity: 1 }], 'Naira cart');
  // The newest cart is listed first: the one the dialog used to choose for the user.
  await createCart(page, ceo.businessId, 'Mr Smith', [{ product_id: dollars.id, quantity: 1 }], 'Dollar cart');

  await page.goto(`/business/${ceo.slug}/inventory`);
  const dialog = await openAddToCart(page, rice);
  const dollarCart = dialog.getByRole('radio', { name: 'Dollar cart' });
  await expect(dollarCart).toBeDisabled();
  await expect(dollarCart).not.toBeChecked();
  await expect(dialog.getByText(MESSAGES.cart.mixedCurrency)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Naira cart' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add to cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.addedToCart(rice))).toBeVisible();
  await expect(dialog).toBeHidden();

  // The product sells out while the dialog is open: the server's refusal names `items.0.product_id`, which
  // no input shows. It must be said above the button, not dropped.
  const again = await openAddToCart(page, rice);
  await again.getByRole('radio', { name: 'New cart' }).tap();
  await apiCall(page, ENDPOINTS.stock.updateStock, {
    business_id: ceo.businessId,
    product_id: naira.id,
    quantity: -154,
  });
  await again.getByRole('button', { name: 'Create cart' }).tap();
  await expect(again.getByRole('alert')).toHaveText(MESSAGES.product.outOfStockForCart);
  await expect(again).toBeVisible();
});

test('a quantity past the stock is kept as typed or pasted, refused with its reason, and not sent', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ceo = await signUpCeoViaApi(page);
  const rice = `Royal Stallion Rice ${Date.now()}`;
  await createProduct(page, ceo.businessId, rice, '1500.00', 154);

  await page.goto(`/business/${ceo.slug}/inventory`);
  const dialog = await openAddToCart(page, rice);
  const quantity = dialog.getByLabel('Quantity');
  const tooMany = dialog.getByText(STOCK_MESSAGES.onlyInStock(154), { exact: true });

  await quantity.fill('');
  await quantity.pressSequentially('500');
  await expect(quantity).toHaveValue('500');
  await expect(tooMany).toBeVisible();
  await dialog.getByRole('button', { name: 'Create cart' }).tap();
  await expect(dialog).toBeVisible();
  await expect(quantity).toHaveValue('500');
  await expect(tooMany).toBeVisible();

  await quantity.fill('3');
  await expect(tooMany).toBeHidden();
  await pasteInto(page, quantity, '500');
  await expect(quantity).toHaveValue('500');
  await expect(tooMany).toBeVisible();

  // Nothing was sent: there is still no cart.
  const carts = await apiCall(page, ENDPOINTS.sales.listCarts, { business_id: ceo.businessId });
  expect(carts.count).toBe(0);

  await quantity.fill('154');
  await expect(tooMany).toBeHidden();
  await dialog.getByRole('button', { name: 'Create cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.addedToCart(rice))).toBeVisible();
});

test('steppers and the Adjust batch button are thumb-sized at 360 px', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = `Caprice Rice ${Date.now()}`;
  const product = await createProduct(page, ceo.businessId, rice, '1500.00', 20);

  await page.goto(`/business/${ceo.slug}/inventory`);
  const dialog = await openAddToCart(page, rice);
  const quantity = dialog.getByLabel('Quantity');
  const up = dialog.locator('[data-direction="up"]');
  const down = dialog.locator('[data-direction="down"]');
  await expectTappable(up);
  await expectTappable(down);
  await page.screenshot({ path: shot('add-to-cart-360') });
  // They still step: one tap up, one tap down.
  await up.tap();
  await expect(quantity).toHaveValue('2');
  await down.tap();
  await expect(quantity).toHaveValue('1');
  await page.keyboard.press('Escape');

  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  const adjust = page.getByRole('button', { name: 'Adjust batch BATCH-001' });
  await expectTappable(adjust);
  await page.screenshot({ path: shot('product-detail-360') });
  await adjust.tap();
  const adjustDialog = page.getByRole('dialog', { name: 'Adjust batch BATCH-001' });
  await expectTappable(adjustDialog.locator('[data-direction="up"]'));
  await expectTappable(adjustDialog.locator('[data-direction="down"]'));
  await page.screenshot({ path: shot('adjust-batch-360') });
});
