import { describe, expect, it } from 'vitest';
import { priceOf, waitedFor } from './review-format';

const now = Date.parse('2026-12-05T15:00:00Z');
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('waitedFor', () => {
  it('says minutes under an hour, hours under two days, then days', () => {
    expect(waitedFor(ago(45), now)).toBe('45 min');
    expect(waitedFor(ago(60), now)).toBe('1 h');
    expect(waitedFor(ago(47 * 60 + 59), now)).toBe('47 h');
    expect(waitedFor(ago(48 * 60), now)).toBe('2 days');
  });

  it('rounds down, never saying a phone waited longer than it did', () => {
    expect(waitedFor(ago(3 * 60 + 59), now)).toBe('3 h');
    expect(waitedFor(ago(59), now)).toBe('59 min');
  });

  it('reads a time ahead of this clock as no wait at all', () => {
    expect(waitedFor(ago(-5), now)).toBe('0 min');
  });
});

describe('priceOf', () => {
  it('groups the amount as written, never through a float', () => {
    expect(priceOf('1234567.05', '0.00')).toBe('1,234,567.05');
    expect(priceOf('999.00', '0')).toBe('999.00');
  });

  it('says the discount when there is one', () => {
    expect(priceOf('1500.00', '10.00')).toBe('1,500.00 less 10.00%');
  });
});
