import { ENDPOINTS, lagosToday, MESSAGES, PAGE_SIZE, STOCK_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
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
  await page.getByRole('button', { name: 'Receive stock' }).click();
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
  await expect(page.getByRole('button', { name: 'Receive stock' })).toBeVisible();
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');
  const { context, page: phone } = await memberSession(browser, seller.username);
  await phone.goto(`/${ceo.slug}/employee/inventory`);
  await expect(productCard(phone, name)).toBeVisible();
  await expect(productCard(phone, name).getByRole('button', { name: /Receive stock/ })).toHaveCount(0);
  await context.close();
});
