import { readFile } from 'node:fs/promises';
import { ENDPOINTS, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';

/** Opens a page of the customer area from the tabs at the foot of the screen, as a thumb does on a phone. */
async function openFromTabs(page: Page, shop: string, label: string) {
  await page
    .getByRole('navigation', { name: `${shop} tabs` })
    .getByRole('link', { name: label, exact: true })
    .tap();
  await expect(page.getByRole('heading', { level: 2, name: label === 'Profile' ? 'My Profile' : label })).toBeVisible();
}

test('a customer at 360 px: asks for a product (toast, pro-forma PDF), the CEO confirms it from Carts; every customer page shows their records', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const customer = await addMember(page, ceo, 'customer', 'Ngozi', 'Okafor');
  const stamp = Date.now();
  const semovita = await createProduct(page, ceo.businessId, `Golden Penny Semovita ${stamp}`, '1500.00', 20, {
    selling_price_discount_percentage: '10',
  });
  const milk = await createProduct(page, ceo.businessId, `Peak Milk ${stamp}`, '800.00', 10);
  // Her history: one sale part-paid (a debt), one paid in full.
  const sold = [];
  for (const [product, quantity, payment] of [
    [milk, 2, { payment_status: 'partial', deposit_amount: '500.00' }],
    [semovita, 1, { payment_status: 'paid' }],
  ] as const) {
    const { cart } = await apiCall(page, ENDPOINTS.sales.createCart, {
      business_id: ceo.businessId,
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity }],
    });
    const { sale } = await apiCall(page, ENDPOINTS.sales.confirmSale, {
      business_id: ceo.businessId,
      cart_id: cart.id,
      payment_method: 'cash',
      ...payment,
    });
    sold.push(sale);
  }

  const { context, page: phone } = await memberSession(browser, customer.username);
  // The staff's stock screen is not hers: an old link to it lands on her products page.
  await phone.goto(`/business/${ceo.slug}/inventory`);
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/customer/products$`));
  await phone.goto(`/${ceo.slug}/customer`);
  await phone.getByRole('link', { name: 'Browse Products' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/customer/products$`));
  await expect(phone.getByRole('heading', { name: 'Products' })).toBeVisible();
  // No staff filters on the customer's page; the price is what she pays, less the discount.
  await expect(phone.getByRole('tablist', { name: 'Stock filter' })).toHaveCount(0);
  const card = phone.getByRole('group', { name: semovita.product_name });
  await expect(card).toContainText('₦1,350.00');
  await expect(card).toContainText('In stock (19)');
  await phone.screenshot({ path: '/tmp/issue11-customer-products.png', fullPage: true });

  await card.getByRole('button', { name: `Request ${semovita.product_name}` }).tap();
  const dialog = phone.getByRole('dialog', { name: `Request ${semovita.product_name}` });
  await dialog.getByLabel('Quantity').fill('30');
  await expect(dialog.getByText(MESSAGES.product.insufficientStock)).toBeVisible();
  await dialog.getByLabel('Quantity').fill('3');
  await expect(dialog.getByText('Total: ₦4,050.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).tap();
  await expect(phone.getByText(SALES_MESSAGES.invoiceGenerated(semovita.product_name))).toBeVisible();
  const arriving = phone.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download invoice (PDF)' }).tap();
  const file = await arriving;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^proforma-${ceo.slug}-\\d+\\.pdf$`));
  expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  await phone.screenshot({ path: '/tmp/issue11-customer-request-sent.png' });
  await dialog.getByRole('button', { name: 'Done' }).tap();

  await openFromTabs(phone, ceo.businessName, 'Invoices');
  const requests = phone.getByRole('table', { name: 'Requests' });
  await expect(requests.getByRole('row').filter({ hasText: `${semovita.product_name} × 3` })).toContainText('Pending');
  const invoices = phone.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').filter({ hasText: `Invoice #${sold[0]?.id}` })).toContainText('Pending');
  await expect(invoices.getByRole('row').filter({ hasText: `Invoice #${sold[1]?.id}` })).toContainText('Paid');
  await expect(invoices.getByRole('button', { name: `Download invoice #${sold[1]?.id}` })).toBeVisible();
  await phone.screenshot({ path: '/tmp/issue11-customer-invoices.png', fullPage: true });

  await openFromTabs(phone, ceo.businessName, 'Receipts');
  const receipts = phone.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row').filter({ hasText: `Sale #${sold[0]?.id}` })).toContainText('₦500.00');
  await expect(receipts.getByRole('row').filter({ hasText: `Sale #${sold[1]?.id}` })).toContainText('₦1,350.00');
  const receipt = phone.waitForEvent('download');
  await receipts.getByRole('button', { name: `Download receipt for sale #${sold[0]?.id}` }).tap();
  expect((await receipt).suggestedFilename()).toBe(`receipt-${ceo.slug}-${sold[0]?.id}.pdf`);
  await phone.screenshot({ path: '/tmp/issue11-customer-receipts.png', fullPage: true });

  await openFromTabs(phone, ceo.businessName, 'Debts');
  // 2 × ₦800.00, ₦500.00 paid.
  await expect(phone.getByLabel('Total owed', { exact: true })).toContainText('₦1,100.00');
  const debt = phone.getByRole('row').filter({ hasText: `Sale #${sold[0]?.id}` });
  await expect(debt).toContainText('Partially Paid');
  await expect(debt).toContainText('₦1,100.00');
  await phone.screenshot({ path: '/tmp/issue11-customer-debts.png', fullPage: true });

  await openFromTabs(phone, ceo.businessName, 'Profile');
  await expect(phone.getByText('Ngozi Okafor')).toBeVisible();
  await expect(phone.getByText(customer.username)).toBeVisible();
  await expect(phone.getByText(ceo.businessName)).toBeVisible();
  await phone.screenshot({ path: '/tmp/issue11-customer-profile.png', fullPage: true });

  // The CEO sees the request in the Carts tab, marked, named to her, and confirms it as any cart.
  await page.goto(`/business/${ceo.slug}/sales`);
  const row = page.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Ngozi Okafor' });
  await expect(row).toContainText(SALES_MESSAGES.customerRequest);
  await expect(row).toContainText(`${semovita.product_name} × 3`);
  await page.screenshot({ path: '/tmp/issue11-ceo-carts-request.png', fullPage: true });
  await row.getByRole('button', { name: /^Confirm sale of / }).tap();
  const confirm = page.getByRole('dialog', { name: 'Confirm sale' });
  await confirm.getByText('Paid in Full').tap();
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(page.getByText(MESSAGES.sale.created)).toBeVisible();

  // Confirmed, it is one of her paid invoices, and no longer a request.
  await openFromTabs(phone, ceo.businessName, 'Invoices');
  await expect(phone.getByRole('table', { name: 'Requests' })).toHaveCount(0);
  await expect(
    phone
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: `${semovita.product_name} × 3` }),
  ).toContainText('Paid');
  await context.close();
});
