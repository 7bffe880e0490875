import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The chart, loaded only when one renders: recharts and @mantine/charts weigh more than the whole rest of the
 * overview or analytics page, past what a page may add to the first one (bench/README.md). The page's figures show first; the chart's space is held
 * meanwhile, so nothing below it moves when it arrives. The reports' chart loads the same way
 * (reports/lazy-profit-chart.tsx).
 */
const LoadedRevenueChart = lazy(() =>
  import('./revenue-chart').then(({ RevenueChart }) => ({ default: RevenueChart })),
);

export function RevenueChart(props: ComponentProps<typeof LoadedRevenueChart>) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 220} aria-label="Loading the chart" />}>
      <LoadedRevenueChart {...props} />
    </Suspense>
  );
}
