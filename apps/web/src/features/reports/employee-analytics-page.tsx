import { Card, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type DailyRevenue, type EmployeeAnalyticsDays, formatMoney, MESSAGES, type ProductSold } from '@oja/contract';
import { IconCash, IconReceipt } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { StatCard } from '../../ui/stat-card';
import { useListView } from '../../ui/use-list-view';
import { formatAmounts } from '../businesses/figures';
import { RevenueChart } from '../businesses/lazy-charts';
import { useEmployeeAnalytics } from './api';

/** The period lives in the URL (?days=30), so back and refresh keep it. */
const ANALYTICS_VIEW = { filters: { days: ['7', '30', '90'] as const } };

const dayColumns: ResponsiveColumn<DailyRevenue>[] = [
  { header: 'Day', kind: 'main', cell: (day) => formatDate(day.date) },
  { header: 'Revenue', isNoWrap: true, cell: (day) => formatAmounts(day.amounts) },
];

const productColumns: ResponsiveColumn<ProductSold>[] = [
  { header: 'Product', kind: 'main', cellProps: { fw: 500 }, cell: (product) => product.product_name },
  { header: 'Units sold', cell: (product) => product.quantity },
  { header: 'Revenue', isNoWrap: true, cell: (product) => formatMoney(product.revenue, product.currency) },
];

/** /{slug}/employee/analytics: what the caller sold per day and per product over 7, 30 or 90 days. */
export default function EmployeeAnalyticsPage() {
  const { business } = useBusinessContext();
  const view = useListView(ANALYTICS_VIEW);
  const days = Number(view.filters.days) as EmployeeAnalyticsDays;
  const analytics = useEmployeeAnalytics(business.id, days);
  const data = analytics.data;
  // Newest first, and only the days something was sold: the chart shows the empty ones.
  const soldDays = data ? data.revenue_by_day.filter((day) => day.amounts.length > 0).reverse() : [];

  return (
    <Stack gap="md">
      <Title order={2}>Analytics</Title>
      <SegmentedControl
        aria-label="Period"
        value={view.filters.days}
        onChange={(value) => view.setFilter('days', value)}
        data={[
          { value: '7', label: '7 days' },
          { value: '30', label: '30 days' },
          { value: '90', label: '90 days' },
        ]}
        fullWidth
        maw={420}
        // Each period a thumb's height: the control draws them 28 px tall.
        styles={{ label: { minHeight: 40, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
      />
      {analytics.isPending && <PageLoader label="Loading analytics..." />}
      {analytics.isError && !data && (
        <QueryError error={analytics.error} fallback={MESSAGES.failed.fetchSales} onRetry={() => analytics.refetch()} />
      )}
      {data && (
        <Stack
          gap="md"
          style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={analytics.isPlaceholderData}
        >
          <SimpleGrid cols={2} spacing="sm">
            <StatCard label="Your Sales" value={data.total_sales} icon={<IconReceipt size={18} />} />
            <StatCard label="Your Revenue" value={formatAmounts(data.revenue)} icon={<IconCash size={18} />} />
          </SimpleGrid>
          <Card withBorder radius="md">
            <Text fw={600} mb="sm">
              Revenue per day (last {days} days)
            </Text>
            <RevenueChart days={data.revenue_by_day} />
          </Card>
          <TableCard
            title="Top products"
            label="Top products"
            minWidth={420}
            columns={productColumns}
            rows={data.top_products}
            rowKey={(product) => `${product.product_id}-${product.currency}`}
          />
          <TableCard
            title="Days with sales"
            label="Revenue per day"
            minWidth={320}
            columns={dayColumns}
            rows={soldDays}
            rowKey={(day) => day.date}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** A card of the page: its title, and its table, or the words for a period with no sales. */
function TableCard<Row>({ title, ...table }: { title: string } & ComponentProps<typeof ResponsiveTable<Row>>) {
  return (
    <Card withBorder radius="md">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {table.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No sales in this period.
        </Text>
      ) : (
        <ResponsiveTable {...table} />
      )}
    </Card>
  );
}
