import { Anchor } from '@mantine/core';
import { formatMoney, type PurchasesRow, SUPPLIER_MESSAGES } from '@oja/contract';
import { Link } from 'react-router';
import { QueryError } from '../../ui/query-error';
import { supplierPath } from '../suppliers/paths';
import { usePurchases } from './api';
import { type ReportColumn, ReportTable } from './report-table';

type Row = PurchasesRow & { isTotal?: boolean };

/** An amount of a supplier's account, which is kept in naira (ADR 0028). */
const naira = (header: string, field: 'purchased' | 'paid' | 'owed'): ReportColumn<Row> => ({
  header,
  isNoWrap: true,
  csv: (row) => row[field],
  cell: (row) => formatMoney(row[field]),
});

/** The period's purchases per supplier: deliveries' cost, what was paid them, and what was owed at the period's end. */
export function ReportPurchasesTable({
  businessId,
  slug,
  from,
  to,
  enabled,
}: {
  businessId: number;
  slug: string;
  from: string;
  to: string;
  enabled: boolean;
}) {
  const purchases = usePurchases(businessId, from, to, enabled);
  if (purchases.isError)
    return (
      <QueryError
        error={purchases.error}
        fallback={SUPPLIER_MESSAGES.failedPurchases}
        onRetry={() => purchases.refetch()}
      />
    );
  if (!purchases.data) return null;
  const { rows, totals } = purchases.data;
  const all: Row[] =
    rows.length > 1 ? [...rows, { supplier_id: 0, supplier_name: 'All suppliers', ...totals, isTotal: true }] : rows;
  return (
    <ReportTable
      title="Purchases"
      note="Owed: what was owed to each supplier at the end of the period."
      filename={`purchases_${from}_${to}.csv`}
      rows={all}
      rowKey={(row) => row.supplier_id}
      empty={SUPPLIER_MESSAGES.noPurchases}
      columns={(column) => [
        {
          header: 'Supplier',
          kind: 'main' as const,
          csv: (row: Row) => row.supplier_name,
          cell: (row: Row) =>
            row.isTotal ? (
              <strong>{row.supplier_name}</strong>
            ) : (
              <Anchor component={Link} size="sm" to={supplierPath(`/business/${slug}/suppliers`, row.supplier_id)}>
                {row.supplier_name}
              </Anchor>
            ),
        },
        column.plain('Deliveries', 'deliveries'),
        naira('Purchased', 'purchased'),
        naira('Paid', 'paid'),
        naira('Owed', 'owed'),
      ]}
    />
  );
}
