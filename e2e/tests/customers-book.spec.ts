import { readFile } from 'node:fs/promises';
import { CUSTOMER_MESSAGES, ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, sellViaApi, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

test('the customers book at 360 px: open it, open a customer, share their statement on WhatsApp, merge a duplicate', async ({
  page,
  browser,
}) => {
  // Two people's sessions and a PDF on a shared machine.
  test.slow();
  const ceo = await signUpCeoViaApi(page);
  await apiCall(page, ENDPOINTS.businesses.updateBusiness, {
    id: ceo.businessId,
    bank_name: 'GTBank',
    account_number: '0123456789',
    account_name: 'Ada Stores',
  });
  const customer = await addMember(page, ceo, 'customer', 'Ngozi', 'Eze');
  await apiCall(page, ENDPOINTS.team.updateBusinessUser, {
    user_id: customer.id,
    business_id: ceo.businessId,
    phone_number: '0803 123 4567',
  });
  const rice = await createProduct(page, ceo.businessId, `Rice ${Date.now()}`, '2000.00', 20);
  const first = await sellViaApi(
    page,
    ceo.businessId,
    rice.id,
    2,
    { customer_id: customer.id },
    {
      payment_status: 'partial',
      deposit_amount: '1000.00',
    },
  );
  // The same person typed by name at another sale: a duplicate.
  await sellViaApi(page, ceo.businessId, rice.id, 1, { customer_name: 'Mama Ngozi' });
  await sellViaApi(page, ceo.businessId, rice.id, 1, { customer_name: 'Tunde Bakare' }, { payment_status: 'paid' });

  // Open the book from the menu, by thumb.
  await page.goto(`/business/${ceo.slug}`);
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Customers' }).tap();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  const book = page.getByRole('table', { name: 'Customers' });
  // Most owed first: Ngozi Eze owes ₦3,000.00, Mama Ngozi ₦2,000.00, Tunde nothing.
  const rows = book.getByRole('row');
  await expect(rows.nth(1)).toContainText('Ngozi Eze');
  await expect(rows.nth(1)).toContainText('₦3,000.00');
  await expect(rows.nth(2)).toContainText('Mama Ngozi');
  await expect(rows.nth(3)).toContainText('Tunde Bakare');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('customers-book'), fullPage: true });

  // The search is the server's.
  await page.getByRole('textbox', { name: 'Search customers' }).fill('tunde');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Tunde Bakare');
  await page.getByRole('textbox', { name: 'Search customers' }).fill('');
  await expect(rows).toHaveCount(4);

  // Open a customer.
  const link = book.getByRole('link', { name: 'Ngozi Eze' });
  await expectThumbSized(link);
  await link.tap();
  await expect(page.getByRole('heading', { name: 'Ngozi Eze' })).toBeVisible();
  await expect(page.getByLabel('Owes', { exact: true })).toContainText('₦3,000.00');
  await expect(page.getByLabel('0-30 days')).toContainText('₦3,000.00');
  const statement = page.getByRole('table', { name: 'Statement' });
  await expect(statement).toContainText(`Sale · Sale #${first.id}`);
  await expect(statement).toContainText('Payment');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('customer-page'), fullPage: true });

  // The statement as a PDF.
  const arriving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Statement PDF' }).tap();
  const file = await arriving;
  expect(file.suggestedFilename()).toBe(`statement-${ceo.slug}-${customer.id}.pdf`);
  expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  await file.saveAs(test.info().outputPath('statement.pdf'));

  // Share on WhatsApp: straight to their phone, with what they owe and the shop's account.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const share = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expectThumbSized(share);
  const opening = page.waitForEvent('popup');
  await share.tap();
  const popup = await opening;
  const url = new URL(popup.url());
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/2348031234567');
  const text = url.searchParams.get('text') ?? '';
  expect(text).toContain('Ngozi Eze, your statement:');
  expect(text).toContain('You owe: ₦3,000.00');
  expect(text).toContain(`Sale #${first.id}: ₦3,000.00`);
  expect(text).toContain('GTBank 0123456789 (Ada Stores)');
  await popup.close();

  // Merge the typed name into the registered customer.
  await page.getByRole('button', { name: 'Merge a duplicate' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Merge into Ngozi Eze' });
  await dialog.getByRole('textbox', { name: 'The duplicate' }).fill('mama');
  await dialog.getByRole('listitem', { name: 'Choose Mama Ngozi' }).tap();
  await expect(dialog).toContainText('becomes Ngozi Eze’s');
  await page.screenshot({ path: shot('merge-dialog') });
  await dialog.getByRole('button', { name: 'Merge', exact: true }).tap();
  await expect(page.getByText(CUSTOMER_MESSAGES.merged)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Owes', { exact: true })).toContainText('₦5,000.00');
  await page.screenshot({ path: shot('customer-merged'), fullPage: true });

  await page.getByRole('link', { name: 'Back to customers' }).tap();
  await expect(rows).toHaveCount(3);
  await expect(book).not.toContainText('Mama Ngozi');

  // A manager reads the book in their own area, without merging.
  const manager = await addMember(page, ceo, 'manager', 'Bola', 'Ade');
  const managerSession = await memberSession(browser, manager.username);
  const managerPage = managerSession.page;
  await managerPage.goto(`/${ceo.slug}/employee`);
  await managerPage.getByRole('button', { name: 'Toggle menu' }).tap();
  await managerPage
    .getByRole('navigation', { name: `${ceo.businessName} menu` })
    .getByRole('link', { name: 'Customers' })
    .tap();
  await managerPage.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Ngozi Eze' }).tap();
  await expect(managerPage.getByRole('heading', { name: 'Ngozi Eze' })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: 'Merge a duplicate' })).toHaveCount(0);
  await managerSession.context.close();
});
