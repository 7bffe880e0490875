import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** A slow network: the form's rules (a `schemas` chunk, downloaded on the form's first focus) arrive late. */
export async function slowRules(page: Page) {
  await page.route(/\/assets\/schemas-[^/]*\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
}

/** Counts the requests to an API path that the page sends. */
export function countRequests(page: Page, path: string) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(path)) counter.count++;
  });
  return counter;
}

/** The service worker has taken this page over (it precaches the shell and every page's chunk when installed). */
export async function workerInCharge(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
