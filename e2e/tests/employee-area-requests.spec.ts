import { ENDPOINTS, MESSAGES, SALES_MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { addMember, apiCall, createCart, createProduct, memberSession, signUpCeoViaApi } from '../helpers/api';
import { expectThumbSized } from '../helpers/thumb';

/** The employee area's menu is there: the page is inside the employee layout, not the business one. */
async function expectEmployeeMenu(page: Page, shop: string) {
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  const menu = page.getByRole('navigation', { name: `${shop} menu` });
  await expect(menu.getByRole('link', { name: 'Receipts', exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await expect(menu).not.toBeInViewport();
}

test("a salesperson finds a customer's request on the employee home and among her carts, marked, and confirms it there", async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Dangote Sugar ${Date.now()}`;
  const sugar = await createProduct(page, ceo.businessId, name, '900.00', 30);
  const customer = await addMember(page, ceo, 'customer', 'Amaka', 'Eze');
  const seller = await addMember(page, ceo, 'sales_person', 'Bisi', 'Adeyemi');
  const colleague = await addMember(page, ceo, 'sales_person', 'Musa', 'Ali');

  const shopper = await memberSession(browser, customer.username);
  await apiCall(shopper.page, ENDPOINTS.sales.requestProducts, {
    business_id: ceo.businessId,
    items: [{ product_id: sugar.id, quantity: 4 }],
  });
  await shopper.context.close();
  const other = await memberSession(browser, colleague.username);
  await createCart(other.page, ceo.businessId, 'Iya Musa', [{ product_id: sugar.id, quantity: 1 }], 'Musa cart');
  await other.context.close();

  const { context, page: phone } = await memberSession(browser, seller.username);
  // Among her carts on the employee sales page, marked as the business sales page marks it.
  await phone.goto(`/${ceo.slug}/employee/sales?tab=carts`);
  await expect(phone.getByRole('heading', { level: 2, name: 'My Sales' })).toBeVisible();
  const carts = phone.getByRole('table', { name: 'Carts' });
  const row = carts.getByRole('row').filter({ hasText: 'Amaka Eze' });
  await expect(row).toContainText(SALES_MESSAGES.customerRequest);
  await expect(row).toContainText(`${name} × 4`);
  // Her own carts and the customers' requests: not a colleague's cart.
  await expect(carts.getByRole('row').filter({ hasText: 'Iya Musa' })).toHaveCount(0);
  await phone.screenshot({ path: '/tmp/emp-requests-carts.png', fullPage: true });

  // The employee home says a request waits, and leads to it.
  await phone.goto(`/${ceo.slug}/employee`);
  const requests = phone.getByRole('region', { name: 'Customer requests' });
  await expect(requests).toContainText('A customer’s request waits for the shop to confirm it.');
  await phone.screenshot({ path: '/tmp/emp-requests-home.png', fullPage: true });
  await requests.getByRole('link', { name: 'Open the carts' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/employee/sales\\?tab=carts$`));
  await expect(row).toContainText(SALES_MESSAGES.customerRequest);

  await row.getByRole('button', { name: /^Confirm sale of / }).tap();
  const confirm = phone.getByRole('dialog', { name: 'Confirm sale' });
  await expect(confirm).toContainText('₦3,600.00');
  await confirm.getByText('Paid in Full').tap();
  await confirm.getByRole('button', { name: 'Confirm sale' }).tap();
  await expect(phone.getByText(MESSAGES.sale.created)).toBeVisible();
  await expect(
    phone.getByRole('table', { name: 'Sales' }).getByRole('row').filter({ hasText: 'Amaka Eze' }),
  ).toContainText('₦3,600.00');

  // Confirmed, it is a sale: no request waits any more.
  await phone.goto(`/${ceo.slug}/employee`);
  await expect(phone.getByRole('region', { name: 'Customer requests' })).toContainText(
    'No customer is waiting for a request to be confirmed.',
  );
  await context.close();
});

test('Add to cart in the employee inventory stays in the employee area; a sale opened from it leads back home', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Indomie Chicken ${Date.now()}`;
  const noodles = await createProduct(page, ceo.businessId, name, '250.00', 40);
  const seller = await addMember(page, ceo, 'sales_person', 'Tola', 'Ade');
  const { context, page: phone } = await memberSession(browser, seller.username);
  // One sale of hers, and exactly one open cart, which Add to cart fills without asking.
  const { cart: sold } = await apiCall(phone, ENDPOINTS.sales.createCart, {
    business_id: ceo.businessId,
    customer_name: 'Iya Bose',
    items: [{ product_id: noodles.id, quantity: 2 }],
  });
  const { sale } = await apiCall(phone, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: sold.id,
    payment_status: 'paid',
    payment_method: 'cash',
  });
  await createCart(phone, ceo.businessId, 'Baba Tunde', [{ product_id: noodles.id, quantity: 1 }], 'Tunde order');

  await phone.goto(`/${ceo.slug}/employee/inventory`);
  await phone.getByRole('group', { name }).getByRole('button', { name: 'Add to cart' }).tap();
  await expect(phone.getByText(MESSAGES.cart.addedToCart(name))).toBeVisible();
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/employee/sales\\?tab=carts$`));
  await expect(phone.getByRole('heading', { level: 2, name: 'My Sales' })).toBeVisible();
  await expect(
    phone.getByRole('table', { name: 'Carts' }).getByRole('row').filter({ hasText: 'Tunde order' }),
  ).toContainText(`${name} × 2`);
  await expectEmployeeMenu(phone, ceo.businessName);
  await phone.screenshot({ path: '/tmp/emp-add-to-cart.png', fullPage: true });

  // No employee sale view: the sale opens on the business's sale page, which she may use and leave for home.
  await expectThumbSized(phone.getByRole('tab', { name: 'Sales' }));
  await phone.getByRole('tab', { name: 'Sales' }).tap();
  await phone.getByRole('link', { name: `View sale ${sale.id}` }).tap();
  await expect(phone).toHaveURL(new RegExp(`/business/${ceo.slug}/sales/${sale.id}$`));
  // The sale page itself, not the list still shown while its code loads (the URL changes first): a menu tapped on
  // the list's layout closed with it, and the business menu never opened.
  await expect(phone.getByRole('heading', { level: 2, name: `Sale #${sale.id}` })).toBeVisible();
  await expect(phone.getByText('Iya Bose').first()).toBeVisible();
  await phone.getByRole('button', { name: 'Toggle menu' }).tap();
  await phone.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Home' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/${ceo.slug}/employee$`));
  await expect(phone.getByRole('heading', { level: 2, name: 'Welcome back, Tola 👋' })).toBeVisible();
  await context.close();
});

