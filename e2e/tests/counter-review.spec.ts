import { COUNTER_MESSAGES, COUNTER_REVIEW_MESSAGES, ENDPOINTS } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, type Ceo, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { counterSaleViaApi, registerPhone } from '../helpers/counter';

/** Two phones' sales of 2 each, where only 3 were in stock: the second sale leaves 1 unit short. */
async function sellBeyondStock(page: Page, ceo: Ceo) {
  const product = await createProduct(page, ceo.businessId, `Golden Penny Semovita ${Date.now() % 1e6}`, '500.00', 3);
  const first = await registerPhone(page, ceo);
  const second = await registerPhone(page, ceo);
  await counterSaleViaApi(page, ceo, first, [{ product_id: product.id, quantity: 2, unit_price: '500.00' }]);
  const short = await counterSaleViaApi(page, ceo, second, [
    { product_id: product.id, quantity: 2, unit_price: '500.00' },
  ]);
  expect(short.shortfalls).toHaveLength(1);
  return { product, receipt: short.sale.receipt_number };
}

const needsAttention = (page: Page) => page.getByLabel('Needs attention');

test('the CEO sees units sold beyond the stock in Needs attention, settles them with a note, and they leave', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const { product, receipt } = await sellBeyondStock(page, ceo);

  await page.goto(`/business/${ceo.slug}`);
  const section = page.getByRole('group', { name: COUNTER_REVIEW_MESSAGES.unitsNotInStock(1) });
  await expect(section).toBeVisible();
  await expect(section).toContainText(`1 not in stock · receipt ${receipt} · Ada Obi`);
  await page.screenshot({ path: test.info().outputPath('attention.png'), fullPage: true });

  await section.getByRole('link', { name: product.product_name }).tap();
  await expect(page.getByRole('heading', { name: 'Counter review' })).toBeVisible();
  const card = page.getByRole('article', { name: `Shortfall: ${product.product_name}` });
  await expect(card).toContainText('1 not in stock');
  await expect(card.getByRole('link', { name: `Receipt ${receipt}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('shortfalls.png'), fullPage: true });

  await card.getByRole('button', { name: 'Settle' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Settle a shortfall' });
  // A settlement says how: an empty note is refused with words, and nothing is sent.
  await dialog.getByRole('button', { name: 'Settle' }).tap();
  await expect(dialog.getByText(COUNTER_MESSAGES.shortfallNoteRequired)).toBeVisible();
  await dialog.getByLabel('How was it settled?').fill('Counted: 0 on the shelf');
  await page.screenshot({ path: test.info().outputPath('settle-dialog.png') });
  await dialog.getByRole('button', { name: 'Settle' }).tap();
  await expect(dialog).toBeHidden();
  await expect(card).toBeHidden();
  await expect(page.getByText(COUNTER_REVIEW_MESSAGES.noShortfalls)).toBeVisible();

  // Settled ones stay on the record, with who settled them and how.
  await page.getByText('Show settled').tap();
  await expect(card).toContainText('Settled by Ada Obi: Counted: 0 on the shelf');
  await expect(card.getByRole('button', { name: 'Settle' })).toHaveCount(0);

  await page.goto(`/business/${ceo.slug}`);
  await expect(needsAttention(page)).toBeVisible();
  await expect(section).toHaveCount(0);
});

test('a sale at another price and a phone with unsent sales show in Needs attention; the flag leaves once settled', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const product = await createProduct(page, ceo.businessId, `Peak Milk Sachet ${Date.now() % 1e6}`, '1500.00', 20);
  const phone = await registerPhone(page, ceo);
  const sale = await counterSaleViaApi(page, ceo, phone, [
    { product_id: product.id, quantity: 1, unit_price: '1200.00' },
  ]);
  expect(sale.price_flags).toHaveLength(1);
  // The same phone then went offline: two sales wait on it, the oldest made three hours ago.
  const oldest = new Date(Date.now() - (3 * 60 + 1) * 60_000).toISOString();
  await apiCall(page, ENDPOINTS.counter.reportDeviceStatus, {
    business_id: ceo.businessId,
    device_id: phone.device_id,
    pending_count: 2,
    oldest_pending_at: oldest,
    needs_attention_count: 0,
  });

  await page.goto(`/business/${ceo.slug}`);
  const unsent = page.getByRole('group', { name: COUNTER_REVIEW_MESSAGES.phoneNotSent("Ada's phone", 2, '3 h') });
  await expect(unsent).toContainText('Ada Obi · oldest waiting since');
  const section = page.getByRole('group', { name: COUNTER_REVIEW_MESSAGES.salesAtAnotherPrice(1) });
  await expect(section).toContainText('charged 1,200.00 vs 1,500.00 · Ada Obi');
  await section.getByRole('link', { name: product.product_name }).tap();

  const card = page.getByRole('article', { name: `Price flag: ${product.product_name}` });
  await expect(card).toContainText('charged 1,200.00');
  await expect(card).toContainText('Product price 1,500.00');
  await page.screenshot({ path: test.info().outputPath('price-flags.png'), fullPage: true });
  await card.getByRole('button', { name: 'Settle' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Settle a price flag' });
  await dialog.getByLabel('How was it settled?').fill('Agreed discount for a regular');
  await dialog.getByRole('button', { name: 'Settle' }).tap();
  await expect(card).toBeHidden();
  await expect(page.getByText(COUNTER_REVIEW_MESSAGES.noPriceFlags)).toBeVisible();

  // The phones that sold: the clerk, when each was last seen, nothing waiting.
  await page.getByRole('tab', { name: 'Phones' }).tap();
  // This browser registered itself too when the CEO's pages opened: the phone looked at is the one that sold.
  const device = page.getByRole('article', { name: new RegExp(` · ${phone.prefix}$`) });
  await expect(device).toContainText('2 not sent');
  await expect(device).toContainText('Clerk: Ada Obi');
  await expect(device).toContainText('(3 h)');
  await page.screenshot({ path: test.info().outputPath('phones.png'), fullPage: true });

  await page.goto(`/business/${ceo.slug}`);
  await expect(unsent).toBeVisible();
  await expect(section).toHaveCount(0);
  // The phone's line leads to the Phones tab.
  await unsent.getByRole('link', { name: "Ada's phone" }).tap();
  await expect(page.getByRole('tab', { name: 'Phones' })).toHaveAttribute('aria-selected', 'true');
  await expect(device).toContainText('2 not sent');
});

test('a manager reviews the counter from the employee area; a salesperson has no way in', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  const { product } = await sellBeyondStock(page, ceo);
  const manager = await addMember(page, ceo, 'manager', 'Musa', 'Bello');
  const seller = await addMember(page, ceo, 'sales_person', 'Sade', 'Bello');

  const managerSession = await memberSession(browser, manager.username);
  const managerPage = managerSession.page;
  await managerPage.goto(`/${ceo.slug}/employee`);
  const section = managerPage.getByRole('group', { name: COUNTER_REVIEW_MESSAGES.unitsNotInStock(1) });
  await section.getByRole('link', { name: product.product_name }).tap();
  await expect(managerPage).toHaveURL(new RegExp(`/${ceo.slug}/employee/counter-review$`));
  await expect(managerPage.getByRole('article', { name: `Shortfall: ${product.product_name}` })).toBeVisible();
  await managerPage.getByRole('button', { name: 'Toggle menu' }).tap();
  await expect(
    managerPage
      .getByRole('navigation', { name: `${ceo.businessName} menu` })
      .getByRole('link', { name: 'Counter review' }),
  ).toBeAttached();
  await managerSession.context.close();

  await page.goto(`/business/${ceo.slug}`);
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Counter review' }).tap();
  await expect(page.getByRole('heading', { name: 'Counter review' })).toBeVisible();

  const sellerSession = await memberSession(browser, seller.username);
  const sellerPage = sellerSession.page;
  await sellerPage.goto(`/${ceo.slug}/employee`);
  await expect(needsAttention(sellerPage)).toBeVisible();
  await expect(sellerPage.getByRole('group', { name: COUNTER_REVIEW_MESSAGES.unitsNotInStock(1) })).toHaveCount(0);
  await sellerPage.getByRole('button', { name: 'Toggle menu' }).tap();
  const menu = sellerPage.getByRole('navigation', { name: `${ceo.businessName} menu` });
  await expect(menu.getByRole('link', { name: 'Sell', exact: true })).toBeInViewport();
  await expect(menu.getByRole('link', { name: 'Counter review' })).toHaveCount(0);
  // Nor in the business's own menu, where the CEO finds it.
  await sellerPage.goto(`/business/${ceo.slug}/inventory`);
  await sellerPage.getByRole('button', { name: 'Toggle menu' }).tap();
  const businessMenu = sellerPage.getByRole('navigation', { name: 'Business menu' });
  await expect(businessMenu.getByRole('link', { name: 'Inventory' })).toBeVisible();
  await expect(businessMenu.getByRole('link', { name: 'Counter review' })).toHaveCount(0);
  await sellerPage.goto(`/${ceo.slug}/employee/counter-review`);
  await expect(sellerPage.getByText('Not available')).toBeVisible();
  await expect(sellerPage.getByRole('article')).toHaveCount(0);
  await sellerSession.context.close();
});
