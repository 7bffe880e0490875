import { ENDPOINTS, MESSAGES, STOCK_MESSAGES, STOCK_MOVEMENT_REASON_LABELS } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { pasteInto, shot } from '../helpers/phone';

/** A YYYY-MM-DD some days from now (far enough from today that the time zone never matters). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A product with two batches: the later-expiring one given first, so the order shown is the server's. */
function productWithTwoBatches(page: Page, businessId: number, name: string) {
  const batches = [
    { batch_number: 'LATE-200', quantity: 5, expiration_date: daysFromNow(200) },
    { batch_number: 'SOON-010', quantity: 10, expiration_date: daysFromNow(10) },
  ];
  return createProduct(page, businessId, name, '1500.00', batches, {
    cost_price: '1000.00',
    selling_price_discount_percentage: '10.00',
  });
}

const batchRow = (page: Page, batchNumber: string) =>
  page.getByRole('table', { name: 'Batches' }).getByRole('row').filter({ hasText: batchNumber });
/** The quantity cell of a batch's row (the second column). */
const batchQuantity = (page: Page, batchNumber: string) => batchRow(page, batchNumber).getByRole('cell').nth(1);
const inStock = (page: Page) => page.getByLabel('In stock', { exact: true });

async function expectInStock(page: Page, quantity: number) {
  await expect(inStock(page).getByText(String(quantity), { exact: true })).toBeVisible();
}

