import { ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';
import { addBySearch, openCounter, salesOf } from '../helpers/counter';

test('the owner makes rice weighed by the kg, the counter sells 0.75 kg, the product page reads 12.25 kg', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Rice loose ${Date.now() % 1_000_000}`;
  const rice = await createProduct(page, ceo.businessId, name, '1200.00', 13);

  // The product form: counted in kg, sold by weight.
  await page.goto(`/business/${ceo.slug}/inventory`);
  await page
    .getByRole('group', { name, exact: true })
    .getByRole('button', { name: `Edit ${name}` })
    .tap();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Counted in').fill('kg');
  await edit.getByLabel(/Sold by weight or volume/).check();
  await edit.getByRole('button', { name: 'Update Product' }).tap();
  await expect(edit).toBeHidden();

  await openCounter(page, ceo);
  await addBySearch(page, 'rice loose', name);
  await page.getByRole('button', { name: `${name}: 1, change quantity` }).tap();
  const quantity = page.getByLabel(`Quantity of ${name}`);
  // Three decimals at most: a fourth is refused with words, 0.75 is taken.
  await quantity.fill('0.7505');
  await page.getByRole('button', { name: 'Set' }).tap();
  await expect(page.getByText('Enter a quantity above 0 with at most 3 decimals')).toBeVisible();
  await quantity.fill('0.75');
  await page.getByRole('button', { name: 'Set' }).tap();
  await expect(page.getByLabel('This sale')).toContainText('0.75 kg × ₦1,200.00');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('₦900.00');
  await page.screenshot({ path: '/tmp/weighed-sale.png' });

  await page.getByRole('button', { name: 'Pay' }).tap();
  await page.getByRole('button', { name: /^Confirm · Paid in Full/ }).tap();
  await expect(page.getByLabel('Sent state')).toHaveText('Recorded');
  const sales = await salesOf(page, ceo);
  expect(sales.results[0]).toMatchObject({ total_cart_amount: '900.00', payment_status: 'paid' });
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, { business_id: ceo.businessId, product_id: rice.id });
  expect(product.quantity_in_stock).toBe(12.25);

  await page.goto(`/business/${ceo.slug}/inventory/${rice.id}`);
  await expect(page.getByLabel('In stock', { exact: true })).toContainText('12.25 kg');
});
