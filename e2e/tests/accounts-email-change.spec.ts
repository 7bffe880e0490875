import { MESSAGES } from '@oja/contract';
import type { Page } from '@playwright/test';
import { codeMailedTo, expect, fill, latestMailTo, test, uniqueEmail } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';

/** The undo link's path in the newest mail to the old address, once the notice has come. */
async function undoPathMailedTo(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    // The text is quoted-printable: long lines are folded with "=" and "=" itself is written "=3D".
    const raw = (await latestMailTo(address)).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const path = raw.match(/\/undo-email-change\?token=[\w%-]+/)?.[0];
    if (path) return path;
    if (Date.now() > deadline) throw new Error(`No undo link reached ${address}.`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await fill(page, 'Email or username', identifier);
  await fill(page, 'Password', password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an email changed with the current password is undone by the link mailed to the old address', async ({
  page,
  browser,
}) => {
  const ceo = await signUpCeoViaApi(page, { firstName: 'Bola', lastName: 'Ade' });
  await page.goto('/settings');
  const takerEmail = uniqueEmail('taker');
  await page.getByRole('button', { name: 'Edit Info' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Info' });
  await dialog.getByLabel('Email').fill(takerEmail);
  await dialog.getByLabel('Current password').fill(ceo.password);
  await dialog.getByRole('button', { name: 'Update Info' }).tap();
  await dialog.getByLabel('Code').fill(await codeMailedTo(takerEmail));
  await dialog.getByRole('button', { name: 'Confirm Email' }).tap();
  await expect(page.getByText(MESSAGES.auth.emailChanged)).toBeVisible();

  // The owner opens the link from their old inbox on their own phone, signed out.
  const undoPath = await undoPathMailedTo(ceo.email);
  const owners = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
  });
  const owner = await owners.newPage();
  await owner.goto(undoPath);
  await expect(owner.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
  await owner.screenshot({ path: '/tmp/undo-email-change.png' });
  await owner.getByRole('button', { name: 'Put my old email back' }).tap();
  await expect(owner.getByText(MESSAGES.auth.emailChangeUndone(ceo.email))).toBeVisible();
  await owner.screenshot({ path: '/tmp/undo-email-change-done.png' });
  await expect(owner.getByRole('link', { name: 'Reset my password' })).toBeVisible();

  // Every session has ended: the phone that made the change is back at the login page.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once.
  await owner.goto(undoPath);
  await owner.getByRole('button', { name: 'Put my old email back' }).tap();
  await expect(owner.getByText(MESSAGES.auth.undoLinkInvalid)).toBeVisible();

  // The old address signs in again.
  await logIn(owner, ceo.email, ceo.password);
  await expect(owner).toHaveURL(/\/dashboard$/);
  await owners.close();
});
