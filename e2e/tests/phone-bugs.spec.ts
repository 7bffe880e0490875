import { ENDPOINTS, formatMoney, MESSAGES, TEAM_ENDPOINTS, TEAM_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { codeMailedTo, expect, test, uniqueEmail } from '../fixtures';
import {
  addMember,
  apiCall,
  createCart,
  createProduct,
  memberSession,
  PASSWORD,
  setMemberRole,
  signUpCeoViaApi,
} from '../helpers/api';

const PHONE_WIDTH = 360;

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => (document.scrollingElement as Element).scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** The whole box lies between the phone's left and right edges (a dropdown wider than the screen does not). */
async function expectWithinPhoneWidth(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
}

test('at 360 px with touch, the cart dialog picks a customer and a product by tapping; Enter does not create the cart', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const name = `Golden Penny Semovita 10kg ${stamp}`;
  await createProduct(page, ceo.businessId, name, '12500.00', 20);
  // A shop's stock: several long names, so the dropdown has many options to show.
  for (const other of ['Mama Gold Rice 50kg Premium Parboiled', 'Dangote Sugar Granulated 500g Sachet Pack']) {
    await createProduct(page, ceo.businessId, `${other} Semovita-style ${stamp}`, '45000.00', 12);
  }
  // A cheap phone with its keyboard up leaves about 420 px of screen.
  await page.setViewportSize({ width: PHONE_WIDTH, height: 420 });
  await addMember(page, ceo, 'customer', 'Zainab', 'Okoro');
  expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);

  await page.goto(`/business/${ceo.slug}/sales`);
  await page.getByRole('button', { name: 'Add Cart' }).tap();
  const editor = page.getByRole('dialog', { name: 'Add Cart' });

  const customers = editor.getByRole('combobox', { name: 'Registered customer' });
  await customers.tap();
  await customers.fill('zain');
  const zainab = page.getByRole('option', { name: /Zainab Okoro/ });
  await expect(zainab).toBeVisible();
  await expect(zainab).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/phone-customer-picker.png' });
  await zainab.tap();
  await expect(editor.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Zainab Okoro');

  const products = editor.getByRole('combobox', { name: 'Add product' });
  await products.tap();
  await products.fill('semovita');
  const option = page.getByRole('option', { name: /Golden Penny Semovita/ });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(3);
  await expectWithinPhoneWidth(option);
  // The dropdown fits the screen (it scrolls inside) rather than running off its bottom edge.
  const dropdown = page.locator('.mantine-Select-dropdown').filter({ has: option });
  await expectWithinPhoneWidth(dropdown);
  const dropdownBox = await dropdown.boundingBox();
  expect((dropdownBox?.y ?? 0) + (dropdownBox?.height ?? 0)).toBeLessThanOrEqual(420);
  // ...and is no sliver: the box moved up to leave room for its options.
  expect(dropdownBox?.height).toBeGreaterThanOrEqual(100);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/phone-product-picker.png' });
  await option.tap();
  await expect(editor.getByLabel(`Quantity of ${name}`)).toHaveValue('1');
  // The phone's Go key in the search, with a cart that could be created: it is not, behind the person's back.
  await products.fill('semo');
  await products.press('Enter');
  await page.waitForTimeout(500);
  await expect(editor).toBeVisible();
  await expect(page.getByText(MESSAGES.cart.created)).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Tapping elsewhere closes the search's dropdown, which covers the button on a short screen.
  await editor.getByRole('textbox', { name: 'Title' }).tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await editor.getByRole('button', { name: 'Create Cart' }).tap();
  await expect(page.getByText(MESSAGES.cart.created)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Carts' })).toContainText('Zainab Okoro');
});

test('"View All Sales" opens the Sales tab; a dismissed tip stays dismissed after a reload', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto(`/business/${ceo.slug}`);
  const tip = page.getByText(TEAM_MESSAGES.tip);
  await expect(tip).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss tip' }).tap();
  await expect(tip).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'View All Sales' })).toBeVisible();
  await expect(tip).toBeHidden();

  await page.getByRole('link', { name: 'View All Sales' }).tap();
  await expect(page).toHaveURL(/\/sales\?tab=sales$/);
  await expect(page.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
});

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

