import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The width of the phone every test runs at (playwright.config.ts). */
export const PHONE_WIDTH = 360;

/** Where a test's screenshot goes: beside that test's results, for a person to look at. */
export const shot = (name: string) => test.info().outputPath(`${name}.png`);

/** The page is no wider than the phone: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The whole box lies between the phone's left and right edges (a dropdown wider than the screen does not). */
export async function expectWithinPhoneWidth(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** Pastes `text` over what the input holds, as a phone's paste does (the context needs the clipboard's permissions). */
export async function pasteInto(page: Page, input: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await input.tap();
  await input.press('ControlOrMeta+A');
  await input.press('ControlOrMeta+V');
}

/**
 * Two taps on the same spot of the screen, `gapMs` apart (a nervous double tap): each goes to whatever is
 * under the finger at that moment, as on a phone. Timed by the page itself: Playwright's own taps are
 * round trips, which a busy machine spreads seconds apart.
 */
export async function doubleTap(page: Page, target: Locator, gapMs: number) {
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

/**
 * Opens a path as the app's own links do, without a reload: the router follows the history's change (a popstate),
 * so the app's code is loaded and started once for every screen a test visits.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    // The entry as React Router writes its own: its position in the history, and a key.
    const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: index };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}
