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
