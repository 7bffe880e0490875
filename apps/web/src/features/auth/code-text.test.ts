import { describe, expect, it } from 'vitest';
import { codeText } from './code-text';

describe('codeText', () => {
  it.each([
    [' 383136', '383136'],
    ['383136\n', '383136'],
    ['\t383 136 ', '383136'],
    ['383\u00a0136', '383136'],
    ['3831367', '383136'],
    ['38', '38'],
    ['', ''],
  ])('keeps %j as %j', (typed, kept) => {
    expect(codeText(typed)).toBe(kept);
  });
});
