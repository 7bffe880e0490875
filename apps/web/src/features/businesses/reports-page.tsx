import { Alert, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatMoney, REPORT_MAX_DAYS, reportQuerySchema } from '@oja/contract';
import { useState } from 'react';
import { addDays, lagosToday } from '../../lib/dates';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { StatCard } from '../../ui/stat-card';
import { useBusinessReport } from './api';
import { formatAmounts } from './figures';
import { RevenueChart } from './revenue-chart';

const PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom' },
];

/** /business/{slug}/reports: revenue, number of sales and top products over a chosen period. */
export default function ReportsPage() {
  return (
    <RequirePermission permission="business.overview">
      <Reports />
    </RequirePermission>
  );
}

function Reports() {
  const { business } = useBusinessContext();
  const today = lagosToday();
  const [preset, setPreset] = useState('30');
  const [custom, setCustom] = useState({ from: addDays(today, -29), to: today });
  const period = preset === 'custom' ? custom : { from: addDays(today, -(Number(preset) - 1)), to: today };
  const check = reportQuerySchema.safeParse({ business_id: business.id, ...period });
  const problem = check.success ? null : (check.error.issues[0]?.message ?? null);
  const report = useBusinessReport(business.id, period.from, period.to, check.success);

  return (
    <Stack gap="lg">
      <Title order={2}>{business.name} Reports</Title>
      <Stack gap="xs">
        <SegmentedControl data={PRESETS} value={preset} onChange={setPreset} aria-label="Period" />
        {preset === 'custom' && (
          <Group grow>
            <TextInput
              type="date"
              label="From"
              value={custom.from}
              max={custom.to}
              onChange={(event) => setCustom({ ...custom, from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={custom.to}
              max={today}
              onChange={(event) => setCustom({ ...custom, to: event.currentTarget.value })}
            />
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Days run midnight to midnight, Lagos time. Up to {REPORT_MAX_DAYS} days at once.
        </Text>
      </Stack>

      {problem && <Alert color="yellow">{problem}</Alert>}
      {!problem && report.isPending && <PageLoader />}
      {report.isError && <QueryError error={report.error} onRetry={() => report.refetch()} />}
      {!problem && report.data && (
        <>
          <SimpleGrid cols={2} spacing="sm">
            <StatCard label="Revenue" value={formatAmounts(report.data.total_revenue)} />
            <StatCard label="Number of sales" value={report.data.total_sales} />
          </SimpleGrid>
          <Card withBorder radius="md">
            <Title order={4} mb="sm">
              Revenue per day
            </Title>
            <RevenueChart days={report.data.revenue_by_day} height={260} />
          </Card>
          <Card withBorder radius="md">
            <Title order={4} mb="sm">
              Top products
            </Title>
            {report.data.top_products.length === 0 ? (
              <Text c="dimmed" size="sm">
                No sales in this period.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={320}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Product</Table.Th>
                      <Table.Th ta="right">Sold</Table.Th>
                      <Table.Th ta="right">Revenue</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.data.top_products.map((product) => (
                      <Table.Tr key={`${product.product_id}-${product.currency}`}>
                        <Table.Td>{product.product_name}</Table.Td>
                        <Table.Td ta="right">{product.quantity}</Table.Td>
                        <Table.Td ta="right">{formatMoney(product.revenue, product.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
