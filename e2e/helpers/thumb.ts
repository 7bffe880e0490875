import { expect, type Locator } from '@playwright/test';

/** A thumb's target: at least 40 × 40 px, wholly on the 360 px phone's screen. */
export async function expectThumbSized(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, 'the target is drawn').not.toBeNull();
  expect.soft(box?.height, 'height').toBeGreaterThanOrEqual(40);
  expect.soft(box?.width, 'width').toBeGreaterThanOrEqual(40);
  expect.soft((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
}
