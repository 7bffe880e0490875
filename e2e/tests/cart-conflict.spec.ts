import { ENDPOINTS, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';

/**
 * Two clerks on one customer's cart: one has it open in the editor while the other adds a product from the
 * inventory. The editor's save no longer undoes the other's line: it is refused, the editor takes the other
 * phone's lines with its own change on top, and the next save keeps both.
 */
test("a cart saved after another phone changed it keeps the other phone's line", async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const gala = await createProduct(page, ceo.businessId, `Gala ${stamp}`, '200.00', 20);
  const omo = await createProduct(page, ceo.businessId, `Omo ${stamp}`, '900.00', 20);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: gala.id, quantity: 1 }], 'Counter');

  await page.goto(`/business/${ceo.slug}/sales`);
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Counter' });
  await row.getByRole('button', { name: /^Edit / }).click();
  const editor = page.getByRole('dialog', { name: /^Edit / });
  await expect(editor.getByLabel(`Quantity of Gala ${stamp}`)).toHaveValue('1');

  // The other phone adds Omo meanwhile (as its Add to cart does: the whole cart, as it read it).
  await apiCall(page, ENDPOINTS.sales.updateCart, {
    business_id: ceo.businessId,
    id: cart.id,
    title: cart.title,
    customer_name: cart.customer_name,
    items: [
      { product_id: gala.id, quantity: 1 },
      { product_id: omo.id, quantity: 1 },
    ],
    updated_at: cart.updated_at,
  });

  await editor.getByLabel(`Quantity of Gala ${stamp}`).fill('3');
  await editor.getByRole('button', { name: 'Update Cart' }).click();
  await expect(editor.getByText(SALES_MESSAGES.cartChanged)).toBeVisible();
  // Both: the other phone's Omo, and this phone's three Gala.
  await expect(editor.getByLabel(`Quantity of Omo ${stamp}`)).toHaveValue('1');
  await expect(editor.getByLabel(`Quantity of Gala ${stamp}`)).toHaveValue('3');

  await editor.getByRole('button', { name: 'Update Cart' }).click();
  await expect(page.getByText(MESSAGES.cart.updated)).toBeVisible();
  await expect(editor).toBeHidden();
  const [saved] = (
    await apiCall(page, ENDPOINTS.sales.listCarts, { business_id: ceo.businessId, id: cart.id, page: 1 })
  ).results;
  expect(saved?.items.map((item) => [item.product_id, item.quantity])).toEqual([
    [gala.id, 3],
    [omo.id, 1],
  ]);
});

test("Add to cart while another phone changes the same cart keeps both phones' lines", async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const gala = await createProduct(page, ceo.businessId, `Gala ${stamp}`, '200.00', 20);
  const omo = await createProduct(page, ceo.businessId, `Omo ${stamp}`, '900.00', 20);
  const milo = await createProduct(page, ceo.businessId, `Milo ${stamp}`, '1500.00', 20);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: gala.id, quantity: 1 }], 'Counter');

  // Between this phone's read of the cart and its save, the other phone adds Omo.
  let isFirst = true;
  await page.route(
    (url) => url.pathname === `/api/v1${ENDPOINTS.sales.updateCart.path}`,
    async (route) => {
      if (isFirst) {
        isFirst = false;
        await apiCall(page, ENDPOINTS.sales.updateCart, {
          business_id: ceo.businessId,
          id: cart.id,
          title: cart.title,
          customer_name: cart.customer_name,
          items: [
            { product_id: gala.id, quantity: 1 },
            { product_id: omo.id, quantity: 1 },
          ],
        });
      }
      await route.continue();
    },
  );

  await page.goto(`/business/${ceo.slug}/inventory`);
  await page
    .getByRole('group', { name: `Milo ${stamp}`, exact: true })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  await expect(page.getByText(MESSAGES.cart.addedToCart(`Milo ${stamp}`))).toBeVisible();
  const [saved] = (
    await apiCall(page, ENDPOINTS.sales.listCarts, { business_id: ceo.businessId, id: cart.id, page: 1 })
  ).results;
  expect(saved?.items.map((item) => [item.product_id, item.quantity])).toEqual([
    [gala.id, 1],
    [omo.id, 1],
    [milo.id, 1],
  ]);
});
