import { ENDPOINTS, MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';

/**
 * Stock as a shop owner keeps it on a phone, at 360 px with touch: the card's buttons take a thumb, a Low stock
 * product says so, counts are kept as typed or pasted and refused with their reason, a delivery's expiry in the
 * past is caught before it is recorded, and a long name never pushes a dialog's close button off the screen.
 */

const TAP = 40;
const productCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A YYYY-MM-DD some days from now (far enough from today that the time zone never matters). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expectTappable(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box?.height).toBeGreaterThanOrEqual(TAP);
}

async function pasteInto(page: Page, input: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await input.tap();
  await input.press('ControlOrMeta+A');
  await input.press('ControlOrMeta+V');
}

/** Nothing on the page is wider than the phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("the card's buttons take a thumb, and a product below its reorder level says Low stock", async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const milo = `Milo Refill ${Date.now()}`;
  const product = await createProduct(page, ceo.businessId, milo, '1500.00', 3, { reorder_level: 5 });

  await page.goto(`/business/${ceo.slug}/inventory?filter=low_stock`);
  const card = productCard(page, milo);
  // Listed under Low stock, and the card says why: not a plain "In stock (3)".
  await expect(card).toContainText(STOCK_MESSAGES.lowStock(3, 5));
  await expect(card).not.toContainText(STOCK_MESSAGES.inStock(3));
  for (const name of [`Edit ${milo}`, `Delete ${milo}`, 'Add to cart'])
    await expectTappable(card.getByRole('button', { name }));
  await page.screenshot({ path: '/tmp/aud-inv-low-stock-card.png' });

  // The overview's Low stock line opens the product's page, which says it too.
  await card.getByRole('link', { name: milo }).tap();
  await expect(page).toHaveURL(new RegExp(`/inventory/${product.id}$`));
  await expect(page.getByLabel('In stock', { exact: true })).toContainText(STOCK_MESSAGES.lowStock(3, 5));

  // Restocked past the level, it is plainly in stock again.
  await apiCall(page, ENDPOINTS.stock.updateStock, {
    business_id: ceo.businessId,
    product_id: product.id,
    quantity: 2,
  });
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(productCard(page, milo)).toContainText(STOCK_MESSAGES.inStock(5));
});

test('Add Product keeps pasted counts as typed, refuses a past expiry, and makes one product through a lost network and a double tap', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ceo = await signUpCeoViaApi(page);
  const name = `Indomie Chicken 😀 ${Date.now()}`;

  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('button', { name: 'Add Product' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product name').fill(name);
  await dialog.getByLabel('Cost price').fill('100');
  await dialog.getByLabel('Selling price').fill('150');
  const batch = dialog.getByRole('group', { name: 'Batch 1' });
  await batch.getByLabel('Batch number').fill('CTN-001');
  const quantity = batch.getByLabel('Quantity');
  const reorder = dialog.getByLabel('Reorder level');
  const create = dialog.getByRole('button', { name: 'Create Product' });

  // "1.5" and "-3" pasted stay as they are and are refused with their reason: never saved as 1 or 3.
  await pasteInto(page, quantity, '1.5');
  await expect(quantity).toHaveValue('1.5');
  await pasteInto(page, reorder, '-3');
  await expect(reorder).toHaveValue('-3');
  await create.tap();
  await expect(dialog.getByText(STOCK_MESSAGES.wholeQuantity)).toBeVisible();
  await expect(dialog.getByText(STOCK_MESSAGES.reorderLevel)).toBeVisible();
  await pasteInto(page, quantity, '-3');
  await create.tap();
  await expect(quantity).toHaveValue('-3');
  await expect(dialog.getByText(MESSAGES.product.quantityNonNegative)).toBeVisible();
  // "1,500" pasted is fifteen hundred units, not 1.
  await pasteInto(page, quantity, '1,500');
  await expect(quantity).toHaveValue('1,500');
  await pasteInto(page, reorder, '1,000');
  await expect(reorder).toHaveValue('1,000');

  // An expiry in the past (a wrong year) is caught before anything is sent.
  const expiry = batch.getByLabel('Expiration date');
  await expiry.fill('2024-05-05');
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(ENDPOINTS.stock.createProduct.path)) posts++;
  });
  await create.tap();
  await expect(dialog.getByText(STOCK_MESSAGES.expiryPassed)).toBeVisible();
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: '/tmp/aud-inv-add-past-expiry.png' });
  expect(posts).toBe(0);
  const later = daysFromNow(200);
  await expiry.fill(later);

  // The network drops mid-save: said plainly, and what was typed stays.
  await page.route(`**/api/v1${ENDPOINTS.stock.createProduct.path}`, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await create.tap();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.failed.network);
  await expect(quantity).toHaveValue('1,500');
  await page.unroute(`**/api/v1${ENDPOINTS.stock.createProduct.path}`);

  // A double tap on the retry makes one product, with the units as pasted: both taps land before any answer.
  await create.evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByText(MESSAGES.product.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const found = await apiCall(page, ENDPOINTS.stock.listProducts, { business_id: ceo.businessId, search: 'Indomie' });
  expect(found.count).toBe(1);
  expect(found.results[0]).toMatchObject({ quantity_in_stock: 1500, reorder_level: 1000 });
  await expect(productCard(page, name)).toContainText(STOCK_MESSAGES.inStock(1500));
  await page.screenshot({ path: '/tmp/aud-inv-created.png' });
});

test('receiving stock: a past expiry and a pasted decimal are refused, never recorded as unsellable or truncated units', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ceo = await signUpCeoViaApi(page);
  const name = `Peak Milk ${Date.now()}`;
  const product = await createProduct(page, ceo.businessId, name, '900.00', 2);

  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await page.getByRole('button', { name: 'Receive stock' }).tap();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  await receive.getByLabel('Batch number').fill('PK-002');
  const quantity = receive.getByLabel('Quantity');
  const save = receive.getByRole('button', { name: 'Receive' });
  await pasteInto(page, quantity, '1.5');
  await expect(quantity).toHaveValue('1.5');
  await receive.getByLabel('Expiration date').fill('2021-05-05');
  await save.tap();
  await expect(receive.getByText(STOCK_MESSAGES.wholeQuantity)).toBeVisible();
  await expect(receive.getByText(STOCK_MESSAGES.expiryPassed)).toBeVisible();
  await page.screenshot({ path: '/tmp/aud-inv-receive-refused.png' });

  // Past the limit, said so rather than turned into the limit when the field is left.
  await quantity.fill('200000000');
  await receive.getByLabel('Batch number').tap();
  await expect(quantity).toHaveValue('200,000,000');
  await save.tap();
  await expect(receive.getByText(STOCK_MESSAGES.quantityTooLarge)).toBeVisible();

  await quantity.fill('12');
  await receive.getByLabel('Expiration date').fill(daysFromNow(120));
  await save.tap();
  await expect(page.getByText(STOCK_MESSAGES.batchReceived)).toBeVisible();
  await expect(page.getByLabel('In stock', { exact: true })).toContainText('14');
});

test("a long name breaks in the dialogs' titles and the delete confirm, leaving the close button on screen", async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const long = `Peak${'Evaporated'.repeat(6)}Milk`;
  const batchNumber = `LOT${'7'.repeat(40)}`;
  const product = await createProduct(page, ceo.businessId, long, '900.00', [
    { batch_number: batchNumber, quantity: 4 },
  ]);

  await page.goto(`/business/${ceo.slug}/inventory`);
  const card = productCard(page, long);
  await card.getByRole('button', { name: `Edit ${long}` }).tap();
  const edit = page.getByRole('dialog', { name: `Edit ${long}` });
  await expect(edit.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/aud-inv-long-edit.png' });
  await edit.getByRole('button', { name: 'Close' }).tap();
  await expect(edit).toBeHidden();

  await card.getByRole('button', { name: `Delete ${long}` }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm.getByText(MESSAGES.product.deleteConfirm(long))).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: '/tmp/aud-inv-long-delete.png' });
  await confirm.getByRole('button', { name: 'Cancel' }).tap();

  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await page.getByRole('button', { name: `Adjust batch ${batchNumber}` }).tap();
  const adjust = page.getByRole('dialog', { name: `Adjust batch ${batchNumber}` });
  await expect(adjust.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(adjust.getByRole('heading')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: '/tmp/aud-inv-long-adjust.png' });
});
