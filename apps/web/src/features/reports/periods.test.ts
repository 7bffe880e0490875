import { describe, expect, it } from 'vitest';
import { periodOf, readCustomPeriod, withCustomDay } from './periods';

describe('periodOf', () => {
  it('counts Lagos days back from today, both ends included', () => {
    expect(periodOf('today', '2026-03-05')).toEqual({ from: '2026-03-05', to: '2026-03-05' });
    expect(periodOf('7_days', '2026-03-05')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(periodOf('30_days', '2026-03-05')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
  });

  it('knows the months, leap years and new year included', () => {
    expect(periodOf('this_month', '2028-03-05')).toEqual({ from: '2028-03-01', to: '2028-03-05' });
    expect(periodOf('last_month', '2028-03-05')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('a custom period in the URL', () => {
  const today = '2026-03-05';
  const read = (query: string) => readCustomPeriod(new URLSearchParams(query), today);

  it('reads its days back, and the last 30 days for a missing or malformed end', () => {
    expect(read('from=2026-01-02&to=2026-02-03')).toEqual({ from: '2026-01-02', to: '2026-02-03' });
    expect(read('')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(read('from=2026-02-30&to=tomorrow')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(read('from=2026-1-2')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
  });

  it('writes one end, keeps the other parameters but the page, and moves the other end past it', () => {
    const start = new URLSearchParams('period=custom&category=rent&page=4&from=2026-01-10&to=2026-01-20');
    expect(withCustomDay(start, 'to', '2026-02-01', today).toString()).toBe(
      'period=custom&category=rent&from=2026-01-10&to=2026-02-01',
    );
    expect(readCustomPeriod(withCustomDay(start, 'from', '2026-01-25', today), today)).toEqual({
      from: '2026-01-25',
      to: '2026-01-25',
    });
    expect(readCustomPeriod(withCustomDay(start, 'to', '2026-01-05', today), today)).toEqual({
      from: '2026-01-05',
      to: '2026-01-05',
    });
  });

  it('keeps the day it had when an input is cleared', () => {
    const start = new URLSearchParams('from=2026-01-10&to=2026-01-20');
    expect(withCustomDay(start, 'from', '', today).toString()).toBe(start.toString());
  });
});
