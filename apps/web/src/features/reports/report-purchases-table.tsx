import { Anchor } from '@mantine/core';
import { formatMoney, type PurchasesRow, SUPPLIER_MESSAGES } from '@oja/contract';
import { Link } from 'react-router';
import { QueryError } from '../../ui/query-error';
import { usePurchases } from '../suppliers/api';
import { supplierPath } from '../suppliers/paths';
import { ReportTable } from './report-table';

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
  const all: (PurchasesRow & { isTotal?: boolean })[] =
    rows.length > 1 ? [...rows, { supplier_id: 0, supplier_name: 'All suppliers', ...totals, isTotal: true }] : rows;
  return (
    <ReportTable
      title="Purchases"
      note="Owed: what was owed to each supplier at the end of the period."
      filename={`purchases_${from}_${to}.csv`}
      rows={all}
      rowKey={(row) => row.supplier_id}
      empty={SUPPLIER_MESSAGES.noPurchases}
      columns={[
        {
          header: 'Supplier',
          kind: 'main',
          csv: (row) => row.supplier_name,
          cell: (row) =>
            row.isTotal ? (
              <strong>{row.supplier_name}</strong>
            ) : (
              <Anchor component={Link} size="sm" to={supplierPath(`/business/${slug}/suppliers`, row.supplier_id)}>
                {row.supplier_name}
              </Anchor>
            ),
        },
        { header: 'Deliveries', csv: (row) => row.deliveries },
        { header: 'Purchased', isNoWrap: true, csv: (row) => row.purchased, cell: (row) => formatMoney(row.purchased) },
        { header: 'Paid', isNoWrap: true, csv: (row) => row.paid, cell: (row) => formatMoney(row.paid) },
        { header: 'Owed', isNoWrap: true, csv: (row) => row.owed, cell: (row) => formatMoney(row.owed) },
      ]}
    />
  );
}
