import { expect, test } from '../fixtures';
import { addMember, memberSession, signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll } from '../helpers/phone';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  // Home is protected: a guest ends on the login page.
  await expect(page).toHaveURL(/\/login$/);
});

test('a guest opening /settings is sent to /login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-in owner is sent from / and from the guest pages to their dashboard', async ({ page }) => {
  await signUpCeoViaApi(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  // Verification has no guest wrapper: someone logged in elsewhere can still verify a new account.
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
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
