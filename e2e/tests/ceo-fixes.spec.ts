import { ENDPOINTS, MESSAGES, TEAM_MESSAGES } from '@oja/contract';
import type { Locator, Page } from '@playwright/test';
import { codeMailedTo, expect, test, uniqueEmail } from '../fixtures';
import { apiCall, joinViaApi, ownNetwork, PASSWORD, signUpCeoViaApi } from '../helpers/api';

/** The CEO journey at 360 px with a finger: what the phone audit found, each proven fixed. */

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/**
 * Two taps on the same spot of the screen, `gapMs` apart (a nervous double tap): each goes to whatever is
 * under the finger at that moment, as on a phone. Timed by the page itself: Playwright's own taps are
 * round trips, which a busy machine spreads seconds apart.
 */
async function doubleTap(page: Page, target: Locator, gapMs: number) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('The target is not on the screen.');
  const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2, gapMs };
  await page.evaluate(async ({ x, y, gapMs }) => {
    const tap = () => {
      const under = document.elementFromPoint(x, y);
      // A disabled button takes no click, as under a finger.
      ((under?.closest('button') ?? under) as HTMLElement | null)?.click();
    };
    tap();
    await new Promise((done) => setTimeout(done, gapMs));
    tap();
  }, spot);
}

async function inactiveMembers(page: Page, businessId: number) {
  const answer = await apiCall(page, ENDPOINTS.team.listBusinessUsers, { business_id: businessId, status: 'inactive' });
  return answer.results.data.results.map((user) => `${user.first_name} ${user.last_name}`);
}

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

  await doubleTap(page, activate.first(), 400);
  await expect(page.getByText(MESSAGES.team.userActivated)).toHaveCount(1);
  await expect(activate).toHaveCount(2);
  // Long after both taps: still only the one.
  await page.waitForTimeout(1500);
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
  await page.waitForTimeout(1500);
  expect(await inactiveMembers(page, ceo.businessId)).toHaveLength(1);
  await expect(activate).toBeEnabled();
});

test('a double tap on the confirm of Delete Business deletes once; Back then shows plain "Business not found"', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const deletes: string[] = [];
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
    else if (deletes.length > 0 && request.url().includes('/users/businesses/by-slug/')) lookups.push(request.url());
  });

  // The overview first, then its settings by the menu: Back returns to the overview, from the cache.
  await page.goto(`/business/${ceo.slug}`);
  await expect(page.getByRole('heading', { name: `${ceo.businessName} Overview` })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle menu' }).tap();
  await page.getByRole('navigation', { name: 'Business menu' }).getByRole('link', { name: 'Settings' }).tap();
  await page.getByRole('button', { name: 'Delete Business' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete Business' });
  await doubleTap(page, confirm.getByRole('button', { name: 'Delete' }), 30);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You have 0 businesses.')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(deletes).toHaveLength(1);
  await expect(page.getByText(MESSAGES.business.deleted)).toHaveCount(1);
  await expect(page.getByText(MESSAGES.failed.deleteBusiness)).toHaveCount(0);
  // The page that deleted it did not ask for it again on its way out.
  expect(lookups).toEqual([]);

  // Whatever the screen shows on the way back, never the deleted business nor an error about it.
  await page.evaluate((overview) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const text = document.body.innerText;
      if (text.includes(overview)) seen.push('overview');
      if (text.includes('Something went wrong')) seen.push('error');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, `${ceo.businessName} Overview`);
  await page.goBack();
  await expect(page.getByRole('heading', { name: MESSAGES.business.notFound })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  await expect(page.getByText(MESSAGES.business.notFoundForSlug(ceo.slug))).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${ceo.businessName} Overview` })).toHaveCount(0);
});

test('a pasted code loses its spaces before its length is cut; Resend Code clears the old code error', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('paste');
  const registered = await page.request.post('/api/v1/users/ceo-register/', {
    headers: ownNetwork(),
    data: {
      first_name: 'Ngozi',
      last_name: 'Eze',
      email,
      password: PASSWORD,
      business: { name: `Ngozi Fabrics ${Date.now()}`, business_email: `biz-${email}`, about: 'Fabrics' },
    },
  });
  expect(registered.status()).toBe(201);
  const code = await codeMailedTo(email);
  const wrong = code === '000000' ? '111111' : '000000';

  await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
  const input = field(page, 'Verification code');
  // As copied from an email: a space before, a line break after.
  await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${wrong}\n`);
  await input.tap();
  await input.press('ControlOrMeta+V');
  await expect(input).toHaveValue(wrong);
  await page.getByRole('button', { name: 'Verify Email' }).tap();
  await expect(page.getByText(MESSAGES.auth.codeInvalid)).toBeVisible();
  await expect(page.getByText(MESSAGES.validation.codeFormat)).toHaveCount(0);

  await page.getByRole('button', { name: 'Resend Code' }).tap();
  await expect(page.getByText(MESSAGES.auth.codeResent)).toBeVisible();
  await expect(page.getByText(MESSAGES.auth.codeInvalid)).toHaveCount(0);
  const fresh = await codeMailedTo(email, { after: code });

  // Typed with spaces between the groups, as some mails show it.
  await input.fill('');
  await input.pressSequentially(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
  await expect(input).toHaveValue(fresh);
  await page.getByRole('button', { name: 'Verify Email' }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a field too long says so plainly; the tip closes with a thumb-sized button', async ({ page }) => {
  const ceo = await signUpCeoViaApi(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Info' });
  await field(dialog, 'First name').fill('A'.repeat(101));
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await expect(dialog.getByText(MESSAGES.validation.tooLong(100))).toBeVisible();
  await expect(dialog.getByText(/Too big/)).toHaveCount(0);

  await page.goto(`/business/${ceo.slug}/users`);
  await expect(page.getByText(TEAM_MESSAGES.tip)).toBeVisible();
  const close = page.getByRole('button', { name: 'Dismiss tip' });
  const box = await close.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(40);
  expect(box?.height).toBeGreaterThanOrEqual(40);
  await close.tap();
  await expect(page.getByText(TEAM_MESSAGES.tip)).toBeHidden();
});
