import { Anchor } from '@mantine/core';
import { type BatchAlert, type BusinessReport, formatMoney } from '@oja/contract';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { productPath } from '../businesses/attention-card';
import { type ReportColumn, ReportTable } from './report-table';

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
        columns={[
          { header: 'Currency', kind: 'main', csv: (row) => row.currency },
          { header: 'Units', csv: (row) => row.units },
          {
            header: 'Value at cost',
            isNoWrap: true,
            csv: (row) => row.value_at_cost,
            cell: (row) => formatMoney(row.value_at_cost, row.currency),
          },
          {
            header: 'Value at retail',
            isNoWrap: true,
            csv: (row) => row.value_at_retail,
            cell: (row) => formatMoney(row.value_at_retail, row.currency),
          },
        ]}
      />
      <ReportTable
        title="Low stock"
        note={STOCK_NOTE}
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
      cell: (row) => (row.value_at_cost === null ? '—' : formatMoney(row.value_at_cost, row.currency)),
    },
  ];
}
