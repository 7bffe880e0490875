import { ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';
import { openCounter, salesOf } from '../helpers/counter';

test('sell a carton and five packs: stock down by 45, the receipt says each, the total is the carton’s price + 5 packs', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Indomie Onion 70g ${Date.now() % 1_000_000}`;
  const indomie = await createProduct(page, ceo.businessId, name, '150.00', 85, {
    base_unit: 'pack',
    packs: [{ name: 'carton', units: 40, selling_price: '5800.00', barcode: `CTN${Date.now() % 1_000_000}` }],
  });
  await openCounter(page, ceo);

  const search = page.getByLabel('Search products');
  await search.fill('indomie onion');
  // The stock reads in cartons and packs where that reads better than "85 packs".
  await expect(page.getByRole('button', { name: `Add ${name}` })).toContainText('2 cartons + 5 packs in stock');
  await page.screenshot({ path: '/tmp/packs-found.png' });
  await page.getByRole('button', { name: `Add 1 carton of ${name}` }).tap();
  await search.fill('indomie onion');
  await page.getByRole('button', { name: `Add ${name}` }).tap();
  await page.getByRole('button', { name: `${name}: 1, change quantity` }).tap();
  await page.getByLabel(`Quantity of ${name}`).fill('5');
  await page.getByRole('button', { name: 'Set' }).tap();
  await expect(page.getByLabel('This sale')).toContainText('1 carton × ₦5,800.00');
  await expect(page.getByLabel('This sale')).toContainText('5 packs × ₦150.00');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('₦6,550.00');
  await page.screenshot({ path: '/tmp/packs-sale.png' });

  await page.getByRole('button', { name: 'Pay' }).tap();
  await page.getByRole('button', { name: /^Confirm · Paid in Full/ }).tap();
  await expect(page.getByLabel('Sent state')).toHaveText('Recorded');
  const receipt = page.getByLabel('Receipt', { exact: true });
  await expect(receipt).toContainText(`1 carton × ${name}`);
  await expect(receipt).toContainText(`5 packs × ${name}`);
  await expect(page.getByLabel('Receipt total')).toHaveText('₦6,550.00');
  await page.screenshot({ path: '/tmp/packs-receipt.png' });

  const sales = await salesOf(page, ceo);
  expect(sales.results[0]).toMatchObject({ total_cart_amount: '6550.00', payment_status: 'paid' });
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, {
    business_id: ceo.businessId,
    product_id: indomie.id,
  });
  expect(product.quantity_in_stock).toBe(40);
});
