import { SimpleGrid } from '@mantine/core';
import type { BusinessReport } from '@oja/contract';
import { ReportChart } from './report-chart';
import { ReportSalesTables } from './report-sales-tables';
import { ReportStats } from './report-stats';
import { ReportStockTables } from './report-stock-tables';

/** A period's report: its figures, its chart per day, then its tables, the period's sales before today's stock. */
export function ReportBody({ report, slug }: { report: BusinessReport; slug: string }) {
  return (
    <>
      <ReportStats report={report} />
      <ReportChart report={report} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ReportSalesTables report={report} slug={slug} />
        <ReportStockTables report={report} slug={slug} />
      </SimpleGrid>
    </>
  );
}
