import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Every test runs against the server started in global-setup.ts. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

type Mail = { to: string[]; raw: string };

/** Each mail file read once: the sink writes a file whole and never again (global-setup.ts). */
const mailsRead = new Map<string, Mail>();

async function readMail(dir: string, file: string): Promise<Mail> {
  let mail = mailsRead.get(file);
  if (!mail) {
    mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as Mail;
    mailsRead.set(file, mail);
  }
  return mail;
}

/** How often a test looks for a mail that has not come yet: it usually comes within a few tens of milliseconds. */
const MAIL_POLL_MS = 50;

/** The newest mail to this address, waiting for it to arrive. */
export async function latestMailTo(address: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Only whole mails: the sink writes each under another name first (global-setup.ts).
    const files = (await readdir(dir))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await readMail(dir, file);
      if (mail.to.includes(address.toLowerCase())) return mail.raw;
    }
    if (Date.now() > deadline) throw new Error(`No mail reached ${address}.`);
    await new Promise((done) => setTimeout(done, MAIL_POLL_MS));
  }
}

/** The six-digit code of the newest mail to this address (sent after `after`, if given). */
export async function codeMailedTo(address: string, options: { after?: string } = {}): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const raw = await latestMailTo(address);
    const code = raw.match(/code is (\d{6})|code (\d{6})/);
    const found = code?.[1] ?? code?.[2];
    if (found && found !== options.after) return found;
    if (Date.now() > deadline) throw new Error(`No new code reached ${address}.`);
    await new Promise((done) => setTimeout(done, MAIL_POLL_MS));
  }
}

export const uniqueEmail = (prefix = 'person') =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Fills a Mantine input found by its label. */
export async function fill(page: Page, label: string | RegExp, value: string) {
  await page.getByLabel(label, { exact: typeof label === 'string' }).fill(value);
}
