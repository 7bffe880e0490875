import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { Currency, DailyFigures } from '@oja/contract';
import { formatDate } from '../../lib/format';

/**
 * Revenue, expenses and net profit per day in one currency. The chart library plots numbers, so
 * amounts become numbers here, for drawing only: every figure shown as text stays an exact string.
 */
export function ProfitChart({ days, currency }: { days: readonly DailyFigures[]; currency: Currency }) {
  const data = days.map((day) => {
    const figures = day.figures.find((entry) => entry.currency === currency);
    return {
      date: formatDate(day.date).replace(/ \d{4}$/, ''),
      revenue: Number(figures?.revenue ?? 0),
      expenses: Number(figures?.expenses ?? 0),
      net_profit: Number(figures?.net_profit ?? 0),
    };
  });
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="date"
      series={[
        { name: 'revenue', label: 'Revenue', color: 'teal.6' },
        { name: 'expenses', label: 'Expenses', color: 'orange.6' },
        { name: 'net_profit', label: 'Net profit', color: 'blue.6' },
      ]}
      valueFormatter={(value) => compact.format(value)}
      withLegend
      aria-label={`Revenue, expenses and net profit per day in ${currency}`}
    />
  );
}

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
