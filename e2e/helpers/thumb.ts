import { expect, type Locator, type Page } from '@playwright/test';

/** A thumb's target: at least 40 × 40 px, wholly on the 360 px phone's screen. */
export async function expectThumbSized(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, 'the target is drawn').not.toBeNull();
  expect.soft(box?.height, 'height').toBeGreaterThanOrEqual(40);
  expect.soft(box?.width, 'width').toBeGreaterThanOrEqual(40);
  expect.soft((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
}

/** A target found under a thumb's size: what it is called and how big it is drawn. */
export type SmallTarget = { name: string; width: number; height: number };

/**
 * Every visible button, link, tab, segmented choice and field on the page (dialogs included) drawn smaller than
 * 40 × 40 px. A link
 * inside a sentence is left out, as WCAG's target size leaves it out: its line of text is its size.
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    // A segmented choice's option is the label of a hidden radio; a field is tapped to type in it.
    const selector = [
      'a[href]',
      'button',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      'input[type="radio"] + label',
      'select',
      'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"])',
    ].join(', ');
    const found: { name: string; width: number; height: number }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // A password's text box sits inside the bordered field that takes the tap.
      const box = (element.closest('.mantine-PasswordInput-input') ?? element).getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not drawn: hidden, or only there for screen readers (a visually hidden 1 px box).
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || style.opacity === '0') continue;
      if (element.closest('[aria-hidden="true"]') && !element.closest('.mantine-NumberInput-controls')) continue;
      const isInSentence =
        element.tagName === 'A' &&
        style.display === 'inline' &&
        [...(element.parentElement?.childNodes ?? [])].some(
          (node) => node !== element && node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
      if (isInSentence) continue;
      if (box.width >= 40 && box.height >= 40) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
      found.push({
        name: name.slice(0, 60) || `<${element.tagName.toLowerCase()} class="${element.className}">`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return found;
  });
}