test('each role sees only what it can do: no Add Business for members, no dashboard for salespeople or customers', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Add Business' })).toBeVisible();

  const seller = await addMember(page, ceo, 'sales_person', 'Tunde', 'Bakare');
  const buyer = await addMember(page, ceo, 'customer', 'Zainab', 'Okoro');
  const coCeo = await addMember(page, ceo, 'ceo', 'Bisi', 'Adeyemi');
  for (const [member, home] of [
    [seller, `/${ceo.slug}/employee`],
    [buyer, `/${ceo.slug}/customer`],
  ] as const) {
    const { context, page: theirs } = await memberSession(browser, member.username);
    await theirs.goto('/dashboard');
    await expect(theirs).toHaveURL(new RegExp(`${home}$`));
    await expect(theirs.getByRole('button', { name: 'Add Business' })).toHaveCount(0);
    await context.close();
  }
  // The salesperson inside the business: only what their role may use, in the menu.
  const { context: sellerContext, page: sellerPage } = await memberSession(browser, seller.username);
  await sellerPage.goto(`/business/${ceo.slug}/inventory`);
  const menu = sellerPage.getByRole('navigation', { name: 'Business menu' });
  // A phone draws the menu when it is first touched, not hidden with every page (business-shell.tsx).
  await expect(sellerPage.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await sellerPage.getByRole('button', { name: 'Toggle menu' }).tap();
  await expect(menu.getByRole('link', { name: 'Inventory' })).toBeVisible();
  for (const hidden of ['Users', 'Reports', 'Settings', 'Overview']) {
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await sellerContext.close();

  // A member made CEO runs this business but opens none of their own: no Add Business to fail on.
  const { context, page: coCeoPage } = await memberSession(browser, coCeo.username);
  await coCeoPage.goto('/');
  await expect(coCeoPage).toHaveURL(/\/dashboard$/);
  await expect(coCeoPage.getByRole('link', { name: ceo.businessName })).toBeVisible();
  await expect(coCeoPage.getByRole('button', { name: 'Add Business' })).toHaveCount(0);
  await expectNoSidewaysScroll(coCeoPage);
  await context.close();
});

test('invite links: an unknown shop says so at once, the form names the shop, a link without a role ends on a page that explains', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page, { businessName: `Ada's Provisions ${Date.now()}` });
  const guest = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: PHONE_WIDTH, height: 780 },
    hasTouch: true,
  });
  const newcomer = await guest.newPage();

  await newcomer.goto('/no-such-shop-anywhere/salesperson');
  await expect(newcomer.getByText(TEAM_MESSAGES.businessNotFoundForInvite('no-such-shop-anywhere'))).toBeVisible();
  await expect(newcomer.getByLabel('First Name')).toHaveCount(0);
  await expectNoSidewaysScroll(newcomer);
  await newcomer.screenshot({ path: '/tmp/phone-invite-unknown.png' });

  // A link whose role is neither salesperson nor customer: the shop's name, and what will happen.
  await newcomer.goto(`/${ceo.slug}/manager`);
  await expect(newcomer.getByText(`Business: ${ceo.businessName}`)).toBeVisible();
  await expect(newcomer.getByText(TEAM_MESSAGES.inviteWithoutRole)).toBeVisible();
  await expectNoSidewaysScroll(newcomer);
  await newcomer.screenshot({ path: '/tmp/phone-invite-no-role.png' });
  await newcomer.getByRole('textbox', { name: 'First Name' }).fill('Emeka');
  await newcomer.getByRole('textbox', { name: 'Last Name' }).fill('Nwosu');
  await newcomer.getByLabel(/^Password/).fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Register' }).tap();
  const username = (await newcomer.getByTestId('new-username').textContent()) ?? '';
  expect(username).not.toBe('');

  // The CEO sees them waiting for a role, and activates them (without choosing one yet).
  const users = await apiCall(page, TEAM_ENDPOINTS.listBusinessUsers, { business_id: ceo.businessId, search: 'Emeka' });
  const emeka = users.results.data.results[0];
  expect(emeka?.role).toBe('user');
  await apiCall(page, TEAM_ENDPOINTS.updateBusinessUser, {
    business_id: ceo.businessId,
    user_id: emeka?.id ?? 0,
    is_active: true,
  });
  await page.goto(`/business/${ceo.slug}/users`);
  const card = page.getByLabel('Emeka Nwosu', { exact: true });
  await expect(card.getByText('Waiting for a role')).toBeVisible();
  await expect(card.getByText(TEAM_MESSAGES.noRoleYet)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/phone-users-no-role.png' });

  // Once active, they land on a page that says what happened, not on the 404 page.
  const { context, page: member } = await memberSession(browser, username);
  await member.goto('/');
  await expect(member).toHaveURL(/\/awaiting-role$/);
  await expect(member.getByText(TEAM_MESSAGES.awaitingRole(ceo.businessName))).toBeVisible();
  await expect(member.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoSidewaysScroll(member);
  await member.screenshot({ path: '/tmp/phone-awaiting-role.png' });
  // The CEO chooses a role: "Check again" takes them to their area.
  await setMemberRole(page, ceo, emeka?.id ?? 0, 'sales_person');
  await member.getByRole('button', { name: 'Check again' }).tap();
  await expect(member).toHaveURL(new RegExp(`/${ceo.slug}/employee$`));
  await context.close();
  await guest.close();
});

