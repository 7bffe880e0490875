import { ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { createProduct, signUpCeoViaApi } from '../helpers/api';

/** A full load of a page: no console errors, and a signed-in page's first answers come inside it. */

test('no console errors on a full load of a business page, nor on /login after a logout', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('HydrateFallback')) errors.push(message.text());
  });
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}/sales`);
  await expect(page.getByRole('button', { name: 'Add Cart' })).toBeVisible();
  // index.html's inline script ran, allowed by its hash in the Content-Security-Policy (a refusal would also be
  // a console error), and asked for the page's first reads: the profile and the business of the address.
  const earlyReads = await page.evaluate(() => Object.keys(Reflect.get(window, '__ojaEarlyReads') ?? {}));
  // (The app's own first calls are marked there too, once made: the page's carts.)
  expect(earlyReads.slice(0, 2)).toEqual([
    '/api/v1/users/profile/view/',
    `/api/v1/users/businesses/by-slug/?slug=${ceo.slug}`,
  ]);

  await page.getByRole('button', { name: /^Account menu for / }).tap();
  await page.getByRole('menuitem', { name: 'Logout' }).tap();
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('button', { name: /Register|Sign up|Create/ }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("a signed-in page comes with its first screen's answers: none asked again, a hostile name shown as text", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const ceo = await signUpCeoViaApi(page);
  // A name that would end the page's data block and run a script of its own, were it written into it as it is.
  const hostile = '</script><script>window.__ojaPwned = 1</script>Garri';
  await createProduct(page, ceo.businessId, hostile, '1500.00', 3);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(page.getByText(hostile)).toBeVisible();
  // The profile, the business and its first page of products came inside the page (the server's page-reads.ts):
  // the phone asked for none of them.
  for (const endpoint of [
    ENDPOINTS.accounts.profile,
    ENDPOINTS.businesses.getBusinessBySlug,
    ENDPOINTS.stock.listProducts,
  ]) {
    expect(asked, endpoint.path).not.toContain(`/api/v1${endpoint.path}`);
  }
  expect(await page.evaluate(() => Reflect.get(window, '__ojaPwned'))).toBeUndefined();
  expect(errors).toEqual([]);
});
