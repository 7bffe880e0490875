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

/** The width and height a PNG's header states (its IHDR chunk). */
function pngSize(dataUrl: string): { width: number; height: number } {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the shop's logo is made small on the phone, shown in its settings and printed on the receipt; a file that is no picture is refused at its field", async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '2000.00', 5);
  const cart = await createCart(page, ceo.businessId, 'Mama Tobi', [{ product_id: rice.id, quantity: 1 }]);
  const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
    payment_method: 'cash',
  });
  await page.goto(`/business/${ceo.slug}/settings`);
  // A phone's picture: 1,200 × 600 pixels, drawn here by the browser itself.
  const picture = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 600;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#0b7a3e';
    context.fillRect(0, 0, 1200, 600);
    context.fillStyle = '#fff';
    context.font = 'bold 200px sans-serif';
    context.fillText('OJA', 350, 380);
    return canvas.toDataURL('image/png');
  });
  const pictureFile = {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(picture.split(',')[1] ?? '', 'base64'),
  };

  await page.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Info' });
  const choose = dialog.getByRole('button', { name: 'Choose a logo' });
  await expect(choose).toBeVisible();
  // Not a picture: said at the field, nothing sent.
  const chooser = page.waitForEvent('filechooser');
  await choose.tap();
  await (await chooser).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(dialog.getByText(BUSINESS_MESSAGES.logoUnreadable)).toBeVisible();

  const again = page.waitForEvent('filechooser');
  await choose.tap();
  await (await again).setFiles(pictureFile);
  await expect(dialog.getByRole('img', { name: "The shop's logo" })).toBeVisible();
  await expect(dialog.getByText(BUSINESS_MESSAGES.logoUnreadable)).toBeHidden();
  await page.screenshot({ path: '/tmp/shop-logo-form.png' });
  await dialog.getByRole('button', { name: 'Update Business' }).tap();
  await expect(page.getByText(MESSAGES.business.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: "The shop's logo" })).toBeVisible();
  await page.screenshot({ path: '/tmp/shop-logo-settings.png' });

  // What travelled is the small one.
  const { logo } = await apiCall(page, ENDPOINTS.businesses.getBusinessLogo, { business_id: ceo.businessId });
  expect(logo).toMatch(/^data:image\/png;base64,/);
  expect(pngSize(logo ?? '')).toEqual({ width: 240, height: 120 });

  await page.goto(`/business/${ceo.slug}/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Sale #${sale.id}` })).toBeVisible();
  await expect(page.locator('.oja-receipt img.logo')).toHaveAttribute('src', logo ?? '');
});