async function pickOption(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a product in detail: its batches by expiry, receiving stock, adjusting a batch, and a refused removal', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Golden Penny Semovita ${Date.now()}`;
  const product = await productWithTwoBatches(page, ceo.businessId, name);
  // One unit sold: taken from the soonest-expiring batch, and linked to its sale in the history.
  const { cart } = await apiCall(page, ENDPOINTS.sales.createCart, {
    business_id: ceo.businessId,
    customer_name: 'Mama Tobi',
    items: [{ product_id: product.id, quantity: 1 }],
  });
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
  });

  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('₦1,500.00')).toBeVisible();
  await expect(page.getByText('10% off')).toBeVisible();
  await expectInStock(page, 14);

  // Soonest expiry first, marked as expiring soon; the later one unmarked.
  const rows = page.getByRole('table', { name: 'Batches' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('SOON-010');
  await expect(rows.nth(1)).toContainText('Expiring soon');
  await expect(rows.nth(2)).toContainText('LATE-200');
  await expect(rows.nth(2)).not.toContainText('Expiring soon');
  await expect(batchQuantity(page, 'SOON-010')).toHaveText('9');

  // The history: the opening stock of both batches and the sale, linked.
  const history = page.getByRole('table', { name: 'Stock movements' });
  await expect(history.getByRole('row')).toHaveCount(4);
  const saleLink = history.getByRole('link', { name: `Sale #${sale.id}` });
  await expect(saleLink).toHaveAttribute('href', `/business/${ceo.slug}/sales/${sale.id}`);
  const saleLine = history.getByRole('row').filter({ has: page.getByRole('link', { name: `Sale #${sale.id}` }) });
  await expect(saleLine).toContainText('SOON-010');
  await expect(saleLine).toContainText('\u22121');
  await expect(saleLine).toContainText(STOCK_MOVEMENT_REASON_LABELS.sale);

  // Receive a new batch.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  await expect(receive.getByRole('button', { name: 'Close' })).toBeVisible();
  await receive.getByLabel('Batch number').fill('NEW-300');
  await receive.getByLabel('Quantity').fill('7');
  await receive.getByLabel('Cost price').fill('950');
  await receive.getByLabel('Expiration date').fill(daysFromNow(300));
  await receive.getByLabel('Expiration date').press('Tab');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(STOCK_MESSAGES.batchReceived)).toBeVisible();
  await expect(receive).toBeHidden();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('NEW-300');
  await expect(batchQuantity(page, 'NEW-300')).toHaveText('7');
  await expectInStock(page, 21);
  const receipt = history.getByRole('row').nth(1);
  await expect(receipt).toContainText('NEW-300');
  await expect(receipt).toContainText('+7');
  await expect(receipt).toContainText(STOCK_MOVEMENT_REASON_LABELS.receipt);
  await expect(receipt).toContainText(`${ceo.firstName} ${ceo.lastName}`);

  // The same batch number again: the server's message under the field, everything typed kept.
  await page.getByRole('button', { name: 'Receive stock' }).click();
  await receive.getByLabel('Batch number').fill('NEW-300');
  await receive.getByLabel('Quantity').fill('3');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText(STOCK_MESSAGES.batchNumberTaken)).toBeVisible();
  await expect(receive.getByLabel('Batch number')).toHaveValue('NEW-300');
  await expect(receive.getByLabel('Quantity')).toHaveValue('3');
  await page.keyboard.press('Escape');
  await expect(receive).toBeHidden();

  // Write off two damaged units of one batch.
  await batchRow(page, 'SOON-010').getByRole('button', { name: 'Adjust batch SOON-010' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust batch SOON-010' });
  await pickOption(page, adjust, 'Reason', STOCK_MOVEMENT_REASON_LABELS.damage);
  // Damage only ever removes: a positive number is refused before anything is sent.
  await adjust.getByLabel('Quantity change').fill('2');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(adjust.getByText(STOCK_MESSAGES.removalNeedsMinus)).toBeVisible();
  // A keypad with no minus key: the sign is a tap beside the number.
  await adjust.getByRole('button', { name: 'Change the sign: remove or add' }).tap();
  await expect(adjust.getByLabel('Quantity change')).toHaveValue('-2');
  await page.screenshot({ path: test.info().outputPath('adjust-sign.png') });
  await adjust.getByLabel('Note').fill('Bags torn in the rain');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText(STOCK_MESSAGES.batchAdjusted)).toBeVisible();
  await expect(adjust).toBeHidden();
  await expect(batchQuantity(page, 'SOON-010')).toHaveText('7');
  await expectInStock(page, 19);
  const damage = history.getByRole('row').nth(1);
  await expect(damage).toContainText('SOON-010');
  await expect(damage).toContainText('\u22122');
  await expect(damage).toContainText(STOCK_MOVEMENT_REASON_LABELS.damage);
  await expect(damage).toContainText('Bags torn in the rain');
  await expect(history.getByRole('row')).toHaveCount(6);

  // More than the batch holds: refused in the batch's words, the dialog keeps what was typed, nothing changes.
  await batchRow(page, 'LATE-200').getByRole('button', { name: 'Adjust batch LATE-200' }).click();
  const refused = page.getByRole('dialog', { name: 'Adjust batch LATE-200' });
  await pickOption(page, refused, 'Reason', STOCK_MOVEMENT_REASON_LABELS.count_correction);
  await refused.getByLabel('Quantity change').fill('-6');
  await refused.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(refused.getByText(STOCK_MESSAGES.batchHoldsOnly(5))).toBeVisible();
  await expect(refused.getByLabel('Quantity change')).toHaveValue('-6');
  await page.keyboard.press('Escape');
  await expect(refused).toBeHidden();
  await expect(batchQuantity(page, 'LATE-200')).toHaveText('5');
  await expectInStock(page, 19);
  await expect(history.getByRole('row')).toHaveCount(6);

  // After a reload the figures are the server's, not the screen's memory.
  await page.reload();
  await expectInStock(page, 19);
  await expect(batchQuantity(page, 'SOON-010')).toHaveText('7');
});

test("another business's product, or an id that is no product, shows not found", async ({ page, browser }) => {
  const owner = await signUpCeoViaApi(page);
  const product = await productWithTwoBatches(page, owner.businessId, `Peak Milk ${Date.now()}`);

  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const stranger = await other.newPage();
    const ceo = await signUpCeoViaApi(stranger, { firstName: 'Bola', lastName: 'Ade' });
    await stranger.goto(`/business/${ceo.slug}/inventory/${product.id}`);
    await expect(stranger.getByText(MESSAGES.product.notFound)).toBeVisible();
    await expect(stranger.getByRole('table', { name: 'Batches' })).toHaveCount(0);
    await expect(stranger.getByRole('button', { name: 'Receive stock' })).toHaveCount(0);
    await stranger.getByRole('link', { name: 'Back to inventory' }).click();
    await expect(stranger).toHaveURL(new RegExp(`/business/${ceo.slug}/inventory$`));

    await stranger.goto(`/business/${ceo.slug}/inventory/not-a-product`);
    await expect(stranger.getByText(MESSAGES.product.notFound)).toBeVisible();
  } finally {
    await other.close();
  }

  // Its owner still sees it.
  await page.goto(`/business/${owner.slug}/inventory/${product.id}`);
  await expect(page.getByRole('table', { name: 'Batches' }).getByRole('row')).toHaveCount(3);
});

