import { BUSINESS_TIME_ZONE } from '@oja/contract';

const lagosDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** Today's YYYY-MM-DD in the shops' time zone, the days the server counts in. */
export function lagosToday(): string {
  return lagosDateFormat.format(new Date());
}

/** A YYYY-MM-DD some days later (negative: earlier), by calendar arithmetic. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
