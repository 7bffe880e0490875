import { MESSAGES, TEAM_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { joinViaApi, PASSWORD, signUpCeoViaApi } from '../helpers/api';

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

test('a salesperson joins by the invite link, waits for activation, then logs in to the employee area', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page, { businessName: `Team Shop ${Date.now()}` });
  await page.goto(`/business/${ceo.slug}/users`);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(`Manage your team for ${ceo.businessName}`)).toBeVisible();

  await page.getByRole('button', { name: 'Copy salesperson invite link' }).click();
  await expect(page.getByText(MESSAGES.team.inviteCopied('salesperson'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copied salesperson invite link' })).toBeVisible();
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
