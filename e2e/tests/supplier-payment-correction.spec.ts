import { ENDPOINTS, SUPPLIER_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

test('the owner pays a supplier, corrects the amount, then deletes the payment with a reason, at 360 px', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '1500.00', 0);
  // A delivery of ₦10,000 received on credit: all of it owed.
  const { supplier } = await apiCall(page, ENDPOINTS.suppliers.createSupplier, {
    business_id: ceo.businessId,
    name: 'Dangote Depot',
  });
  await apiCall(page, ENDPOINTS.suppliers.createDelivery, {
    business_id: ceo.businessId,
    supplier_id: supplier.id,
    lines: [{ product_id: rice.id, batch_number: 'DEL-1', quantity: 10, unit_cost: '1000' }],
    amount_paid: '0',
  });

  await page.goto(`/business/${ceo.slug}/suppliers/view?id=${supplier.id}`);
  await expect(page.getByRole('heading', { name: 'Dangote Depot' })).toBeVisible();
  const owed = page.getByLabel('Owed', { exact: true });
  await expect(owed).toContainText('₦10,000.00');

  // Paid ₦4,000 in cash.
  await page.getByRole('button', { name: 'Pay', exact: true }).tap();
  const pay = page.getByRole('dialog', { name: 'Pay Dangote Depot' });
  await pay.getByRole('textbox', { name: 'Amount' }).fill('4,000');
  await pay.getByText('Cash', { exact: true }).tap();
  await pay.getByRole('button', { name: 'Pay' }).tap();
  await expect(pay).toBeHidden();
  await expect(owed).toContainText('₦6,000.00');
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments).toContainText('₦4,000.00');

  // It was ₦3,500: corrected, and what is owed follows.
  const correct = payments.getByRole('button', { name: /^Correct payment of ₦4,000\.00/ });
  await expectThumbSized(correct);
  await correct.tap();
  const dialog = page.getByRole('dialog', { name: /^Payment of / });
  const amount = dialog.getByRole('textbox', { name: 'Amount' });
  await expect(amount).toHaveValue('4000.00');
  await amount.fill('3,500');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('supplier-payment-correct'), fullPage: true });
  await dialog.getByRole('button', { name: 'Save correction' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(SUPPLIER_MESSAGES.paymentCorrected)).toBeVisible();
  await expect(owed).toContainText('₦6,500.00');
  await expect(payments).toContainText('₦3,500.00');
  await expect(payments).not.toContainText('₦4,000.00');

  // The activity log keeps both amounts.
  await page.goto(`/business/${ceo.slug}/activity`);
  const log = page.getByRole('table', { name: 'Activity' });
  await expect(log).toContainText(
    /Ada Obi corrected the amount of payment #\d+ to Dangote Depot from ₦4,000\.00 to ₦3,500\.00/,
  );

  // Then it turns out never to have been paid: deleted, with the reason.
  await page.goBack();
  await expect(owed).toContainText('₦6,500.00');
  await payments.getByRole('button', { name: /^Correct payment of ₦3,500\.00/ }).tap();
  await dialog.getByRole('button', { name: 'Delete this payment…' }).tap();
  await expect(dialog).toContainText('Delete the payment of ₦3,500.00 by Cash?');
  // A reason is asked for, in words, before anything is deleted.
  await dialog.getByRole('button', { name: 'Delete payment' }).tap();
  await expect(dialog.getByRole('textbox', { name: 'Why' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'Why' }).fill('Recorded twice');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('supplier-payment-delete'), fullPage: true });
  await dialog.getByRole('button', { name: 'Delete payment' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(SUPPLIER_MESSAGES.paymentDeleted)).toBeVisible();
  await expect(owed).toContainText('₦10,000.00');
  await expect(page.getByText(SUPPLIER_MESSAGES.noPayments)).toBeVisible();

  await page.goto(`/business/${ceo.slug}/activity`);
  await expect(log).toContainText(
    /Ada Obi deleted payment #\d+ to Dangote Depot of ₦3,500\.00 by Cash: “Recorded twice”/,
  );
  await expectNoSidewaysScroll(page);
});
