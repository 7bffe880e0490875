import { ACTIVITY_KIND_LABELS, ACTIVITY_MESSAGES, ENDPOINTS } from '@oja/contract';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

test('the owner changes a price, opens the activity log, filters it by kind and reads old → new', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Peak Milk ${Date.now()}`;
  const milk = await createProduct(page, ceo.businessId, name, '500.00', 10);
  // Another kind of entry, which the kind filter leaves out.
  await apiCall(page, ENDPOINTS.stock.updateStock, { business_id: ceo.businessId, product_id: milk.id, quantity: 2 });

  await page.goto(`/business/${ceo.slug}/inventory`);
  const card = page.getByRole('group', { name, exact: true });
  await card.getByRole('button', { name: `Edit ${name}` }).tap();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Selling price').fill('550');
  await edit.getByRole('button', { name: 'Update Product' }).tap();
  await expect(edit).toBeHidden();

  // The log from the business menu, by thumb.
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Activity' }).tap();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Activity' });
  const priceEntry = `Ada Obi changed the price of ${name} from ₦500.00 to ₦550.00`;
  await expect(log).toContainText(priceEntry);
  await expect(log).toContainText(`Ada Obi changed the stock of ${name} by +2`);

  const kind = page.getByLabel('What', { exact: true });
  await expectThumbSized(kind);
  await kind.selectOption({ label: ACTIVITY_KIND_LABELS['product.price'] });
  await expect(page).toHaveURL(/kind=product\.price/);
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(priceEntry);
  await expect(log).not.toContainText('changed the stock');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('activity-log'), fullPage: true });

  await kind.selectOption({ label: ACTIVITY_KIND_LABELS['stock.write_off'] });
  await expect(page.getByText(ACTIVITY_MESSAGES.noMatches)).toBeVisible();
});

test('the Who filter finds any member of a team larger than one page of its list, and keeps them on reload', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Peak Milk ${Date.now()}`;
  const milk = await createProduct(page, ceo.businessId, name, '500.00', 10);
  // Eleven members joined before her: the team list's first page (10) does not hold her.
  for (let index = 1; index <= 11; index++) await addMember(page, ceo, 'sales_person', 'Staff', `Number${index}`);
  const zainab = await addMember(page, ceo, 'manager', 'Zainab', 'Yusuf');
  const { context, page: phone } = await memberSession(browser, zainab.username);
  await apiCall(phone, ENDPOINTS.stock.updateStock, { business_id: ceo.businessId, product_id: milk.id, quantity: 3 });
  await context.close();

  await page.goto(`/business/${ceo.slug}/activity`);
  const log = page.getByRole('table', { name: 'Activity' });
  await expect(log).toContainText(`Zainab Yusuf changed the stock of ${name} by +3`);
  const who = page.getByRole('combobox', { name: 'Who' });
  await expectThumbSized(who);
  await who.fill('zain');
  await page.getByRole('option', { name: 'Zainab Yusuf' }).tap();
  await expect(page).toHaveURL(new RegExp(`member=${zainab.id}`));
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(`Zainab Yusuf changed the stock of ${name} by +3`);
  await expect(log).not.toContainText('Ada Obi');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('activity-log-who'), fullPage: true });

  // From the address alone (a reload, a shared link): the same member, named in the box.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Who' })).toHaveValue('Zainab Yusuf');
  await expect(log.getByRole('row')).toHaveCount(2);
});
