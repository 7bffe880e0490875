import { ENDPOINTS, MESSAGES, STOCK_MESSAGES, UNITS_MESSAGES } from '@oja/contract';
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

test('12.5 kg received on the product page, 0.75 kg sold from a cart: the decimal keypad, and stock reads 11.75 kg', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Rice bag ${Date.now() % 1_000_000}`;
  const rice = await createProduct(page, ceo.businessId, name, '1200.00', 0, { base_unit: 'kg', is_weighed: true });
  const soap = `Soap bar ${Date.now() % 1_000_000}`;
  const bar = await createProduct(page, ceo.businessId, soap, '100.00', 10);

  // A piece product's count asks for whole numbers: the phone's digits-only keypad, and 2.5 refused with words.
  await page.goto(`/business/${ceo.slug}/inventory/${bar.id}`);
  await page.getByRole('button', { name: 'Receive stock' }).tap();
  let receive = page.getByRole('dialog', { name: 'Receive stock' });
  await expect(receive.getByLabel('Quantity')).toHaveAttribute('inputmode', 'numeric');
  await receive.getByLabel('Quantity').fill('2.5');
  await receive.getByRole('button', { name: 'Receive' }).tap();
  await expect(receive.getByText(STOCK_MESSAGES.wholeQuantity)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(receive).toBeHidden();

  await page.goto(`/business/${ceo.slug}/inventory/${rice.id}`);
  await page.getByRole('button', { name: 'Receive stock' }).tap();
  receive = page.getByRole('dialog', { name: 'Receive stock' });
  await expect(receive.getByLabel('Quantity')).toHaveAttribute('inputmode', 'decimal');
  await receive.getByLabel('Quantity').fill('12.5');
  await receive.getByRole('button', { name: 'Receive' }).tap();
  await expect(receive).toBeHidden();
  await expect(page.getByLabel('In stock', { exact: true })).toContainText('12.5 kg');

  // Add to cart asks how much (one kg is rarely what was weighed), in kg, on the decimal keypad.
  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('group', { name, exact: true }).getByRole('button', { name: 'Add to cart' }).tap();
  const dialog = page.getByRole('dialog', { name: `Add ${name} to cart` });
  const quantity = dialog.getByLabel('Quantity (kg)');
  await expect(quantity).toHaveAttribute('inputmode', 'decimal');
  await quantity.fill('0.75');
  await dialog.getByLabel('Customer name').fill('Mama Tobi');
  await dialog.getByRole('button', { name: 'Create cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.addedToCart(name))).toBeVisible();

  await page.goto(`/business/${ceo.slug}/sales`);
  const cartRow = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Mama Tobi' });
  await expect(cartRow).toContainText(`${name} × 0.75`);
  await expect(cartRow).toContainText('₦900.00');
  await cartRow.getByRole('button', { name: /^Confirm sale of / }).tap();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Paid in Full').tap();
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(confirm).toBeHidden();

  await page.goto(`/business/${ceo.slug}/inventory/${rice.id}`);
  await expect(page.getByLabel('In stock', { exact: true })).toContainText('11.75 kg');
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, { business_id: ceo.businessId, product_id: rice.id });
  expect(product.quantity_in_stock).toBe(11.75);
});

test('turning “Sold by weight or volume” off while 0.5 kg is part of a batch is refused beside the box, with what to do', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Beans loose ${Date.now() % 1_000_000}`;
  const beans = await createProduct(
    page,
    ceo.businessId,
    name,
    '900.00',
    [{ batch_number: 'SACK-1', quantity: 12.5 }],
    {
      base_unit: 'kg',
      is_weighed: true,
    },
  );
  await page.goto(`/business/${ceo.slug}/inventory`);
  await page
    .getByRole('group', { name, exact: true })
    .getByRole('button', { name: `Edit ${name}` })
    .tap();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel(/Sold by weight or volume/).uncheck();
  await edit.getByRole('button', { name: 'Update Product' }).tap();
  await expect(edit.getByText(UNITS_MESSAGES.weighedFractionsLeft(0.5, 'kg', ['SACK-1']))).toBeVisible();
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, {
    business_id: ceo.businessId,
    product_id: beans.id,
  });
  expect(product.is_weighed).toBe(true);
});
