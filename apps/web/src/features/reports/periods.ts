import { addDays } from '../../lib/dates';

/** The periods the reports and expenses screens offer; days are Lagos days, both ends included. */
export const PERIODS = ['today', '7_days', '30_days', 'this_month', 'last_month'] as const;
export type PeriodPreset = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<PeriodPreset | 'all' | 'custom', string> = {
  all: 'All time',
  today: 'Today',
  '7_days': '7 days',
  '30_days': '30 days',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

export type Period = { from: string; to: string };

/** The days of a preset, counted back from `today` (YYYY-MM-DD in Lagos). */
export function periodOf(preset: PeriodPreset, today: string): Period {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7_days':
      return { from: addDays(today, -6), to: today };
    case '30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The URL parameters of a custom period: a reload or a shared link keeps the days chosen. */
export const CUSTOM_PERIOD_PARAMS = ['from', 'to'] as const;

/** A real calendar day as YYYY-MM-DD (not 2026-02-30), as the API's date rule takes it. */
function isDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

/** The custom period in the URL; a missing or malformed end reads as the last 30 days' (the first choice). */
export function readCustomPeriod(params: URLSearchParams, today: string): Period {
  const from = params.get('from');
  const to = params.get('to');
  return { from: isDay(from) ? from : addDays(today, -29), to: isDay(to) ? to : today };
}

/**
 * The URL after one end of the custom period is changed: a cleared input keeps the day it had, a start after
 * the end (or an end before the start) moves the other end with it, and a list starts again at its page 1.
 */
export function withCustomDay(params: URLSearchParams, end: keyof Period, value: string, today: string) {
  const next = new URLSearchParams(params);
  if (!isDay(value)) return next;
  const period = { ...readCustomPeriod(params, today), [end]: value };
  if (period.from > period.to) period[end === 'from' ? 'to' : 'from'] = value;
  next.set('from', period.from);
  next.set('to', period.to);
  next.delete('page');
  return next;
}
