import { ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';

/**
 * Names and descriptions are the shop's text, whatever characters they hold: markup typed into them shows
 * as the characters typed and never runs, on every screen that shows them.
 */
const hostile = (label: string) => `<img src=x onerror="window.__xss='${label}'"><b>${label}</b>`;

test('markup in a business, product and customer name shows as text and never runs', async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`A script ran and opened a dialog: ${dialog.message()}`);
  });
  const ceo = await signUpCeoViaApi(page, { businessName: hostile('shop') });
  const productName = hostile('rice');
  const product = await createProduct(page, ceo.businessId, productName, '1500.00', 5);
  await createCart(page, ceo.businessId, hostile('buyer'), [{ product_id: product.id, quantity: 1 }], 'Cart one');

  const screens = [
    { path: `/business/${ceo.slug}/inventory`, text: productName },
    { path: `/business/${ceo.slug}/inventory/${product.id}`, text: productName },
    { path: `/business/${ceo.slug}/sales?tab=carts`, text: hostile('buyer') },
    { path: `/business/${ceo.slug}`, text: hostile('shop') },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByText(screen.text).first(), screen.path).toBeVisible();
    // No element was made from the text: no <img src=x>, no bold label.
    await expect(page.locator('img[src="x"]'), screen.path).toHaveCount(0);
    await expect(page.locator('b', { hasText: /^(shop|rice|buyer)$/ }), screen.path).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), screen.path).toBeUndefined();
  }
});

test("the built server words a refusal as the contract does, not in zod's own words", async ({ page }) => {
  // The bundle once left out the contract's zod wording (apps/server/src/app.ts says how), which the tests run from
  // source never saw: only the server as npm start builds it, which these tests run, shows it.
  const ceo = await signUpCeoViaApi(page);
  const refused = apiCall(page, ENDPOINTS.sales.listSales, { business_id: ceo.businessId, search: 'a'.repeat(101) });
  await expect(refused).rejects.toThrow('At most 100 characters.');
});
