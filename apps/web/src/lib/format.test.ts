import { describe, expect, it } from 'vitest';
import { formatAsOf, formatDate, formatDateTime, formatDayInWords, initials, possessive, truncate } from './format';

describe('format', () => {
  it('says a picked day in words, day before month, and nothing for a day that does not exist', () => {
    expect(formatDayInWords('2026-12-05')).toBe('Sat, 5 Dec 2026');
    expect(formatDayInWords('2027-05-12')).toBe('Wed, 12 May 2027');
    expect(formatDayInWords('2026-02-31')).toBeNull();
    expect(formatDayInWords('')).toBeNull();
    expect(formatDayInWords('2026-1')).toBeNull();
  });

  it('reads a plain date as that calendar day in any time zone', () => {
    expect(formatDate('2026-12-07')).toBe('7 Dec 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it("shows times in the shops' time zone, whatever the phone's zone", () => {
    // 23:30 UTC is already the next day, half past midnight, in Lagos.
    expect(formatDateTime('2026-11-23T23:30:00Z')).toBe('24 Nov 2026, 0:30');
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('24 Nov 2026');
  });

  it('makes initials and truncates', () => {
    expect(initials('ada', 'obi')).toBe('AO');
    expect(truncate('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}…`);
    expect(truncate('short', 40)).toBe('short');
  });

  it('builds the possessive of a name, with a lone apostrophe after a final s', () => {
    expect(possessive('Ada')).toBe("Ada's");
    expect(possessive("Ada's Provisions")).toBe("Ada's Provisions'");
    expect(possessive('Chris ')).toBe("Chris'");
    expect(possessive('MAMA TOBI STORES')).toBe("MAMA TOBI STORES'");
  });

  it("says when offline data was taken in the shops' time: the time alone today, with the day before", () => {
    const now = Date.parse('2026-12-05T15:00:00Z');
    // 09:42 UTC is 10:42 in Lagos.
    expect(formatAsOf(Date.parse('2026-12-05T09:42:00Z'), now)).toBe('10:42');
    expect(formatAsOf(Date.parse('2026-12-03T19:05:00Z'), now)).toBe('3 Dec 20:05');
    // 23:30 UTC on the 4th is already the 5th in Lagos: today.
    expect(formatAsOf(Date.parse('2026-12-04T23:30:00Z'), now)).toBe('00:30');
  });
});
