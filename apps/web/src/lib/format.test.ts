import { describe, expect, it } from 'vitest';
import { formatDate, initials, truncate } from './format';

describe('format', () => {
  it('reads a plain date as that calendar day in any time zone', () => {
    expect(formatDate('2026-12-07')).toBe('7 Dec 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('makes initials and truncates', () => {
    expect(initials('ada', 'obi')).toBe('AO');
    expect(truncate('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}…`);
    expect(truncate('short', 40)).toBe('short');
  });
});
