import { ENDPOINTS, MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createProduct, signUpCeoViaApi } from '../helpers/api';

test('a cart sells by the carton: the dialog offers the pack, the sale takes 40 packs a carton and its page says "2 cartons"', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Indomie Chicken 70g ${Date.now() % 1_000_000}`;
  const indomie = await createProduct(page, ceo.businessId, name, '150.00', 85, {
    base_unit: 'pack',
    packs: [{ name: 'carton', units: 40, selling_price: '5800.00' }],
  });

  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('group', { name, exact: true }).getByRole('button', { name: 'Add to cart' }).tap();
  const dialog = page.getByRole('dialog', { name: `Add ${name} to cart` });
  await expect(dialog).toContainText('2 cartons + 5 packs');
  await dialog.getByRole('radio', { name: 'By the carton (40 packs)' }).tap();
  // Three cartons are 120 packs: more than the 85 in stock, said in cartons.
  await dialog.getByLabel('Quantity (cartons)').fill('3');
  await expect(dialog.getByText(STOCK_MESSAGES.onlyInStock(2))).toBeVisible();
  await dialog.getByLabel('Quantity (cartons)').fill('2');
  await dialog.getByRole('button', { name: 'Create cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.addedToCart(name))).toBeVisible();

  const carts = await apiCall(page, ENDPOINTS.sales.listCarts, { business_id: ceo.businessId });
  const cart = carts.results[0];
  expect(cart?.items).toMatchObject([{ pack_name: 'carton', quantity: 2, line_total: '11600.00' }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart?.id ?? 0,
    payment_status: 'paid',
  });
  const product = await apiCall(page, ENDPOINTS.stock.getProduct, {
    business_id: ceo.businessId,
    product_id: indomie.id,
  });
  expect(product.quantity_in_stock).toBe(5);

  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  const items = page.getByRole('table', { name: 'Items sold' });
  await expect(items.getByRole('row').filter({ hasText: name })).toContainText('2 cartons');
  await expect(items.getByRole('row').filter({ hasText: name })).toContainText('₦11,600.00');
});
