import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { type Currency, type DailyRevenue, DEFAULT_CURRENCY } from '@oja/contract';
import { formatDate } from '../../lib/format';

const COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6'];

/**
 * Revenue per day, one line per currency sold in. The chart library plots
 * numbers, so amounts become numbers here, for drawing only: every figure shown
 * as text stays an exact string.
 */
export function RevenueChart({ days, height = 220 }: { days: readonly DailyRevenue[]; height?: number }) {
  const currencies = [...new Set(days.flatMap((day) => day.amounts.map((entry) => entry.currency)))];
  if (currencies.length === 0) currencies.push(DEFAULT_CURRENCY as Currency);
  const data = days.map((day) => {
    const row: Record<string, string | number> = { date: formatDate(day.date).replace(/ \d{4}$/, '') };
    for (const currency of currencies) {
      row[currency] = Number(day.amounts.find((entry) => entry.currency === currency)?.amount ?? 0);
    }
    return row;
  });
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="date"
      series={currencies.map((currency, index) => ({
        name: currency,
        label: currency,
        color: COLORS[index % COLORS.length] ?? 'teal.6',
      }))}
      curveType="monotone"
      valueFormatter={(value) => compact.format(value)}
      withLegend={currencies.length > 1}
      withDots={days.length <= 14}
      aria-label="Revenue per day"
    />
  );
}

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
