import { Alert, Anchor, Card, Chip, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type BatchAlert,
  type BusinessReport,
  type Currency,
  formatMoney,
  PAYMENT_STATUS_LABELS,
  REPORT_MAX_DAYS,
} from '@oja/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { lagosToday } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { DateField } from '../../ui/date-field';
import { LazySelect } from '../../ui/lazy-select';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { StatCard } from '../../ui/stat-card';
import { useOnDemand } from '../../ui/use-on-demand';
import { useSearchParamsUpdate } from '../../ui/use-search-params-update';
import { onDemand } from '../../ui/validate-on-demand';
import { useBusinessReport } from './api';
import { customerSalesPath, productPath } from './attention-card';
import { formatAmounts } from './figures';
import { ProfitChart } from './lazy-charts';
import { marginOf } from './margin';
import { PERIOD_LABELS, PERIODS, type PeriodPreset, periodOf } from './periods';
import { type ReportColumn, ReportTable } from './report-table';
import { useCustomPeriod } from './use-custom-period';

/** The contract's rule for a period (ui/validate-on-demand.ts): zod, downloaded once a custom period is chosen. */
const rules = onDemand(() => import('./schemas'));

type Preset = PeriodPreset | 'custom';
const PRESETS: readonly Preset[] = [...PERIODS, 'custom'];
const DEFAULT_PRESET: Preset = '30_days';

