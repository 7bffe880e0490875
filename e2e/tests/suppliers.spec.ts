import { SUPPLIER_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { createProduct, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

test('a delivery from a supplier at 360 px: several products, part paid, the rest owed, then paid', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  await createProduct(page, ceo.businessId, `Rice ${stamp}`, '1500.00', 2);
  await createProduct(page, ceo.businessId, `Sugar ${stamp}`, '700.00', 0);

  // From the menu to the suppliers, then New delivery, by thumb.
  await page.goto(`/business/${ceo.slug}`);
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Suppliers' }).tap();
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
  await expect(page.getByText(SUPPLIER_MESSAGES.noSuppliers)).toBeVisible();
  const newDelivery = page.getByRole('link', { name: 'New delivery' });
  await expectThumbSized(newDelivery);
  await newDelivery.tap();
  await expect(page.getByRole('heading', { name: 'New delivery' })).toBeVisible();

  // A supplier nobody has added yet is made on the spot.
  await page.getByRole('combobox', { name: 'Supplier' }).fill('Dangote Depot');
  await page.getByRole('option', { name: '+ Add “Dangote Depot”' }).tap();
  await expect(page.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Dangote Depot');
  await page.getByRole('textbox', { name: 'Supplier’s invoice number' }).fill('INV-77');

  // Two products, each a batch with its cost; money typed as people write it.
  await page.getByRole('combobox', { name: 'Product 1' }).fill('rice');
  await page.getByRole('option', { name: new RegExp(`Rice ${stamp}`) }).tap();
  const first = page.getByTestId('delivery-line').nth(0);
  await first.getByRole('textbox', { name: 'Quantity' }).fill('10');
  await first.getByRole('textbox', { name: 'Unit cost' }).fill('₦1,200');
  await page.getByRole('button', { name: 'Add another product' }).tap();
  await page.getByRole('combobox', { name: 'Product 2' }).fill('sugar');
  await page.getByRole('option', { name: new RegExp(`Sugar ${stamp}`) }).tap();
  const second = page.getByTestId('delivery-line').nth(1);
  await second.getByRole('textbox', { name: 'Quantity' }).fill('4');
  await second.getByRole('textbox', { name: 'Unit cost' }).fill('500');
  await expect(page.getByTestId('delivery-total')).toHaveText('Total: ₦14,000.00');
  await page.getByRole('textbox', { name: 'Paid now' }).fill('5,000');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('new-delivery'), fullPage: true });
  await page.getByRole('button', { name: 'Receive delivery' }).tap();

  // The supplier's page: owed what was not paid.
  await expect(page.getByRole('heading', { name: 'Dangote Depot' })).toBeVisible();
  await expect(page.getByLabel('Owed', { exact: true })).toContainText('₦9,000.00');
  const delivery = page.getByTestId('delivery');
  await expect(delivery).toContainText('Invoice INV-77');
  await expect(delivery).toContainText(`10 × Rice ${stamp} at ₦1,200.00`);
  await expect(delivery).toContainText(`4 × Sugar ${stamp} at ₦500.00`);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('supplier-page'), fullPage: true });

  // Pay the rest by transfer: what is owed is offered as the amount.
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expectThumbSized(pay);
  await pay.tap();
  const dialog = page.getByRole('dialog', { name: 'Pay Dangote Depot' });
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('9000.00');
  await dialog.getByText('Bank transfer').tap();
  await dialog.getByRole('button', { name: 'Pay' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Owed', { exact: true })).toContainText('₦0.00');
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('₦9,000.00');
  await expect(pay).toBeDisabled();
});
