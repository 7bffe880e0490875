import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { type Currency, type DailyRevenue, DEFAULT_CURRENCY, formatMoney, sumMoney } from '@oja/contract';
import { formatDate } from '../../lib/format';

const COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6'];

/**
 * Revenue per day, one chart per currency sold in: naira and dollars on one axis would flatten the
 * smaller currency into a line along zero. The chart library plots numbers, so amounts become
 * numbers here, for drawing only: every figure shown as text stays an exact string.
 */
export function RevenueChart({ days, height = 220 }: { days: readonly DailyRevenue[]; height?: number }) {
  const currencies = [...new Set(days.flatMap((day) => day.amounts.map((entry) => entry.currency)))];
  if (currencies.length === 0) currencies.push(DEFAULT_CURRENCY as Currency);
  if (currencies.length === 1)
    return <CurrencyChart days={days} currency={currencies[0] as Currency} height={height} />;
  return (
    <Stack gap="md">
      {currencies.map((currency, index) => (
        <div key={currency}>
          <Text size="sm" fw={600} mb={4}>
            In {currency}: {formatMoney(totalOf(days, currency), currency)}
          </Text>
          <CurrencyChart
            days={days}
            currency={currency}
            height={Math.round(height * 0.7)}
            color={COLORS[index % COLORS.length]}
          />
        </div>
      ))}
    </Stack>
  );
}

function CurrencyChart({
  days,
  currency,
  height,
  color = COLORS[0],
}: {
  days: readonly DailyRevenue[];
  currency: Currency;
  height: number;
  color?: string;
}) {
  const data = days.map((day) => ({
    date: formatDate(day.date).replace(/ \d{4}$/, ''),
    [currency]: Number(day.amounts.find((entry) => entry.currency === currency)?.amount ?? 0),
  }));
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="date"
      series={[{ name: currency, label: currency, color: color ?? 'teal.6' }]}
      curveType="monotone"
      valueFormatter={(value) => compactMoney(currency).format(value)}
      withDots={days.length <= 14}
      aria-label={`Revenue per day in ${currency}`}
    />
  );
}

/** The period's total in one currency, summed exactly (never as floats). */
function totalOf(days: readonly DailyRevenue[], currency: Currency): string {
  return sumMoney(
    days.flatMap((day) => day.amounts.filter((entry) => entry.currency === currency).map((entry) => entry.amount)),
  );
}

const compactFormatters = new Map<Currency, Intl.NumberFormat>();
function compactMoney(currency: Currency): Intl.NumberFormat {
  let formatter = compactFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactFormatters.set(currency, formatter);
  }
  return formatter;
}
