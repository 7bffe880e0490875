import { describe, expect, it } from 'vitest';
import { isPageChangeAllowed, pageInfo } from './pagination';

describe('pagination', () => {
  it('derives next, previous and the page count', () => {
    expect(pageInfo(0, 1, 20)).toEqual({ count: 0, next: null, previous: null, current_page: 1, total_pages: 1 });
    expect(pageInfo(41, 2, 20)).toEqual({ count: 41, next: 3, previous: 1, current_page: 2, total_pages: 3 });
  });

  it('ignores a change to the current page or outside 1..total', () => {
    expect(isPageChangeAllowed(2, 2, 3)).toBe(false);
    expect(isPageChangeAllowed(0, 1, 3)).toBe(false);
    expect(isPageChangeAllowed(4, 1, 3)).toBe(false);
    expect(isPageChangeAllowed(3, 1, 3)).toBe(true);
  });
});
