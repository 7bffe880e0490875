import { type BusinessReport, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@oja/contract';
import { customerSalesPath } from '../businesses/attention-card';
import { type ColumnKit, ReportTable } from './report-table';

/** Top debtors stand as of today, which the period chosen does not change (the server reads them as of now). */
const DEBTS_NOTE = 'Owed today, on sales of any date.';

/** The period's sales by product, employee and payment status, and who owes the business today. */
export function ReportSalesTables({ report, slug }: { report: BusinessReport; slug: string }) {
  const suffix = `${report.from}_${report.to}`;
  return (
    <>
      <ReportTable
        title="Collected by payment method"
        note="Payments received in the period on sales that count."
        filename={`collected-by-payment-method_${suffix}.csv`}
        rows={report.collected_by_method}
        rowKey={(row) => `${row.method}-${row.currency}`}
        empty="No money collected in this period."
        columns={(column) => [
          column.main('Method', (row) => PAYMENT_METHOD_LABELS[row.method]),
          column.currency,
          column.money('Collected', 'amount'),
        ]}
      />
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
        columns={(column) => [
          column.main('Employee', 'name'),
          column.plain('Sales', 'sales'),
          column.currency,
          column.money('Revenue', 'revenue'),
        ]}
      />
      <ReportTable
        title="Sales by payment status"
        filename={`sales-by-payment-status_${suffix}.csv`}
        rows={report.sales_by_payment_status}
        rowKey={(row) => `${row.payment_status}-${row.currency}`}
        empty="No sales to sort by payment status."
        columns={(column) => [
          column.main('Status', (row) => PAYMENT_STATUS_LABELS[row.payment_status]),
          column.plain('Sales', 'sales'),
          column.currency,
          column.money('Revenue', 'revenue'),
          column.money('Outstanding', 'outstanding'),
        ]}
      />
      <ReportTable
        title="Top debtors"
        note={DEBTS_NOTE}
        filename={`top-debtors_${report.to}.csv`}
        rows={report.top_debtors}
        rowKey={(row) => `${row.customer_id ?? row.customer_name}-${row.currency}`}
        empty="Nobody owes the business."
        columns={(column) => [
          column.main('Customer', 'customer_name', (row) => customerSalesPath(slug, row.customer_name)),
          column.plain('Open sales', 'open_sales'),
          column.currency,
          column.money('Owes', 'total_owed'),
        ]}
      />
    </>
  );
}

/** The best sellers' columns, by quantity and by revenue alike. */
const productColumns = (slug: string) => (column: ColumnKit<BusinessReport['top_products'][number]>) => [
  column.product(slug),
  column.plain('Sold', 'quantity'),
  column.currency,
  column.money('Revenue', 'revenue'),
];
