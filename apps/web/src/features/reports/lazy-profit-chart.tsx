import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The chart, loaded only when it renders: recharts and @mantine/charts weigh more than the rest of the reports
 * page (businesses/lazy-charts.tsx says by how much, and bench/README.md what a page may add). The figures show
 * first; the chart's space is held meanwhile, so nothing below it moves when it arrives.
 */
const LoadedProfitChart = lazy(() => import('./profit-chart').then(({ ProfitChart }) => ({ default: ProfitChart })));

export function ProfitChart(props: ComponentProps<typeof LoadedProfitChart>) {
  return (
    <Suspense fallback={<Skeleton h={260} aria-label="Loading the chart" />}>
      <LoadedProfitChart {...props} />
    </Suspense>
  );
}
