import { ENDPOINTS } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';

const PHONE_WIDTH = 360;

/** A cart waiting for its sale and a sale partly paid, with long names, as a shop would have them. */
async function shopWithACartAndASale(page: Page) {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const semovita = await createProduct(page, ceo.businessId, `Golden Penny Semovita 10kg ${stamp}`, '12500.00', 20);
  const milk = await createProduct(page, ceo.businessId, `Peak Milk Tin 400g ${stamp}`, '1350.50', 20);
  const cart = await createCart(page, ceo.businessId, 'Chidi Provisions and Stores', [
    { product_id: semovita.id, quantity: 2 },
    { product_id: milk.id, quantity: 3 },
  ]);
  const sold = await createCart(page, ceo.businessId, 'Mama Tobi Mega Supermarket', [
    { product_id: semovita.id, quantity: 1 },
    { product_id: milk.id, quantity: 12 },
  ]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: sold.id,
    payment_status: 'partial',
    deposit_amount: '10000.00',
    payment_method: 'pos_card',
  });
  return { ceo, cart, sale: sale as { id: number } };
}

/** Neither the page nor anything around the table scrolls sideways (the table's scroll container included). */
async function expectNoSidewaysScroll(page: Page, table: Locator) {
  await expect(table).toBeVisible();
  const page_ = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(page_.scrollWidth).toBeLessThanOrEqual(page_.clientWidth);
  const overflowing = await table.evaluate((element) => {
    const wider: string[] = [];
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth) {
        wider.push(`${node.tagName}.${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
      }
    }
    return wider;
  });
  expect(overflowing).toEqual([]);
}

/** The button is a full-size touch target, wholly inside the phone's width, with the page not scrolled sideways. */
async function expectReachable(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(box?.height).toBeGreaterThanOrEqual(40);
}

test('at 360 px the carts, the sales and a sale fit the phone: no sideways scrolling, every action in reach', async ({
  page,
}) => {
  const { ceo, cart, sale } = await shopWithACartAndASale(page);
  expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);

  await page.goto(`/business/${ceo.slug}/sales`);
  const carts = page.getByRole('table', { name: 'Carts' });
  // The header row is still there for assistive technology, though a phone shows each cart as a card.
  await expect(carts.getByRole('row')).toHaveCount(2);
  await expect(carts.getByRole('columnheader', { name: 'Total' })).toHaveCount(1);
  const cartRow = carts.getByRole('row').filter({ hasText: 'Chidi Provisions and Stores' });
  await expect(cartRow.getByRole('cell')).toHaveCount(6);
  await expect(cartRow).toContainText('₦29,051.50');
  await expectNoSidewaysScroll(page, carts);
  for (const name of [`Edit ${cart.title}`, `Confirm sale of ${cart.title}`, `Delete ${cart.title}`]) {
    await expectReachable(page, cartRow.getByRole('button', { name }));
    // Only the phone's own set is drawn, not a wide screen's as well, hidden (row-actions.tsx).
    await expect(cartRow.locator(`[aria-label="${name}"]`)).toHaveCount(1);
  }
  await cartRow.getByRole('button', { name: `Confirm sale of ${cart.title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  await page.getByRole('tab', { name: 'Sales' }).click();
  const sales = page.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row')).toHaveCount(2);
  const saleRow = sales.getByRole('row').filter({ hasText: 'Mama Tobi Mega Supermarket' });
  await expect(saleRow).toContainText('₦28,706.00');
  await expect(saleRow).toContainText('Owes ₦18,706.00');
  await expectNoSidewaysScroll(page, sales);
  const view = saleRow.getByRole('link', { name: `View sale ${sale.id}` });
  await expectReachable(page, view);
  await view.click();

  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  const items = page.getByRole('table', { name: 'Items sold' });
  await expect(items.getByRole('row')).toHaveCount(3);
  await expect(items.getByRole('row').filter({ hasText: 'Peak Milk Tin 400g' })).toContainText('₦16,206.00');
  await expectNoSidewaysScroll(page, items);
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row').filter({ hasText: 'POS card' })).toContainText('₦10,000.00');
  await expectNoSidewaysScroll(page, payments);
});

test('on a wide screen the same tables stay tables: a header row, one line a row, icon buttons', async ({ page }) => {
  const { ceo, cart } = await shopWithACartAndASale(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/business/${ceo.slug}/sales`);
  const carts = page.getByRole('table', { name: 'Carts' });
  await expect(carts.getByRole('columnheader', { name: 'Total' })).toBeVisible();
  const cartRow = carts.getByRole('row').filter({ hasText: 'Chidi Provisions and Stores' });
  const title = await cartRow.getByRole('cell').first().boundingBox();
  const total = await cartRow.getByRole('cell', { name: '₦29,051.50' }).boundingBox();
  // Side by side in one row, not stacked.
  expect(total?.y).toBe(title?.y);
  expect(total?.x).toBeGreaterThan((title?.x ?? 0) + (title?.width ?? 0) - 1);
  const confirmSale = cartRow.getByRole('button', { name: `Confirm sale of ${cart.title}` });
  await expect(confirmSale).toBeVisible();
  expect((await confirmSale.boundingBox())?.width).toBeLessThan(40);
  // The tooltip answers a hover once its chunk has arrived (ui/lazy-tooltip.tsx).
  await expect(async () => {
    await confirmSale.hover();
    await expect(page.getByRole('tooltip', { name: 'Confirm sale' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
});
