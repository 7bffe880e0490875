import { SimpleGrid } from '@mantine/core';
import type { BusinessReport } from '@oja/contract';
import { StatCard } from '../../ui/stat-card';
import { formatAmounts } from '../businesses/figures';
import { marginOf } from './margin';

/** The period's money, from revenue down to what is still owed. */
export function ReportStats({ report }: { report: BusinessReport }) {
  return (
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
  );
}
