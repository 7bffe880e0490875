import { ENDPOINTS, formatMoney, TEAM_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, expectWithinPhoneWidth, shot } from '../helpers/phone';

/** The business's overview on a phone: its figures, charts and tip, and the reports' tables beside it. */

test('"View All Sales" opens the Sales tab; a dismissed tip stays dismissed after a reload', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}`);
  const tip = page.getByText(TEAM_MESSAGES.tip);
  await expect(tip).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss tip' }).tap();
  await expect(tip).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'View All Sales' })).toBeVisible();
  await expect(tip).toBeHidden();

  await page.getByRole('link', { name: 'View All Sales' }).tap();
  await expect(page).toHaveURL(/\/sales\?tab=sales$/);
  await expect(page.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
});

test('reports and overview fit a 360 px phone; one revenue chart per currency; Total Revenue says what was collected', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const naira = await createProduct(
    page,
    ceo.businessId,
    // A long name with an unbroken run, as stock lists have: it must wrap inside its card.
    `Mama Gold Premium Parboiled Rice 50kg MAMAGOLDRICE50KGPREMIUMPARBOILED${stamp}`,
    '45000.00',
    10,
  );
  const dollars = await createProduct(page, ceo.businessId, `Imported Olive Oil 5L ${stamp}`, '25.00', 10, {
    currency: 'USD',
    cost_price: '18.00',
  });
  // An unpaid naira sale and a paid dollar sale.
  for (const [product, status] of [
    [naira, 'not_paid'],
    [dollars, 'paid'],
  ] as const) {
    const cart = await createCart(page, ceo.businessId, 'Zainab Okoro', [{ product_id: product.id, quantity: 2 }]);
    await apiCall(page, ENDPOINTS.sales.confirmSale, {
      business_id: ceo.businessId,
      cart_id: cart.id,
      payment_status: status,
    });
  }

  await page.goto(`/business/${ceo.slug}`);
  const revenue = page.getByLabel('Total Revenue');
  await expect(revenue).toContainText(formatMoney('90000.00', 'NGN'));
  await expect(revenue).toContainText(`Collected: ${formatMoney('0.00', 'NGN')} + ${formatMoney('50.00', 'USD')}`);
  await expect(page.getByLabel('Revenue per day in NGN')).toBeVisible();
  await expect(page.getByLabel('Revenue per day in USD')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('overview'), fullPage: true });

  await page.goto(`/business/${ceo.slug}/reports`);
  const top = page.getByRole('table', { name: 'Best sellers by quantity' });
  await expect(top).toContainText('Mama Gold Premium Parboiled Rice');
  // Every table of the report fits inside its card: each cell between the phone's edges.
  for (const table of await page.getByRole('table').all()) {
    await expectWithinPhoneWidth(table);
    for (const cell of await table.getByRole('cell').all()) await expectWithinPhoneWidth(cell);
  }
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('reports'), fullPage: true });
});

test('a figure of millions stays on one line in its card on a 360 px phone', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const product = await createProduct(page, ceo.businessId, `Deep Freezer 500L ${Date.now()}`, '1696550.00', 3);
  const cart = await createCart(page, ceo.businessId, 'Chief Adewale', [{ product_id: product.id, quantity: 1 }]);
  await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
  });

  await page.goto(`/business/${ceo.slug}`);
  // Two cards share the phone's width: the amount used to break after its point (₦1,696,550. / 00).
  const value = page.getByLabel('Total Revenue').getByText(formatMoney('1696550.00', 'NGN'), { exact: true });
  await expect(value).toBeVisible();
  const lines = await value.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });
  expect(lines).toBe(1);
  await expectNoSidewaysScroll(page);
});
