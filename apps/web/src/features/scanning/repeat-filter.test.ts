import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './repeat-filter';

describe('a scanned code counts once while it stays in sight', () => {
  it('reports a code once while the camera keeps reading it, and again after it was out of sight', () => {
    const isNew = createRepeatFilter(2000);
    expect(isNew('5901234123457', 0)).toBe(true);
    // Read on every frame for five seconds: still the one scan.
    for (let at = 100; at <= 5000; at += 100) expect(isNew('5901234123457', at)).toBe(false);
    // Out of sight for more than two seconds, then seen again: a second scan.
    expect(isNew('5901234123457', 7100)).toBe(true);
  });

  it('reports each different code at once, even in the same frame', () => {
    const isNew = createRepeatFilter(2000);
    expect(isNew('5901234123457', 0)).toBe(true);
    expect(isNew('96385074', 0)).toBe(true);
    expect(isNew('5901234123457', 500)).toBe(false);
    expect(isNew('96385074', 500)).toBe(false);
  });

  it('counts a code seen again just within the quiet time as the same scan', () => {
    const isNew = createRepeatFilter(2000);
    expect(isNew('ABC-123', 0)).toBe(true);
    expect(isNew('ABC-123', 2000)).toBe(false);
    expect(isNew('ABC-123', 4001)).toBe(true);
  });
});