/** /business/{slug}/reports: what the business earned, spent and kept over a period, and its stock. */
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
  const [preset, setPreset] = usePreset();
  const [custom, changeCustom] = useCustomPeriod(today);
  const period = preset === 'custom' ? custom : periodOf(preset, today);
  // A preset is a valid period by construction (periods.ts): it is checked once the rule is there anyway, and
  // until then the server checks it with the same rule. A custom one waits for the rule, or for its failure.
  const schemas = useOnDemand(rules, preset === 'custom');
  const check = schemas.loaded?.reportQuerySchema.safeParse({ business_id: business.id, ...period });
  const problem = check && !check.success ? (check.error.issues[0]?.message ?? null) : null;
  const ready = check ? check.success : preset !== 'custom' || schemas.failed;
  const report = useBusinessReport(business.id, period.from, period.to, ready);

  return (
    <Stack gap="lg">
      <Title order={2}>{business.name} Reports</Title>
      <Stack gap="xs">
        <Chip.Group multiple={false} value={preset} onChange={(value) => setPreset(value as Preset)}>
          <Group gap={6} role="radiogroup" aria-label="Period">
            {PRESETS.map((value) => (
              <Chip key={value} value={value} size="md" variant="outline">
                {PERIOD_LABELS[value]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {preset === 'custom' && (
          <Group grow>
            <DateField
              label="From"
              value={custom.from}
              max={today}
              onChange={(event) => changeCustom('from', event.currentTarget.value)}
            />
            <DateField
              label="To"
              value={custom.to}
              max={today}
              onChange={(event) => changeCustom('to', event.currentTarget.value)}
            />
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {formatDate(period.from)} to {formatDate(period.to)}. Days run midnight to midnight, Lagos time; up to{' '}
          {REPORT_MAX_DAYS} days at once.
        </Text>
      </Stack>

      {problem && <Alert color="yellow">{problem}</Alert>}
      {!problem && report.isPending && <PageLoader />}
      {report.isError && <QueryError error={report.error} onRetry={() => report.refetch()} />}
      {!problem && report.data && <ReportBody report={report.data} slug={business.slug} />}
    </Stack>
  );
}

/** The period chosen, in the URL (`?period=`) with the custom days: a reload or a shared link keeps it. */
function usePreset(): [Preset, (value: Preset) => void] {
  const [params, update] = useSearchParamsUpdate();
  const chosen = params.get('period');
  const preset = PRESETS.find((value) => value === chosen) ?? DEFAULT_PRESET;
  const choose = (value: Preset) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (value === DEFAULT_PRESET) next.delete('period');
      else next.set('period', value);
      return next;
    });
  return [preset, choose];
}

function ReportBody({ report, slug }: { report: BusinessReport; slug: string }) {
  const currencies = [
    ...new Set([...report.total_revenue, ...report.expenses].map((entry) => entry.currency)),
  ] as Currency[];
  const [chosen, setChosen] = useState<Currency | null>(null);
  const chartCurrency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? 'NGN');
  const suffix = `${report.from}_${report.to}`;

  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <StatCard label="Revenue" value={formatAmounts(report.total_revenue)} hint="All sales, paid or not" />
        <StatCard label="Number of sales" value={report.total_sales} hint="Cancelled sales not counted" />
        <StatCard label="Cost of goods sold" value={formatAmounts(report.cost_of_goods_sold)} />
        <StatCard label="Gross profit" value={formatAmounts(report.gross_profit)} />
        <StatCard
          label="Margin"
          value={marginOf(report.total_revenue, report.gross_profit)}
          hint="Gross profit ÷ revenue"
        />
        <StatCard label="Expenses" value={formatAmounts(report.expenses)} />
        <StatCard label="Net profit" value={formatAmounts(report.net_profit)} hint="Gross profit − expenses" />
        <StatCard label="Collected" value={formatAmounts(report.collected)} hint="Payments received" />
        <StatCard label="Outstanding" value={formatAmounts(report.outstanding)} hint="Still owed on these sales" />
      </SimpleGrid>

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

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ReportTable
          title="Best sellers by quantity"
          filename={`best-sellers-by-quantity_${suffix}.csv`}
          rows={report.top_products}
          rowKey={(row) => `${row.product_id}-${row.currency}`}
          empty="No sales in this period."
          columns={productColumns(slug)}
        />
        <ReportTable
          title="Best sellers by revenue"
          filename={`best-sellers-by-revenue_${suffix}.csv`}
          rows={report.top_products_by_revenue}
          rowKey={(row) => `${row.product_id}-${row.currency}`}
          empty="Nothing sold in this period."
          columns={productColumns(slug)}
        />
        <ReportTable
          title="Sales per employee"
          filename={`sales-per-employee_${suffix}.csv`}
          rows={report.sales_by_employee}
          rowKey={(row) => `${row.user_id}-${row.name}-${row.currency}`}
          empty="No employee sold anything in this period."
          columns={[
            { header: 'Employee', kind: 'main', csv: (row) => row.name },
            { header: 'Sales', csv: (row) => row.sales },
            { header: 'Currency', csv: (row) => row.currency },
            {
              header: 'Revenue',
              isNoWrap: true,
              csv: (row) => row.revenue,
              cell: (row) => money(row.revenue, row.currency),
            },
          ]}
        />
        <ReportTable
          title="Sales by payment status"
          filename={`sales-by-payment-status_${suffix}.csv`}
          rows={report.sales_by_payment_status}
          rowKey={(row) => `${row.payment_status}-${row.currency}`}
          empty="No sales to sort by payment status."
          columns={[
            { header: 'Status', kind: 'main', csv: (row) => PAYMENT_STATUS_LABELS[row.payment_status] },
            { header: 'Sales', csv: (row) => row.sales },
            { header: 'Currency', csv: (row) => row.currency },
            {
              header: 'Revenue',
              isNoWrap: true,
              csv: (row) => row.revenue,
              cell: (row) => money(row.revenue, row.currency),
            },
            {
              header: 'Outstanding',
              isNoWrap: true,
              csv: (row) => row.outstanding,
              cell: (row) => money(row.outstanding, row.currency),
            },
          ]}
        />
        <ReportTable
          title="Top debtors"
          note={NOW_NOTE.debts}
          filename={`top-debtors_${report.to}.csv`}
          rows={report.top_debtors}
          rowKey={(row) => `${row.customer_id ?? row.customer_name}-${row.currency}`}
          empty="Nobody owes the business."
          columns={[
            {
              header: 'Customer',
              kind: 'main',
              csv: (row) => row.customer_name,
              cell: (row) => (
                <Anchor component={Link} size="sm" to={customerSalesPath(slug, row.customer_name)}>
                  {row.customer_name}
                </Anchor>
              ),
            },
            { header: 'Open sales', csv: (row) => row.open_sales },
            { header: 'Currency', csv: (row) => row.currency },
            {
              header: 'Owes',
              isNoWrap: true,
              csv: (row) => row.total_owed,
              cell: (row) => money(row.total_owed, row.currency),
            },
          ]}
        />
        <ReportTable
          title="Stock value"
          note={NOW_NOTE.stock}
          filename={`stock-value_${report.to}.csv`}
          rows={report.stock_value}
          rowKey={(row) => row.currency}
          empty="No stock on hand."
          columns={[
            { header: 'Currency', kind: 'main', csv: (row) => row.currency },
            { header: 'Units', csv: (row) => row.units },
            {
              header: 'Value at cost',
              isNoWrap: true,
              csv: (row) => row.value_at_cost,
              cell: (row) => money(row.value_at_cost, row.currency),
            },
            {
              header: 'Value at retail',
              isNoWrap: true,
              csv: (row) => row.value_at_retail,
              cell: (row) => money(row.value_at_retail, row.currency),
            },
          ]}
        />
        <ReportTable
          title="Low stock"
          note={NOW_NOTE.stock}
          filename={`low-stock_${report.to}.csv`}
          rows={report.low_stock}
          rowKey={(row) => row.product_id}
          empty="No product is below its reorder level."
          columns={[
            {
              header: 'Product',
              kind: 'main',
              csv: (row) => row.product_name,
              cell: (row) => (
                <Anchor component={Link} size="sm" to={productPath(slug, row.product_id)}>
                  {row.product_name}
                </Anchor>
              ),
            },
            { header: 'SKU', csv: (row) => row.sku },
            { header: 'In stock', csv: (row) => row.quantity_in_stock },
            { header: 'Reorder level', csv: (row) => row.reorder_level },
          ]}
        />
        <ReportTable
          title="Expiring in the next 30 days"
          note={NOW_NOTE.stock}
          filename={`expiring-batches_${report.to}.csv`}
          rows={report.expiring}
          rowKey={(row) => row.batch_id}
          empty="No batch expires in the next 30 days."
          columns={batchColumns(slug, 'Expires')}
        />
        <ReportTable
          title="Expired, still on hand"
          note={NOW_NOTE.stock}
          filename={`expired-stock_${report.to}.csv`}
          rows={report.expired}
          rowKey={(row) => row.batch_id}
          empty="No expired stock on the shelf."
          columns={batchColumns(slug, 'Expired')}
        />
      </SimpleGrid>
    </>
  );
}

const money = (amount: string, currency: Currency) => formatMoney(amount, currency);

/** The tables of what stands today, which the period chosen does not change (the server reads them as of now). */
const NOW_NOTE = {
  debts: 'Owed today, on sales of any date.',
  stock: 'Stock on hand today, whatever the period.',
};

function productColumns(slug: string): ReportColumn<BusinessReport['top_products'][number]>[] {
  return [
    {
      header: 'Product',
      kind: 'main',
      csv: (row) => row.product_name,
      cell: (row) => (
        <Anchor component={Link} size="sm" to={productPath(slug, row.product_id)}>
          {row.product_name}
        </Anchor>
      ),
    },
    { header: 'Sold', csv: (row) => row.quantity },
    { header: 'Currency', csv: (row) => row.currency },
    { header: 'Revenue', isNoWrap: true, csv: (row) => row.revenue, cell: (row) => money(row.revenue, row.currency) },
  ];
}

function batchColumns(slug: string, dateHeader: string): ReportColumn<BatchAlert>[] {
  return [
    {
      header: 'Product',
      kind: 'main',
      csv: (row) => row.product_name,
      cell: (row) => (
        <Anchor component={Link} size="sm" to={productPath(slug, row.product_id)}>
          {row.product_name}
        </Anchor>
      ),
    },
    { header: 'Batch', csv: (row) => row.batch_number },
    {
      header: dateHeader,
      isNoWrap: true,
      csv: (row) => row.expiration_date,
      cell: (row) => formatDate(row.expiration_date),
    },
    { header: 'Units', csv: (row) => row.quantity },
    { header: 'Currency', csv: (row) => row.currency },
    {
      header: 'Value at cost',
      isNoWrap: true,
      csv: (row) => row.value_at_cost,
      cell: (row) => (row.value_at_cost === null ? '—' : money(row.value_at_cost, row.currency)),
    },
  ];
}
