import { ENDPOINTS, MESSAGES, SALES_MESSAGES, SALES_SEARCH_MAX_LENGTH, STOCK_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';
import { expectThumbSized } from '../helpers/thumb';

/**
 * The second audit of selling at 360 px with touch, as a clerk and an owner do it on a phone: weird input in
 * the cart editor, a sale of more than is in stock, a debt shared from a long list, and the thumb targets of
 * the sale's screens. Screenshots go to /tmp/aud-sales-*.png.
 */

const shot = (name: string) => `/tmp/aud-sales-${name}.png`;

async function sell(page: Page, businessId: number, customer: string, productId: number, quantity: number) {
  const cart = await createCart(page, businessId, customer, [{ product_id: productId, quantity }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, { business_id: businessId, cart_id: cart.id });
  return sale;
}

test('a quantity of 1e9 typed in the cart editor keeps the page: the total grows, the save is refused in words', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const semovita = `Golden Penny Semovita Premium Wheat Meal Family Pack 10kg ${stamp}`;
  await createProduct(page, ceo.businessId, semovita, '12500.00', 5);
  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Alhaji Abdulrahman 🛒 Provisions');
  await editor.getByRole('combobox', { name: 'Add product' }).fill('golden');
  await page.getByRole('option', { name: /Golden Penny/ }).click();
  const quantity = editor.getByLabel(`Quantity of ${semovita}`);

  // 1e9 × ₦12,500 is past what one amount can hold: the preview summed it through toKobo, which threw, and the
  // whole page went to "Something went wrong", the cart typed so far lost.
  await quantity.fill('1000000000');
  await expect(editor.getByText('₦12,500,000,000,000.00').first()).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(editor.getByText(SALES_MESSAGES.quantityMax)).toBeVisible();
  await page.screenshot({ path: shot('editor-1e9') });

  // The line's controls are a thumb's size.
  await expectThumbSized(quantity);
  await expectThumbSized(editor.getByRole('button', { name: `Remove ${semovita}` }));

  await quantity.fill('4');
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Alhaji Abdulrahman' });
  await expect(row).toContainText('₦50,000.00');
});

test('a sale of more than is left in stock names the short line, in the dialog and then in the carts list', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const rice = await createProduct(page, ceo.businessId, `Rice ${stamp}`, '900.00', 3);
  const oil = await createProduct(page, ceo.businessId, `Oil ${stamp}`, '2000.00', 10);
  await createCart(
    page,
    ceo.businessId,
    'Mama Tobi',
    [
      { product_id: oil.id, quantity: 1 },
      { product_id: rice.id, quantity: 2 },
    ],
    'Counter cart',
  );
  await page.goto(`/business/${ceo.slug}/sales`);
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Counter cart' });
  await expect(row).toContainText(`Rice ${stamp} × 2`);

  // Another phone sells two of the three bags of rice meanwhile.
  await sell(page, ceo.businessId, 'Walk-in', rice.id, 2);

  await row.getByRole('button', { name: 'Confirm sale of Counter cart' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  // Every option of the payment status is a thumb's size.
  for (const label of ['Paid in Full', 'Partial Payment', 'Not Paid']) {
    await expectThumbSized(confirm.locator('label').filter({ hasText: label }));
  }
  await confirm.getByText('Paid in Full').tap();
  await expectThumbSized(confirm.getByRole('button', { name: 'Confirm sale' }));
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(confirm.getByRole('alert').filter({ hasText: MESSAGES.product.insufficientStock })).toBeVisible();
  // Which line: "one or more items" alone left the clerk guessing.
  const short = confirm.getByRole('alert').filter({ hasText: 'Not enough stock' });
  await expect(short).toContainText(`Rice ${stamp} × 2: ${STOCK_MESSAGES.onlyInStock(1)}`);
  await expect(short).not.toContainText(`Oil ${stamp}`);
  await page.screenshot({ path: shot('confirm-short') });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  // The list read the cart again: the short line is marked.
  await expect(row.getByText(`Rice ${stamp} × 2`)).toHaveCSS('color', 'rgb(250, 82, 82)');
  await expect(row.getByText(`Oil ${stamp} × 1`)).not.toHaveCSS('color', 'rgb(250, 82, 82)');
});

test("sharing a debt finds the customer's, past a first page of debtors whose names contain theirs", async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '900.00', 40);
  // Ten "Ade …" owe more than "ade" and fill the first page of the debts matching "ade".
  for (let n = 1; n <= 10; n++) await sell(page, ceo.businessId, `Ade ${n}`, rice.id, 2);
  await sell(page, ceo.businessId, 'ade', rice.id, 1);
  await page.goto(`/business/${ceo.slug}/sales?tab=sales`);
  const sales = page.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row')).toHaveCount(11);
  const share = sales.getByRole('button', { name: "Share ade's debt on WhatsApp", exact: true });
  // Drawn again inside its tooltip once the tooltip's code arrives (ui/lazy-tooltip.tsx).
  await expect(async () => expectThumbSized(share)).toPass();
  // WhatsApp itself is not reached from the test machine: answer its page here.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const popup = page.waitForEvent('popup');
  await share.tap();
  const whatsapp = await popup;
  const text = decodeURIComponent(new URL(whatsapp.url()).searchParams.get('text') ?? '');
  expect(text).toContain('₦900.00');
  expect(text).not.toContain('₦1,800.00');
  await whatsapp.close();
});

test('the sale page at 360 px: every action a thumb can hit; a pasted long search keeps the sales list', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '900.00', 40);
  const sale = await sell(page, ceo.businessId, 'Mama Tobi', rice.id, 3);
  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await page.screenshot({ path: shot('sale-page') });
  await expectThumbSized(page.getByRole('link', { name: 'Back to sales' }));
  for (const name of ['Download receipt', 'Download invoice', 'Record Payment', 'Print receipt', 'Cancel sale']) {
    await expectThumbSized(page.getByRole('button', { name }));
  }
  await expectThumbSized(page.getByRole('link', { name: 'Share on WhatsApp' }));

  // A WhatsApp message pasted into the search: the box stops at what the server searches, and the list answers.
  await page.getByRole('link', { name: 'Back to sales' }).tap();
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(`Mama Tobi ${'called about her order again '.repeat(6)}`);
  await expect(search).toHaveValue(/^Mama Tobi /);
  expect((await search.inputValue()).length).toBe(SALES_SEARCH_MAX_LENGTH);
  await expect(page.getByText('No sale matches this search.')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await search.fill('mama tobi');
  await expect(page.getByRole('table', { name: 'Sales' }).getByRole('row')).toHaveCount(2);
});
