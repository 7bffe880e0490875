import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pager';

describe('pageNumbers', () => {
  it('shows the ends and the neighbours of the current page', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
  });
});
