import { ENDPOINTS, lagosToday, MESSAGES, PAGE_SIZE, STOCK_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, pasteInto, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

/** A product's card on the inventory list, named by the product. */
const productCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A YYYY-MM-DD date `days` from today, and how the cards write it. */
function dayFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${iso}T12:00:00`),
  );
  return { iso, shown };
}

/** At least a thumb's height, and drawn. */
async function expectTappable(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box?.height).toBeGreaterThanOrEqual(40);
}

test('a CEO adds, finds, filters, edits, restocks and deletes a product', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const name = `Golden Penny Semovita ${stamp}`;
  const empty = `Empty Crate ${stamp}`;
  const emptySku: string = (await createProduct(page, ceo.businessId, empty, '250.00', 0)).sku;
  const later = dayFromNow(200);
  const sooner = dayFromNow(60);

  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await expect(productCard(page, empty)).toContainText(STOCK_MESSAGES.outOfStock);
  await expect(productCard(page, empty).getByRole('button', { name: 'Add to cart' })).toBeDisabled();

  // The Add Product form checks with the spec's messages and keeps what was typed.
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product name').fill('Se');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog.getByText(MESSAGES.product.nameMin)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.product.sellingPositive)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.product.batchNumberMin)).toBeVisible();
  await expect(dialog.getByLabel('Product name')).toHaveValue('Se');

  await dialog.getByLabel('Product name').fill(name);
  await dialog.getByLabel('Cost price').fill('1200');
  await dialog.getByLabel('Selling price').fill('1500');
  await dialog.getByLabel('Selling discount %').fill('10');
  const first = dialog.getByRole('group', { name: 'Batch 1' });
  await first.getByLabel('Batch number').fill('SEM-A');
  await first.getByLabel('Quantity').fill('12');
  await first.getByLabel('Expiration date').fill(later.iso);
  await dialog.getByRole('button', { name: 'Add batch' }).click();
  const second = dialog.getByRole('group', { name: 'Batch 2' });
  await second.getByLabel('Batch number').fill('SEM-B');
  await second.getByLabel('Quantity').fill('8');
  await second.getByLabel('Expiration date').fill(sooner.iso);
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText(MESSAGES.product.created)).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = productCard(page, name);
  await expect(card).toContainText(STOCK_MESSAGES.inStock(20));
  await expect(card).toContainText('₦1,500.00');
  await expect(card).toContainText('10% off');
  await expect(card).toContainText(`Expires ${sooner.shown}`);
  await expect(card).toContainText('SKU: ');

  // Searched by the server, by part of the name in any case; the search survives a reload.
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(`semovita ${stamp}`);
  await expect(productCard(page, empty)).toHaveCount(0);
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(/search=semovita/);
  await page.reload();
  await expect(search).toHaveValue(`semovita ${stamp}`);
  await expect(card).toBeVisible();
  await expect(productCard(page, empty)).toHaveCount(0);
  await search.fill('');
  await expect(productCard(page, empty)).toBeVisible();

  // The stock filter: out of stock shows only the empty product, in stock the other.
  const filters = page.getByRole('tablist', { name: 'Stock filter' });
  // Each filter a thumb's target (34 px by Mantine's padding alone).
  await expectThumbSized(filters.getByRole('tab', { name: 'Out of Stock' }));
  await filters.getByRole('tab', { name: 'Out of Stock' }).click();
  await expect(card).toHaveCount(0);
  await expect(productCard(page, empty)).toBeVisible();
  await expect(page).toHaveURL(/filter=out_of_stock/);
  await filters.getByRole('tab', { name: 'In Stock' }).click();
  await expect(productCard(page, empty)).toHaveCount(0);
  await expect(card).toBeVisible();
  await filters.getByRole('tab', { name: 'Expiring soon' }).click();
  await expect(page.getByText(STOCK_MESSAGES.noProducts)).toBeVisible();
  // Back returns to the previous filter.
  await page.goBack();
  await expect(filters.getByRole('tab', { name: 'In Stock' })).toHaveAttribute('aria-selected', 'true');
  await filters.getByRole('tab', { name: 'All' }).click();
  await expect(productCard(page, empty)).toBeVisible();

  // Edit the price: only the change is sent, and the card shows it.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Selling price')).toHaveValue('1500.00');
  // The server's refusal lands under the field it names, and nothing typed is lost.
  const sku = edit.getByLabel('SKU');
  const ownSku = await sku.inputValue();
  await sku.fill(emptySku);
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(edit.getByText(MESSAGES.product.skuTaken)).toBeVisible();
  await expect(sku).toHaveValue(emptySku);
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  await sku.fill(ownSku);
  await edit.getByLabel('Selling price').fill('1750');
  const patch = page.waitForRequest((request) => request.url().includes(ENDPOINTS.stock.updateProduct.path));
  await edit.getByRole('button', { name: 'Update Product' }).click();
  const sent = (await patch).postDataJSON();
  expect(Object.keys(sent).sort()).toEqual(['business_id', 'id', 'selling_price']);
  expect(sent.selling_price).toBe('1750.00');
  await expect(page.getByText(MESSAGES.product.updated)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('₦1,750.00');

  // Receive a batch on the product's own page, then see the new stock on the list.
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${ceo.slug}/inventory/\\d+$`));
  await page.getByRole('button', { name: 'Receive stock', exact: true }).click();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  await receive.getByLabel('Batch number').fill('SEM-C');
  await receive.getByLabel('Quantity').fill('5');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(STOCK_MESSAGES.batchReceived)).toBeVisible();
  await expect(receive).toBeHidden();
  await page.goBack();
  await expect(card).toContainText(STOCK_MESSAGES.inStock(25));

  // Delete, after the spec's confirm.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm).toContainText(MESSAGES.product.deleteConfirm(name));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.product.deleted)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(productCard(page, empty)).toBeVisible();
});

