import { type CurrencyAmount, DEFAULT_CURRENCY, formatMoney, type MemberRole } from '@oja/contract';

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
