import { BUSINESS_TIME_ZONE, type CurrencyAmount, DEFAULT_CURRENCY, formatMoney, type MemberRole } from '@oja/contract';

/** "₦90,000.10 + $25.50"; "₦0.00" before the first sale. Exact: the amounts stay strings. */
export function formatAmounts(amounts: readonly CurrencyAmount[]): string {
  if (amounts.length === 0) return formatMoney('0.00', DEFAULT_CURRENCY);
  return amounts.map((entry) => formatMoney(entry.amount, entry.currency)).join(' + ');
}

const ROLE_NOUNS: Record<MemberRole, [string, string]> = {
  ceo: ['CEO', 'CEOs'],
  manager: ['manager', 'managers'],
  sales_person: ['salesperson', 'salespersons'],
  sales_rep: ['sales rep', 'sales reps'],
  customer: ['customer', 'customers'],
  user: ['user', 'users'],
};

/** "2 salespersons, 1 manager". */
export function roleSummaryText(summary: readonly { role: MemberRole; count: number }[]): string {
  return summary.map(({ role, count }) => `${count} ${ROLE_NOUNS[role][count === 1 ? 0 : 1]}`).join(', ');
}

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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