test('products come in pages of 20, and the page is kept in the address', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const total = PAGE_SIZE.products + 1;
  // Created one after another: the list shows the newest first, so "Item 01" is alone on page 2.
  for (let n = 1; n <= total; n++)
    await createProduct(page, ceo.businessId, `Item ${String(n).padStart(2, '0')}`, '250.00', n);
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(productCard(page, `Item ${total}`)).toBeVisible();
  await expect(page.getByRole('group', { name: /^Item \d+$/ })).toHaveCount(PAGE_SIZE.products);
  await expect(productCard(page, 'Item 01')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(productCard(page, 'Item 01')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Item \d+$/ })).toHaveCount(1);
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(productCard(page, 'Item 01')).toBeVisible();
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('a salesperson sees the products but cannot add, edit or delete them', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Peak Milk ${Date.now()}`;
  await createProduct(page, ceo.businessId, name, '250.00', 6);
  const member = await addMember(page, ceo, 'sales_person', 'Tunde', 'Bakare');
  const { context: theirs, page: seller } = await memberSession(browser, member.username);
  await seller.goto(`/business/${ceo.slug}/inventory`);
  const card = productCard(seller, name);
  await expect(card).toContainText(STOCK_MESSAGES.inStock(6));
  await expect(card.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(card.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(seller.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await theirs.close();
});

test("stock is received from the product's card, its batch number suggested from the day", async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Peak Milk Tin ${Date.now()}`;
  await createProduct(page, ceo.businessId, name, '900.00', 3);
  const suggested = `B-${lagosToday().replaceAll('-', '')}`;

  await page.goto(`/business/${ceo.slug}/inventory`);
  const card = productCard(page, name);
  await expect(card).toContainText(STOCK_MESSAGES.inStock(3));
  const receiveButton = card.getByRole('button', { name: `Receive stock of ${name}` });
  await expectThumbSized(receiveButton);
  await receiveButton.tap();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  await expect(receive.getByLabel('Batch number')).toHaveValue(suggested);
  await expect(receive.getByLabel('Quantity')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('receive-from-card-360.png') });
  await receive.getByLabel('Quantity').fill('24');
  await receive.getByRole('button', { name: 'Receive' }).tap();
  await expect(page.getByText(STOCK_MESSAGES.batchReceived)).toBeVisible();
  await expect(receive).toBeHidden();
  await expect(card).toContainText(STOCK_MESSAGES.inStock(27));

  // A second delivery the same day: the next number, not one the product has.
  await receiveButton.tap();
  await expect(receive.getByLabel('Batch number')).toHaveValue(`${suggested}-2`);
  await page.keyboard.press('Escape');

  // The product's own page offers it too; a salesperson sees it on neither.
  await card.getByRole('link', { name }).tap();
  await expect(page.getByRole('button', { name: 'Receive stock', exact: true })).toBeVisible();
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const { context, page: phone } = await memberSession(browser, seller.username);
  await phone.goto(`/${ceo.slug}/employee/inventory`);
  await expect(productCard(phone, name)).toBeVisible();
  await expect(productCard(phone, name).getByRole('button', { name: /Receive stock/ })).toHaveCount(0);
  await context.close();
});

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
  await page.screenshot({ path: shot('low-stock-card') });

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
  // The failed submit takes the thumb to the first field in error (the reorder level, above the batches) and leaves
  // the batch's quantity below the screen. A person scrolls it up to look at it, then taps it once. Brought in only
  // as far as the screen's bottom edge, it sat where Create Product had just been tapped: Chromium took the tap for
  // the second of a double tap (a click of detail 2), which selects in a text field instead of placing the caret,
  // so the paste landed outside the field.
  await expect(reorder).toBeFocused();
  await quantity.evaluate((field) => field.scrollIntoView({ block: 'center' }));
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
  await page.screenshot({ path: shot('add-past-expiry') });
  expect(posts).toBe(0);
  const later = dayFromNow(200).iso;
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
  await page.screenshot({ path: shot('created') });
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
  await page.screenshot({ path: shot('long-edit') });
  await edit.getByRole('button', { name: 'Close' }).tap();
  await expect(edit).toBeHidden();

  await card.getByRole('button', { name: `Delete ${long}` }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm.getByText(MESSAGES.product.deleteConfirm(long))).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: shot('long-delete') });
  await confirm.getByRole('button', { name: 'Cancel' }).tap();

  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await page.getByRole('button', { name: `Adjust batch ${batchNumber}` }).tap();
  const adjust = page.getByRole('dialog', { name: `Adjust batch ${batchNumber}` });
  await expect(adjust.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(adjust.getByRole('heading')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: shot('long-adjust') });
});
