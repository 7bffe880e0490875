import { ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi, stockOf } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

test('a partial return on a phone: units typed per line, refund split over methods, the sale shows it and its receipt', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '1000.00', 10);
  const oil = await createProduct(page, ceo.businessId, `Oil ${Date.now()}`, '500.00', 10);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [
    { product_id: rice.id, quantity: 4 },
    { product_id: oil.id, quantity: 2 },
  ]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
    payment_method: 'cash',
  });

  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('group', { name: 'Total' })).toContainText('₦5,000.00');
  const action = page.getByRole('button', { name: 'Return items' });
  await expectThumbSized(action);
  await action.tap();
  const dialog = page.getByRole('dialog', { name: `Return items of sale #${sale.id}` });

  // The house's count rule: a part of a unit or a negative count is refused in words.
  const riceUnits = dialog.getByLabel(rice.product_name);
  await riceUnits.fill('2.5');
  await dialog.getByLabel('Reason').fill('Bags torn at the seam');
  await dialog.getByRole('button', { name: 'Return items' }).tap();
  await expect(dialog.getByText(SALES_MESSAGES.returnQuantityWhole)).toBeVisible();
  await riceUnits.fill('-3');
  await dialog.getByRole('button', { name: 'Return items' }).tap();
  await expect(dialog.getByText(SALES_MESSAGES.returnQuantityWhole)).toBeVisible();

  // 2 bags back on the shelf, refunded part in cash and part by transfer as typed with the naira sign. A split
  // over what was paid is refused in words before anything is sent; the outcome is shown first.
  await riceUnits.fill('2');
  await dialog.getByLabel('Refund by Cash').fill('₦1,500');
  await dialog.getByLabel('Refund by Bank transfer').fill('5000');
  await expect(
    dialog.getByRole('alert').filter({ hasText: SALES_MESSAGES.refundMoreThanPaid('₦5,000.00') }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Return items' }).tap();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Refund by Bank transfer').fill('500');
  const outcome = dialog.getByRole('status', { name: 'After this return' });
  await expect(outcome).toContainText('The sale becomes ₦3,000.00, paid ₦3,000.00, owing ₦0.00: Paid in Full');
  await expect(outcome).toContainText(
    'Refunded ₦2,000.00 (₦1,500.00 Cash + ₦500.00 Bank transfer), ₦0.00 off what is owed',
  );
  await expectThumbSized(dialog.getByRole('button', { name: 'Return items' }));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('sale-return-dialog'), fullPage: true });
  await dialog.getByRole('button', { name: 'Return items' }).tap();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('group', { name: 'Returned' })).toContainText('₦2,000.00');
  await expect(page.getByRole('group', { name: 'Total' })).toContainText('₦3,000.00');
  const given = page.getByRole('group', { name: /^Return \d+$/ });
  await expect(given).toContainText(`2 × ${rice.product_name}`);
  await expect(given).toContainText('Refunded ₦1,500.00 by Cash');
  await expect(given).toContainText('Refunded ₦500.00 by Bank transfer');
  const share = given.getByRole('link', { name: 'Share return receipt' });
  await expectThumbSized(share);
  const text = decodeURIComponent(new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '');
  expect(text).toContain(`2 × ${rice.product_name} returned`);
  expect(text).toContain('Refunded by Cash: ₦1,500.00');
  expect(text).toContain('Refunded by Bank transfer: ₦500.00');
  // A sale with a return is not cancelled any more: the rest of it is returned instead.
  await expect(page.getByRole('button', { name: 'Cancel sale' })).toHaveCount(0);
  expect(await stockOf(page, ceo.businessId, rice.id)).toBe(8);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('sale-returned'), fullPage: true });
});
