import { Card, Group, Title } from '@mantine/core';
import type { BusinessReport, Currency } from '@oja/contract';
import { useState } from 'react';
import { LazySelect } from '../../ui/lazy-select';
import { ProfitChart } from './lazy-profit-chart';

/** The period's days in one currency at a time, chosen when the business dealt in more than one. */
export function ReportChart({ report }: { report: BusinessReport }) {
  const currencies = [
    ...new Set([...report.total_revenue, ...report.expenses].map((entry) => entry.currency)),
  ] as Currency[];
  const [chosen, setChosen] = useState<Currency | null>(null);
  const chartCurrency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? 'NGN');

  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Revenue, expenses and profit per day</Title>
        {currencies.length > 1 && (
          <LazySelect
            aria-label="Chart currency"
            w={100}
            allowDeselect={false}
            data={currencies}
            value={chartCurrency}
            onChange={(value) => setChosen(value as Currency)}
          />
        )}
      </Group>
      <ProfitChart days={report.daily} currency={chartCurrency} />
    </Card>
  );
}
