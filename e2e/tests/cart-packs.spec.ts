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

test('the cart editor’s product picker offers the unit or each pack, as Add to cart does: 2 cartons and 5 packs in one cart', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Indomie Onion 70g ${Date.now() % 1_000_000}`;
  await createProduct(page, ceo.businessId, name, '150.00', 100, {
    base_unit: 'pack',
    packs: [{ name: 'carton', units: 40, selling_price: '5800.00' }],
  });
  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });
  await editor.getByRole('textbox', { name: 'Customer name' }).fill('Iya Bose');

  await editor.getByRole('combobox', { name: 'Add product' }).fill('indomie onion');
  await page.getByRole('option', { name: new RegExp(name) }).tap();
  const choice = editor.getByRole('group', { name: `How to sell ${name}` });
  await choice.getByRole('radio', { name: 'By the carton (40 packs)' }).tap();
  await choice.getByRole('button', { name: 'Add to cart' }).tap();
  await expect(choice).toBeHidden();
  await editor.getByLabel(`Quantity of ${name} (carton)`).fill('2');

  await editor.getByRole('combobox', { name: 'Add product' }).fill('indomie onion');
  await page.getByRole('option', { name: new RegExp(name) }).tap();
  await editor
    .getByRole('group', { name: `How to sell ${name}` })
    .getByRole('button', { name: 'Add to cart' })
    .tap();
  await editor.getByLabel(`Quantity of ${name}`, { exact: true }).fill('5');
  await expect(editor.getByText('₦12,350.00')).toBeVisible();
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(editor).toBeHidden();

  const carts = await apiCall(page, ENDPOINTS.sales.listCarts, { business_id: ceo.businessId });
  expect(carts.results[0]?.items.map((item) => [item.pack_name ?? null, item.quantity, item.line_total])).toEqual([
    ['carton', 2, '11600.00'],
    [null, 5, '750.00'],
  ]);
});
