import { ENDPOINTS, PRICING_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';
import { addBySearch, openCounter } from '../helpers/counter';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { smallTargets } from '../helpers/thumb';

async function sellingPrice(page: Page, businessId: number, productId: number): Promise<string> {
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, { business_id: businessId, product_id: productId });
  return product.selling_price;
}

test('raise all drinks by 10% rounded to ₦50: the preview shows old → new, apply changes them, undo restores', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const malt = await createProduct(page, ceo.businessId, 'Malta Guinness 33cl', '1250.00', 24, {
    wholesale_price: '1100.00',
    cost_price: '900.00',
    category: 'Drinks',
  });
  const coke = await createProduct(page, ceo.businessId, 'Coca-Cola 50cl', '999.99', 24, {
    cost_price: '700.00',
    category: 'drinks',
  });
  const rice = await createProduct(page, ceo.businessId, 'Mama Gold Rice 5kg', '9500.00', 5, {
    cost_price: '8000.00',
    category: 'Grains',
  });

  await page.goto(`/business/${ceo.slug}/inventory`);
  // The inventory filters by category: the two drinks, not the rice.
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Drinks' });
  await expect(page.getByRole('link', { name: 'Malta Guinness 33cl' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Coca-Cola 50cl' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mama Gold Rice 5kg' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Change prices' }).tap();
  await expect(page.getByRole('heading', { name: 'Change prices' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Products' }).selectOption({ label: 'Drinks (2)' });
  // Raise, by a percentage: the form's defaults, shown chosen.
  await expect(page.getByRole('radio', { name: 'Raise' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'By %' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Percentage' }).fill('10');
  await page.getByRole('combobox', { name: 'Round new prices' }).selectOption({ label: 'Up to the next ₦50' });
  await page.getByRole('button', { name: 'Preview new prices' }).tap();

  // Every old → new price, exact: 1250 × 1.1 = 1375 → 1400; 1100 × 1.1 = 1210 → 1250; 999.99 × 1.1 → 1100.
  const rows = page.getByTestId('repricing-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel('Retail ₦1,250.00 to ₦1,400.00')).toBeVisible();
  await expect(page.getByLabel('Wholesale ₦1,100.00 to ₦1,250.00')).toBeVisible();
  await expect(page.getByLabel('Retail ₦999.99 to ₦1,100.00')).toBeVisible();
  await expect(rows.filter({ hasText: 'Malta Guinness 33cl' })).toContainText('Cost ₦900.00 · margin ₦500.00');
  await expectNoSidewaysScroll(page);
  expect(await smallTargets(page)).toEqual([]);
  await page.screenshot({ path: shot('repricing-preview'), fullPage: true });

  await page.getByRole('button', { name: 'Apply to 2 products' }).tap();
  await expect(page.getByText(PRICING_MESSAGES.appliedTo(2))).toBeVisible();
  await expect.poll(() => sellingPrice(page, ceo.businessId, malt.id)).toBe('1400.00');
  await expect.poll(() => sellingPrice(page, ceo.businessId, coke.id)).toBe('1100.00');
  expect(await sellingPrice(page, ceo.businessId, rice.id)).toBe('9500.00');

  const change = page.getByTestId('repricing').first();
  await expect(change).toContainText('+10%, rounded up to ₦50 · 2 products · Drinks');
  await page.screenshot({ path: shot('repricing-applied'), fullPage: true });
  await change.getByRole('button', { name: 'Undo' }).tap();
  await expect(page.getByText(PRICING_MESSAGES.undone)).toBeVisible();
  await expect(change.getByText('Undone')).toBeVisible();
  await expect.poll(() => sellingPrice(page, ceo.businessId, malt.id)).toBe('1250.00');
  expect(await sellingPrice(page, ceo.businessId, coke.id)).toBe('999.99');

  // The product's page tells its price history: the change and its undo.
  await page.goto(`/business/${ceo.slug}/inventory/${malt.id}`);
  const history = page.getByRole('table', { name: 'Price history' });
  await expect(history.getByText(/Undo of price change #\d+/)).toBeVisible();
  await expect(history.getByText('₦1,250.00 → ₦1,400.00')).toBeVisible();
  await page.screenshot({ path: shot('repricing-history'), fullPage: true });
});

test('a product sold below its cost is flagged on its page and in Needs attention', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const product = await createProduct(page, ceo.businessId, 'Peak Milk 400g', '2000.00', 10, {
    cost_price: '2100.00',
  });
  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await expect(page.getByText(PRICING_MESSAGES.belowCostDetail('₦2,000.00', '₦2,100.00'))).toBeVisible();
  await page.screenshot({ path: shot('below-cost-product'), fullPage: true });
  await page.goto(`/business/${ceo.slug}`);
  const attention = page.getByLabel('Needs attention');
  await expect(attention.getByText('Sold below cost')).toBeVisible();
  await expect(attention.getByRole('link', { name: 'Peak Milk 400g' })).toBeVisible();

  // On the counter, the line of a product sold below its cost says so; a product sold above it does not.
  await createProduct(page, ceo.businessId, 'Milo 500g', '3000.00', 10, { cost_price: '2500.00' });
  await openCounter(page, ceo);
  await addBySearch(page, 'peak', 'Peak Milk 400g');
  await addBySearch(page, 'milo', 'Milo 500g');
  const line = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}: 1, change quantity`) });
  await expect(line('Peak Milk 400g').getByText(PRICING_MESSAGES.belowCost)).toBeVisible();
  await expect(line('Milo 500g').getByText(PRICING_MESSAGES.belowCost)).toHaveCount(0);
  await page.screenshot({ path: shot('below-cost-counter') });
});

test('a category typed on the product form is made, offered again, and an edited price is in the history', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const milk = await createProduct(page, ceo.businessId, 'Peak Milk 400g', '2500.00', 10);
  await createProduct(page, ceo.businessId, 'Three Crowns Milk', '2300.00', 10);
  await page.goto(`/business/${ceo.slug}/inventory`);

  const card = page.getByRole('group', { name: 'Peak Milk 400g', exact: true });
  await page.getByRole('button', { name: 'Edit Peak Milk 400g' }).tap();
  const edit = page.getByRole('dialog', { name: 'Edit Peak Milk 400g' });
  await edit.getByRole('combobox', { name: 'Category' }).fill('Dairy');
  await edit.getByLabel('Selling price').fill('2600');
  await page.screenshot({ path: shot('product-form-category'), fullPage: false });
  await edit.getByRole('button', { name: 'Update Product' }).tap();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Dairy', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Three Crowns Milk' }).tap();
  const second = page.getByRole('dialog', { name: 'Edit Three Crowns Milk' });
  await second.getByRole('combobox', { name: 'Category' }).fill('da');
  const offered = page.getByRole('listbox', { name: 'Category' }).getByRole('option', { name: 'Dairy' });
  await expect(offered).toBeVisible();
  await offered.tap();
  await second.getByRole('button', { name: 'Update Product' }).tap();
  await expect(second).toBeHidden();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Dairy' });
  await expect(page.getByRole('link', { name: 'Three Crowns Milk' })).toBeVisible();
  await page.screenshot({ path: shot('inventory-category'), fullPage: true });

  await page.goto(`/business/${ceo.slug}/inventory/${milk.id}`);
  const history = page.getByRole('table', { name: 'Price history' });
  await expect(history.getByText('₦2,500.00 → ₦2,600.00')).toBeVisible();
  await expect(history.getByText('Edited')).toBeVisible();
});
