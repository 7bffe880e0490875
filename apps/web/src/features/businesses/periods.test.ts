import { describe, expect, it } from 'vitest';
import { periodOf } from './periods';

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
