import { type CurrencyAmount, fromKobo, toKobo } from '@oja/contract';

const signed = (amount: string) => (amount.startsWith('-') ? -toKobo(amount.slice(1)) : toKobo(amount));

/** Gross profit as a share of revenue, "23.45%" per currency, exact (integer arithmetic, rounded half up). */
export function marginOf(revenue: readonly CurrencyAmount[], gross: readonly CurrencyAmount[]): string {
  const parts = revenue
    .filter((entry) => signed(entry.amount) > 0n)
    .map((entry) => {
      const profit = signed(gross.find((row) => row.currency === entry.currency)?.amount ?? '0');
      const total = signed(entry.amount);
      // Hundredths of a percent: profit / total × 10 000, rounded half away from zero.
      const scaled = (profit * 10_000n * 2n + (profit < 0n ? -total : total)) / (2n * total);
      return `${fromKobo(scaled)}%${revenue.length > 1 ? ` (${entry.currency})` : ''}`;
    });
  return parts.length === 0 ? '—' : parts.join(' · ');
}