test('a member who joined by link (no email) changes their name, then adds an email with the code mailed to it', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const member = await addMember(page, ceo, 'sales_person', 'Chidi', 'Eze');
  const { context, page: theirs } = await memberSession(browser, member.username);
  await theirs.goto('/settings');
  await expect(theirs.getByText('N/A')).toBeVisible();
  await theirs.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = theirs.getByRole('dialog', { name: 'Edit Info' });
  await expect(dialog.getByRole('textbox', { name: 'Email (optional)' })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Chidinma');
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await expect(theirs.getByText(MESSAGES.auth.profileUpdated)).toBeVisible();
  await expect(theirs.getByText('Chidinma Eze')).toBeVisible();

  // A first email is a change of address: with the password, the code mailed to it makes it the account's.
  const email = uniqueEmail('chidinma');
  await theirs.getByRole('button', { name: 'Edit Info' }).tap();
  await dialog.getByRole('textbox', { name: 'Email (optional)' }).fill(email);
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await expect(dialog.getByText(MESSAGES.auth.emailCodeSent(email))).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Code' }).fill(await codeMailedTo(email));
  await dialog.getByRole('button', { name: 'Confirm Email' }).tap();
  await expect(theirs.getByText(MESSAGES.auth.emailChanged)).toBeVisible();
  await expect(theirs.getByText(email)).toBeVisible();
  await expectNoSidewaysScroll(theirs);
  await context.close();
});

test('reports and overview fit a 360 px phone; one revenue chart per currency; Total Revenue says what was collected', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const stamp = Date.now();
  const naira = await createProduct(
    page,
    ceo.businessId,
    // A long name with an unbroken run, as stock lists have: it must wrap inside its card.
    `Mama Gold Premium Parboiled Rice 50kg MAMAGOLDRICE50KGPREMIUMPARBOILED${stamp}`,
    '45000.00',
    10,
  );
  const dollars = await createProduct(page, ceo.businessId, `Imported Olive Oil 5L ${stamp}`, '25.00', 10, {
    currency: 'USD',
    cost_price: '18.00',
  });
  // An unpaid naira sale and a paid dollar sale.
  for (const [product, status] of [
    [naira, 'not_paid'],
    [dollars, 'paid'],
  ] as const) {
    const cart = await createCart(page, ceo.businessId, 'Zainab Okoro', [{ product_id: product.id, quantity: 2 }]);
    await apiCall(page, ENDPOINTS.sales.confirmSale, {
      business_id: ceo.businessId,
      cart_id: cart.id,
      payment_status: status,
    });
  }

  await page.goto(`/business/${ceo.slug}`);
  const revenue = page.getByLabel('Total Revenue');
  await expect(revenue).toContainText(formatMoney('90000.00', 'NGN'));
  await expect(revenue).toContainText(`Collected: ${formatMoney('0.00', 'NGN')} + ${formatMoney('50.00', 'USD')}`);
  await expect(page.getByLabel('Revenue per day in NGN')).toBeVisible();
  await expect(page.getByLabel('Revenue per day in USD')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/phone-overview.png', fullPage: true });

  await page.goto(`/business/${ceo.slug}/reports`);
  const top = page.getByRole('table', { name: 'Best sellers by quantity' });
  await expect(top).toContainText('Mama Gold Premium Parboiled Rice');
  // Every table of the report fits inside its card: each cell between the phone's edges.
  for (const table of await page.getByRole('table').all()) {
    await expectWithinPhoneWidth(table);
    for (const cell of await table.getByRole('cell').all()) await expectWithinPhoneWidth(cell);
  }
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/phone-reports.png', fullPage: true });
});

test('a figure of millions stays on one line in its card on a 360 px phone', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const product = await createProduct(page, ceo.businessId, `Deep Freezer 500L ${Date.now()}`, '1696550.00', 3);
  const cart = await createCart(page, ceo.businessId, 'Chief Adewale', [{ product_id: product.id, quantity: 1 }]);
  await apiCall(page, ENDPOINTS.sales.confirmSale, {
    business_id: ceo.businessId,
    cart_id: cart.id,
    payment_status: 'paid',
  });

  await page.goto(`/business/${ceo.slug}`);
  // Two cards share the phone's width: the amount used to break after its point (₦1,696,550. / 00).
  const value = page.getByLabel('Total Revenue').getByText(formatMoney('1696550.00', 'NGN'), { exact: true });
  await expect(value).toBeVisible();
  const lines = await value.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });
  expect(lines).toBe(1);
  await expectNoSidewaysScroll(page);
});
