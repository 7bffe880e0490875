import type { Page, Request } from '@playwright/test';
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

/** The requests each page has on their way, counted from the first time a helper here looks at the page. */
const onTheirWay = new WeakMap<Page, Set<Request>>();

function requestsOf(page: Page): Set<Request> {
  let open = onTheirWay.get(page);
  if (!open) {
    const requests = new Set<Request>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    onTheirWay.set(page, requests);
    open = requests;
  }
  return open;
}

/**
 * The page has drawn its answers: no request on its way for half a second, as Playwright's `networkidle`, but for
 * the screens the app opens itself too (`networkidle` speaks only of the document's own load).
 */
export async function networkSettled(page: Page, quietMs = 500) {
  const open = requestsOf(page);
  await page.waitForLoadState('networkidle');
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (open.size > 0) quietSince = Date.now();
    await new Promise((done) => setTimeout(done, 50));
  }
}
