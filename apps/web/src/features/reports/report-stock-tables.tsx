import type { BatchAlert, BusinessReport } from '@oja/contract';
import { type ColumnKit, ReportTable } from './report-table';

/** The stock tables stand as of today, which the period chosen does not change (the server reads them as of now). */
const STOCK_NOTE = 'Stock on hand today, whatever the period.';

/** The business's stock today: its value, what runs low, what expires soon and what has expired on the shelf. */
export function ReportStockTables({ report, slug }: { report: BusinessReport; slug: string }) {
  return (
    <>
      <ReportTable
        title="Stock value"
        note={STOCK_NOTE}
        filename={`stock-value_${report.to}.csv`}
        rows={report.stock_value}
        rowKey={(row) => row.currency}
        empty="No stock on hand."
        columns={(column) => [
          column.main('Currency', 'currency'),
          column.plain('Units', 'units'),
          column.money('Value at cost', 'value_at_cost'),
          column.money('Value at retail', 'value_at_retail'),
        ]}
      />
      <ReportTable
        title="Low stock"
        note={STOCK_NOTE}
        filename={`low-stock_${report.to}.csv`}
        rows={report.low_stock}
        rowKey={(row) => row.product_id}
        empty="No product is below its reorder level."
        columns={(column) => [
          column.product(slug),
          column.plain('SKU', 'sku'),
          column.plain('In stock', 'quantity_in_stock'),
          column.plain('Reorder level', 'reorder_level'),
        ]}
      />
      <ReportTable
        title="Expiring in the next 30 days"
        note={STOCK_NOTE}
        filename={`expiring-batches_${report.to}.csv`}
        rows={report.expiring}
        rowKey={(row) => row.batch_id}
        empty="No batch expires in the next 30 days."
        columns={batchColumns(slug, 'Expires')}
      />
      <ReportTable
        title="Expired, still on hand"
        note={STOCK_NOTE}
        filename={`expired-stock_${report.to}.csv`}
        rows={report.expired}
        rowKey={(row) => row.batch_id}
        empty="No expired stock on the shelf."
        columns={batchColumns(slug, 'Expired')}
      />
    </>
  );
}

/** The batches' columns, expiring and expired alike. */
const batchColumns = (slug: string, dateHeader: string) => (column: ColumnKit<BatchAlert>) => [
  column.product(slug),
  column.plain('Batch', 'batch_number'),
  column.date(dateHeader, 'expiration_date'),
  column.plain('Units', 'quantity'),
  column.currency,
  column.money('Value at cost', 'value_at_cost'),
];