test('a salesperson sees the batches and the history, with no way to receive or adjust', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  const product = await productWithTwoBatches(page, ceo.businessId, `Indomie ${Date.now()}`);
  const member = await addMember(page, ceo, 'sales_person', 'Tunde', 'Bakare');
  const { context: theirs, page: seller } = await memberSession(browser, member.username);
  try {
    await seller.goto(`/business/${ceo.slug}/inventory/${product.id}`);
    await expect(seller.getByRole('table', { name: 'Batches' }).getByRole('row')).toHaveCount(3);
    await expect(seller.getByRole('table', { name: 'Stock movements' }).getByRole('row')).toHaveCount(3);
    await expectInStock(seller, 15);
    await expect(seller.getByRole('button', { name: 'Receive stock' })).toHaveCount(0);
    await expect(seller.getByRole('button', { name: /^Adjust/ })).toHaveCount(0);
  } finally {
    await theirs.close();
  }
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
  await page.screenshot({ path: shot('receive-refused') });

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

test("adjusting a batch: the batch's own message, cleared once the value changes, and no decimal saved", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ceo = await signUpCeoViaApi(page);
  const name = `Dangote Sugar ${Date.now()}`;
  const product = await createProduct(page, ceo.businessId, name, '900.00', 5);

  await page.goto(`/business/${ceo.slug}/inventory/${product.id}`);
  await page.getByRole('button', { name: 'Adjust batch BATCH-001' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Adjust batch BATCH-001' });
  const change = dialog.getByLabel('Quantity change');
  const save = dialog.getByRole('button', { name: 'Save adjustment' });

  // More than the batch holds: said of the batch, never a sale's sentence.
  await change.fill('-6');
  await save.tap();
  await expect(dialog.getByText(STOCK_MESSAGES.batchHoldsOnly(5))).toBeVisible();
  await expect(dialog.getByText(MESSAGES.product.insufficientStock)).toHaveCount(0);
  await change.fill('-2');
  await expect(dialog.getByText(STOCK_MESSAGES.batchHoldsOnly(5))).toHaveCount(0);

  // A pasted decimal is refused with a message, not truncated.
  await pasteInto(page, change, '1.5');
  await expect(change).toHaveValue('1.5');
  await save.tap();
  await expect(dialog.getByText(STOCK_MESSAGES.wholeUnits)).toBeVisible();
  await change.fill('1');
  await expect(dialog.getByText(STOCK_MESSAGES.wholeUnits)).toHaveCount(0);

  // The batch shrinks behind the dialog's back: the server's answer is the batch's, and goes once corrected.
  await apiCall(page, ENDPOINTS.stock.updateStock, {
    business_id: ceo.businessId,
    product_id: product.id,
    quantity: -3,
  });
  await change.fill('-5');
  await save.tap();
  await expect(dialog.getByText(STOCK_MESSAGES.batchHoldsOnly(2))).toBeVisible();
  await change.fill('-2');
  await expect(dialog.getByText(STOCK_MESSAGES.batchHoldsOnly(2))).toHaveCount(0);
  await save.tap();
  await expect(page.getByText(STOCK_MESSAGES.batchAdjusted)).toBeVisible();
  await expect(dialog).toBeHidden();

  const history = page.getByRole('table', { name: 'Stock movements' });
  const latest = history.getByRole('row').nth(1);
  await expect(latest).toContainText('\u22122');
  await expect(latest).toContainText(STOCK_MOVEMENT_REASON_LABELS.count_correction);
  await expect(history.getByRole('row').filter({ hasText: '+1' })).toHaveCount(0);
});
