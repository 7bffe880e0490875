import { describe, expect, it } from 'vitest';
import { addDays, lagosToday } from './dates';

describe("days in the shops' time zone", () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(lagosToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