test("the Receipts page says whose payments it lists: a manager's every payment with who took it, a salesperson's own", async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const name = `Milo Tin ${Date.now()}`;
  const milo = await createProduct(page, ceo.businessId, name, '1200.00', 40);
  const manager = await addMember(page, ceo, 'manager', 'Emeka', 'Obi');
  const seller = await addMember(page, ceo, 'sales_person', 'Bisi', 'Ola');
  const sell = async (on: Page, customer: string) => {
    const { cart } = await apiCall(on, ENDPOINTS.sales.createCart, {
      business_id: ceo.businessId,
      customer_name: customer,
      items: [{ product_id: milo.id, quantity: 1 }],
    });
    await apiCall(on, ENDPOINTS.sales.confirmSale, {
      business_id: ceo.businessId,
      cart_id: cart.id,
      payment_status: 'paid',
      payment_method: 'cash',
    });
  };
  await sell(page, 'Mama Chidi');
  const selling = await memberSession(browser, seller.username);
  await sell(selling.page, 'Papa Ike');

  const { context, page: phone } = await memberSession(browser, manager.username);
  await phone.goto(`/${ceo.slug}/employee/receipts`);
  await expect(phone.getByRole('heading', { level: 2, name: 'Receipts' })).toBeVisible();
  await expect(
    phone.getByText('Every payment taken in this business, and who took it.', { exact: false }),
  ).toBeVisible();
  await expect(phone.getByText('The payments you took.', { exact: false })).toHaveCount(0);
  const all = phone.getByRole('table', { name: 'Receipts' });
  await expect(all.getByRole('row').filter({ hasText: 'Mama Chidi' })).toContainText(
    `${ceo.firstName} ${ceo.lastName}`,
  );
  await expect(all.getByRole('row').filter({ hasText: 'Papa Ike' })).toContainText('Bisi Ola');
  await phone.screenshot({ path: '/tmp/emp-receipts-manager.png', fullPage: true });
  await context.close();

  await selling.page.goto(`/${ceo.slug}/employee/receipts`);
  await expect(selling.page.getByText("The payments you took. Each opens its sale's receipt.")).toBeVisible();
  const own = selling.page.getByRole('table', { name: 'Receipts' });
  await expect(own.getByRole('row').filter({ hasText: 'Papa Ike' })).toBeVisible();
  await expect(own.getByRole('row').filter({ hasText: 'Mama Chidi' })).toHaveCount(0);
  await selling.context.close();
});
