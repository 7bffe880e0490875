import { ENDPOINTS, MESSAGES, TEAM_ENDPOINTS, TEAM_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  addMember,
  apiCall,
  joinViaApi,
  memberSession,
  PASSWORD,
  setMemberRole,
  signUpCeoViaApi,
} from '../helpers/api';
import { countRequests, networkSettled, slowRules } from '../helpers/network';
import { doubleTap, expectNoSidewaysScroll, PHONE_WIDTH, shot } from '../helpers/phone';
import { expectThumbSized } from '../helpers/thumb';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A text field by its accessible name (Mantine's required asterisk is not part of it). */
const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const password = (scope: Page | Locator) => scope.getByLabel(/^Password/);

async function logIn(page: Page, identifier: string) {
  await page.goto('/login');
  await field(page, 'Email or username').fill(identifier);
  await password(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const card = (page: Page, name: string) => page.getByLabel(name, { exact: true });

async function inactiveMembers(page: Page, businessId: number) {
  const answer = await apiCall(page, ENDPOINTS.team.listBusinessUsers, { business_id: businessId, status: 'inactive' });
  return answer.results.data.results.map((user) => `${user.first_name} ${user.last_name}`);
}

test('a salesperson joins by the invite link, waits for activation, then logs in to the employee area', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page, { businessName: `Team Shop ${Date.now()}` });
  await page.goto(`/business/${ceo.slug}/users`);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(`Manage your team for ${ceo.businessName}`)).toBeVisible();

  await page.getByRole('button', { name: 'Copy salesperson invite link' }).click();
  // The marker first: it counts from the tap, while the toast counts from when its lazily loaded host arrives.
  await expect(page.getByRole('button', { name: 'Copied salesperson invite link' })).toBeVisible();
  await expect(page.getByText(MESSAGES.team.inviteCopied('salesperson'))).toBeVisible();
  // The copied marker clears by itself.
  await expect(page.getByRole('button', { name: 'Copy salesperson invite link' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${process.env.E2E_BASE_URL}/${ceo.slug}/salesperson`);

  // A new person, in a browser of their own.
  const theirs = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const newcomer = await theirs.newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByRole('heading', { name: 'Join as Salesperson' })).toBeVisible();
  await expect(newcomer.getByText(`Business: ${ceo.businessName}`)).toBeVisible();
  await field(newcomer, 'First Name').fill('Tunde');
  await field(newcomer, 'Last Name').fill('Bakare');
  await password(newcomer).fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Register' }).click();
  await expect(newcomer.getByRole('heading', { name: MESSAGES.team.registrationSuccessful })).toBeVisible();
  const username = (await newcomer.getByTestId('new-username').textContent()) ?? '';
  expect(username).toMatch(/^tunde\.bakare\d*$/);
  await expect(newcomer).toHaveURL(/\/login$/);
  await expect(newcomer.getByLabel('Email or username')).toHaveValue(username);

  // Not yet: the owner has to activate them.
  await logIn(newcomer, username);
  await expect(newcomer.getByRole('alert')).toHaveText(MESSAGES.auth.membershipPending);
  await expect(newcomer).toHaveURL(/\/login$/);

  await page.reload();
  const member = card(page, 'Tunde Bakare');
  await expect(member).toContainText('Inactive');
  await expect(member).toContainText(`Username: ${username}`);
  await expect(member).toContainText('Role: sales person');
  await member.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(MESSAGES.team.userActivated)).toBeVisible();
  await expect(member).toContainText('Active');
  await expect(member.getByRole('button', { name: 'Activate' })).toBeHidden();

  await logIn(newcomer, username);
  await expect(newcomer).toHaveURL(new RegExp(`/${ceo.slug}/employee$`));
  await expect(newcomer.getByRole('heading', { name: 'Welcome back, Tunde 👋' })).toBeVisible();
  await expect(newcomer.getByLabel('Total Sales')).toContainText('0');
  await expect(newcomer.getByText(/You're on a free trial\. Ends on: /)).toBeVisible();
  await newcomer.getByRole('button', { name: 'Toggle menu' }).click();
  await newcomer.getByRole('link', { name: 'Profile' }).click();
  await expect(newcomer.getByText(username, { exact: true })).toBeVisible();
  await expect(newcomer.getByText('Salesperson', { exact: true })).toBeVisible();
  await theirs.close();
});

test('a copy button stays the same button when its tooltip arrives, so a tap across the arrival is not lost', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/tooltip-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const ceo = await signUpCeoViaApi(page, { businessName: `Tooltip Shop ${Date.now()}` });
  await page.goto(`/business/${ceo.slug}/users`);
  const copy = page.getByRole('button', { name: 'Copy salesperson invite link' });
  await copy.evaluate((button) => button.setAttribute('data-before-tooltip', ''));
  release();
  await expect(async () => {
    await copy.hover();
    await expect(page.getByRole('tooltip', { name: 'Copy link' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(copy).toHaveAttribute('data-before-tooltip', '');
});

test('the CEO edits a member, copies their details and deletes them; the CEO card cannot be edited', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page, { firstName: 'Ada', lastName: 'Owner' });
  await joinViaApi(page, ceo.slug, 'salesperson', 'Chidi', 'Okeke');
  await page.goto(`/business/${ceo.slug}/users`);

  const owner = card(page, 'Ada Owner');
  await expect(owner).toContainText('CEO');
  await expect(owner.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const member = card(page, 'Chidi Okeke');
  await member.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Chidi Okeke' });
  await expect(dialog.getByLabel('New Password')).toHaveAttribute('placeholder', 'Leave blank to keep current');
  await field(dialog, 'First Name').fill('Chidera');
  await dialog.getByLabel(/^Role/).click();
  for (const role of ['Salesperson', 'Sales Rep', 'Customer', 'Manager', 'CEO']) {
    await expect(page.getByRole('option', { name: role, exact: true })).toBeVisible();
  }
  await page.getByRole('option', { name: 'Manager', exact: true }).click();
  await dialog.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText(MESSAGES.team.userUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = card(page, 'Chidera Okeke');
  await expect(edited).toContainText('Role: manager');

  await edited.getByRole('button', { name: 'Copy details' }).click();
  await expect(page.getByText(MESSAGES.team.userDetailsCopied)).toBeVisible();
  const details = await page.evaluate(() => navigator.clipboard.readText());
  expect(details).toContain('Name: Chidera Okeke');
  expect(details).toContain('Email: N/A');
  expect(details).toContain('Role: manager');

  await edited.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(MESSAGES.team.deleteConfirm('Chidera', 'Okeke'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.team.userDeleted)).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(card(page, 'Ada Owner')).toBeVisible();
});

test('the role and status tabs and the search filter the list on the server', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page, { firstName: 'Ada', lastName: 'Owner' });
  await joinViaApi(page, ceo.slug, 'salesperson', 'Musa', 'Bello');
  await joinViaApi(page, ceo.slug, 'customer', 'Zainab', 'Okoro');
  await page.goto(`/business/${ceo.slug}/users`);
  const names = ['Ada Owner', 'Musa Bello', 'Zainab Okoro'];
  const shows = async (visible: string[]) => {
    for (const name of names) await expect(card(page, name)).toHaveCount(visible.includes(name) ? 1 : 0);
  };
  await shows(names);

  const roleTabs = page.getByRole('tablist', { name: 'Role' });
  const statusTabs = page.getByRole('tablist', { name: 'Status' });
  await roleTabs.getByRole('tab', { name: 'Customers' }).click();
  await shows(['Zainab Okoro']);
  await roleTabs.getByRole('tab', { name: 'Employees' }).click();
  await shows(['Musa Bello']);
  await roleTabs.getByRole('tab', { name: 'All' }).click();
  await statusTabs.getByRole('tab', { name: 'Active', exact: true }).click();
  await shows(['Ada Owner']);
  await statusTabs.getByRole('tab', { name: 'Inactive' }).click();
  await shows(['Musa Bello', 'Zainab Okoro']);
  await statusTabs.getByRole('tab', { name: 'All' }).click();

  const search = page.getByRole('searchbox', { name: 'Search Users' });
  await expect(search).toHaveAttribute('placeholder', 'Search name, email, or username...');
  await search.fill('ZAIN');
  await shows(['Zainab Okoro']);
  await search.fill('bello');
  await shows(['Musa Bello']);
  await search.fill('nobody by this name');
  await expect(page.getByText(MESSAGES.team.noUsers)).toBeVisible();
  await shows([]);
  await search.fill('');
  await shows(names);
});

test('a customer joins at /{slug}/customer and, once activated, that address is their home', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page, { businessName: `Customer Shop ${Date.now()}` });
  const theirs = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const customer = await theirs.newPage();
  await customer.goto(`/${ceo.slug}/customer`);
  await expect(customer.getByRole('heading', { name: 'Join as Customer' })).toBeVisible();
  await field(customer, 'First Name').fill('Bisi');
  await field(customer, 'Last Name').fill('Adeyemi');
  await password(customer).fill(PASSWORD);
  await customer.getByRole('button', { name: 'Register' }).click();
  const username = (await customer.getByTestId('new-username').textContent()) ?? '';
  expect(username).toMatch(/^bisi\.adeyemi\d*$/);

  await page.goto(`/business/${ceo.slug}/users`);
  await page.getByRole('tablist', { name: 'Role' }).getByRole('tab', { name: 'Customers' }).click();
  await card(page, 'Bisi Adeyemi').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(MESSAGES.team.userActivated)).toBeVisible();

  await logIn(customer, username);
  await expect(customer).toHaveURL(new RegExp(`/${ceo.slug}/customer$`));
  await expect(customer.getByRole('heading', { name: 'Welcome, Bisi 👋' })).toBeVisible();
  await expect(customer.getByText(`customer · ${ceo.businessName}`)).toBeVisible();
  await expect(customer.getByLabel('Total Orders')).toContainText('0');
  await expect(customer.getByLabel('Amount Spent')).toContainText('₦0.00');
  await expect(customer.getByText('No recent orders in the past 24 hours.')).toBeVisible();
  // A customer has no employee area: that address sends them back to their own.
  await customer.goto(`/${ceo.slug}/employee`);
  await expect(customer).toHaveURL(new RegExp(`/${ceo.slug}/customer$`));
  await theirs.close();
});

test("who joined by a link shows in the owner's Needs attention, with Activate one tap away", async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page, { businessName: `Waiting Shop ${Date.now()}` });

  const theirs = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
  });
  const newcomer = await theirs.newPage();
  await newcomer.goto(`/${ceo.slug}/salesperson`);
  await field(newcomer, 'First Name').fill('Kemi');
  await field(newcomer, 'Last Name').fill('Adeyemi');
  await password(newcomer).fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Register' }).tap();
  // Their screen says the owner knows.
  await expect(newcomer.getByText(TEAM_MESSAGES.ownerTold(ceo.businessName))).toBeVisible();
  const username = (await newcomer.getByTestId('new-username').textContent()) ?? '';
  await newcomer.screenshot({ path: test.info().outputPath('joined-owner-told-360.png') });
  await expect(newcomer).toHaveURL(/\/login$/);
  await password(newcomer).fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Log in' }).tap();
  await expect(newcomer.getByRole('alert')).toHaveText(MESSAGES.auth.membershipPending);
  await expect(newcomer.getByText(TEAM_MESSAGES.ownerToldAtLogin)).toBeVisible();

  await page.goto(`/business/${ceo.slug}`);
  const waiting = page.getByRole('group', { name: 'Waiting for you to activate' });
  await expect(waiting).toContainText('Kemi Adeyemi');
  await expect(waiting).toContainText('joined as Salesperson by your invite link');
  await page.screenshot({ path: test.info().outputPath('needs-attention-waiting-360.png'), fullPage: true });
  await waiting.getByRole('link', { name: 'Kemi Adeyemi' }).tap();
  await expect(page).toHaveURL(new RegExp(`/business/${ceo.slug}/users\\?`));
  const member = card(page, 'Kemi Adeyemi');
  await expect(member).toContainText(`Username: ${username}`);
  await member.getByRole('button', { name: 'Activate' }).tap();
  await expect(page.getByText(MESSAGES.team.userActivated)).toBeVisible();

  await page.goto(`/business/${ceo.slug}`);
  await expect(page.getByText(/^Nothing needs attention/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Waiting for you to activate' })).toHaveCount(0);
  await theirs.close();
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
  await newcomer.screenshot({ path: shot('invite-unknown') });

  // A link whose role is neither salesperson nor customer: the shop's name, and what will happen.
  await newcomer.goto(`/${ceo.slug}/manager`);
  await expect(newcomer.getByText(`Business: ${ceo.businessName}`)).toBeVisible();
  await expect(newcomer.getByText(TEAM_MESSAGES.inviteWithoutRole)).toBeVisible();
  await expectNoSidewaysScroll(newcomer);
  await newcomer.screenshot({ path: shot('invite-no-role') });
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
  await page.screenshot({ path: shot('users-no-role') });

  // Once active, they land on a page that says what happened, not on the 404 page.
  const { context, page: member } = await memberSession(browser, username);
  await member.goto('/');
  await expect(member).toHaveURL(/\/awaiting-role$/);
  await expect(member.getByText(TEAM_MESSAGES.awaitingRole(ceo.businessName))).toBeVisible();
  await expect(member.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoSidewaysScroll(member);
  await member.screenshot({ path: shot('awaiting-role') });
  // The CEO chooses a role: "Check again" takes them to their area.
  await setMemberRole(page, ceo, emeka?.id ?? 0, 'sales_person');
  await member.getByRole('button', { name: 'Check again' }).tap();
  await expect(member).toHaveURL(new RegExp(`/${ceo.slug}/employee$`));
  await context.close();
  await guest.close();
});

test('the user list at 360 px: a 100-letter name and an HTML name stay in their card, each action is a thumb', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const long = 'A'.repeat(100);
  await addMember(page, ceo, 'sales_person', long, '<b>bold</b>');
  await joinViaApi(page, ceo.slug, 'customer', '  Ngozi  ', ' 🛍️ Eze ');
  await page.goto(`/business/${ceo.slug}/users`);

  const card = page.locator(`[aria-label="${long} <b>bold</b>"]`);
  const name = page.getByText(`${long} <b>bold</b>`, { exact: true });
  await expect(name).toBeVisible();
  // Spaces typed around a name are not kept; HTML is shown as the text it is.
  await expect(page.getByText('Ngozi 🛍️ Eze', { exact: true })).toBeVisible();
  await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);
  await page.screenshot({ path: shot('team-long-names'), fullPage: true });

  // The name wrapped inside its card: before, it ran on in one line under the status badge and past the card.
  const cardBox = await card.boundingBox();
  const nameBox = await name.boundingBox();
  expect(nameBox && cardBox && nameBox.x + nameBox.width).toBeLessThanOrEqual(
    (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
  );
  const badgeBox = await card.getByText('Active', { exact: true }).boundingBox();
  expect(nameBox && badgeBox && nameBox.x + nameBox.width).toBeLessThanOrEqual(badgeBox?.x ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Edit, Copy details and Delete were 26 px high: a thumb hit the card's next button.
  for (const action of ['Edit', 'Copy details', 'Delete']) {
    await expectThumbSized(card.getByRole('button', { name: action }));
  }
});

test('a failed save in the edit dialog says so in the dialog and keeps what was typed; a retry saves it', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  await addMember(page, ceo, 'sales_person', 'Bisi', 'Alao');
  await page.goto(`/business/${ceo.slug}/users`);
  const card = page.locator('[aria-label="Bisi Alao"]');
  await card.getByRole('button', { name: 'Edit' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Bisi Alao' });
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Bisola 😀');
  await dialog.getByLabel(/^Role/).click();
  await page.getByRole('option', { name: 'Manager', exact: true }).click();

  await page.route('**/api/v1/users/business-owner/update-user/', (route) => route.abort());
  await dialog.getByRole('button', { name: 'Update User' }).tap();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.toast.updateUser(MESSAGES.failed.network));
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Bisola 😀');
  await page.screenshot({ path: shot('edit-failed') });

  await page.unroute('**/api/v1/users/business-owner/update-user/');
  await dialog.getByRole('button', { name: 'Update User' }).tap();
  await expect(page.getByText(MESSAGES.team.userUpdated)).toBeVisible();
  await expect(page.locator('[aria-label="Bisola 😀 Alao"]')).toContainText(/Role: manager/i);
});

test('a double tap on Register while the rules download makes one account, not two', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  const ceoCookies = await page.context().cookies();
  await page.context().clearCookies();
  await slowRules(page);
  const joins = countRequests(page, '/users/sales-person-register/');
  await page.goto(`/${ceo.slug}/salesperson`);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Tunde');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Bakare');
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  const register = page.getByRole('button', { name: 'Register' });
  // The first tap seems to do nothing while the rules arrive: the person taps again.
  await register.tap();
  // Forced: a thumb does not wait for the button to be enabled again.
  await register.tap({ force: true });
  await expect(page.getByText(MESSAGES.team.registrationSuccessful)).toBeVisible();
  await page.screenshot({ path: shot('join-double-tap') });
  expect(joins.count).toBe(1);

  await page.context().clearCookies();
  await page.context().addCookies(ceoCookies);
  const list = await apiCall(page, ENDPOINTS.team.listBusinessUsers, { business_id: ceo.businessId, search: 'Tunde' });
  expect(list.count).toBe(1);
});

test('a removed salesperson is told at their next call that their session has ended', async ({ page, browser }) => {
  const ceo = await signUpCeoViaApi(page);
  const member = await addMember(page, ceo, 'sales_person', 'Sade', 'Ade');
  const { page: phone, context } = await memberSession(browser, member.username);
  await phone.goto('/');
  await expect(phone.getByText('Welcome back, Sade')).toBeVisible();

  await apiCall(page, ENDPOINTS.team.deleteBusinessUsers, { business_id: ceo.businessId, user_ids: [member.id] });
  // The next call meets the end of the session: the tap's, or one the page makes by itself before the tap.
  await Promise.race([
    phone.waitForURL('**/login'),
    phone
      .getByRole('link', { name: 'View All Sales' })
      .tap()
      .catch(() => {}),
  ]);
  await phone.waitForURL('**/login');
  // Before, the login page came without a word: the person could only guess why.
  await expect(phone.getByText(MESSAGES.auth.sessionExpired)).toBeVisible();
  await phone.screenshot({ path: shot('removed-member') });
  await context.close();
});

test('a double tap on Activate activates one member, and the list takes no other action meanwhile', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  for (const [first, last] of [
    ['Musa', 'Bello'],
    ['Zainab', 'Okoro'],
    ['Chidi', 'Okeke'],
  ] as const) {
    await joinViaApi(page, ceo.slug, 'salesperson', first, last);
  }
  await page.goto(`/business/${ceo.slug}/users?status=inactive`);
  const activate = page.getByRole('button', { name: 'Activate' });
  await expect(activate).toHaveCount(3);

  const activations = countRequests(page, '/users/business-owner/update-user/');
  await doubleTap(page, activate.first(), 400);
  await expect(page.getByText(MESSAGES.team.userActivated)).toHaveCount(1);
  await expect(activate).toHaveCount(2);
  // Both taps are in, and every request the page sent is answered: one activation was sent, and only one done.
  await networkSettled(page);
  expect(activations.count).toBe(1);
  expect(await inactiveMembers(page, ceo.businessId)).toHaveLength(2);
  await expect(page.getByText(MESSAGES.team.userActivated)).toHaveCount(1);

  // While an activation is on its way, no other action of the list can start.
  let release: () => void = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/users/business-owner/update-user/', async (route) => {
    await held;
    await route.continue();
  });
  const [first, second] = [activate.nth(0), activate.nth(1)];
  await first.tap();
  await expect(second).toBeDisabled();
  for (const name of ['Edit', 'Copy details', 'Delete']) {
    for (const button of await page.getByRole('button', { name, exact: true }).all())
      await expect(button).toBeDisabled();
  }
  await second.tap({ force: true });
  release();
  await expect(activate).toHaveCount(1);
  await networkSettled(page);
  expect(activations.count).toBe(2);
  expect(await inactiveMembers(page, ceo.businessId)).toHaveLength(1);
  await expect(activate).toBeEnabled();
});
