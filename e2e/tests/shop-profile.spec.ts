import { BUSINESS_MESSAGES, ENDPOINTS, MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { apiCall, createCart, createProduct, signUpCeoViaApi } from '../helpers/api';

const ACCOUNT = 'GTBank 0123456789 (Ada Stores)';

test("the shop's profile, set in Edit Info, is on the printed receipt and in the WhatsApp share of what is owed", async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '2000.00', 5);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: rice.id, quantity: 2 }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'partial',
    deposit_amount: '1000.00',
    payment_method: 'cash',
  });

  await page.goto(`/business/${ceo.slug}/settings`);
  await page.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Info' });
  await dialog.getByRole('textbox', { name: 'Shop address' }).fill('12 Balogun Street, Lagos Island');
  await dialog.getByRole('textbox', { name: 'Shop phone' }).fill('0803 123 4567');
  await dialog.getByRole('textbox', { name: 'Bank name' }).fill('GTBank');
  const number = dialog.getByRole('textbox', { name: 'Account number' });
  await number.fill('01234 5678');
  await dialog.getByRole('textbox', { name: 'Account name' }).fill('Ada Stores');
  await dialog.getByRole('button', { name: 'Update Business' }).tap();
  // A number of the wrong length is refused at its field, with the rest of the form as typed.
  await expect(dialog.getByText(BUSINESS_MESSAGES.accountNumber)).toBeVisible();
  await expect(number).toBeFocused();
  await page.screenshot({ path: '/tmp/shop-profile-refused.png' });
  await number.fill('0123 456 789');
  await dialog.getByRole('button', { name: 'Update Business' }).tap();
  await expect(page.getByText(MESSAGES.business.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('+2348031234567')).toBeVisible();
  await expect(page.getByText(ACCOUNT)).toBeVisible();
  await page.screenshot({ path: '/tmp/shop-profile-settings.png', fullPage: true });

  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  // What window.print() prints.
  const receipt = page.locator('.oja-receipt');
  await expect(receipt).toContainText('12 Balogun Street, Lagos Island');
  await expect(receipt).toContainText('+2348031234567');
  await expect(receipt).toContainText(`Pay by transfer: ${ACCOUNT}`);
  const href = (await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')) ?? '';
  expect(decodeURIComponent(href)).toContain(`transfer to ${ACCOUNT}`);
});
