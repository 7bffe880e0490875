import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, type PaymentListItem, SALES_ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { DocumentButton } from '../../ui/document-button';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useMyPayments } from './api';
import { RefundBadge } from './refund-badge';

const RECEIPTS_LIST = { filters: {} };

/** /{slug}/customer/receipts: every payment on the customer's sales, each with its sale's receipt as a PDF. */
export default function CustomerReceiptsPage() {
  const { business } = useBusinessContext();
  const view = useListView(RECEIPTS_LIST);
  const payments = useMyPayments(business.id, { page: view.page });
  useKeepPageInRange(view, payments);
  const list = payments.data?.results ?? [];
  const columns: ResponsiveColumn<PaymentListItem>[] = [
    {
      header: 'Amount',
      kind: 'main',
      cell: (payment) => (
        <Group gap="xs">
          <Text fw={700}>{formatMoney(payment.amount, payment.currency)}</Text>
          <RefundBadge payment={payment} currency={payment.currency} />
        </Group>
      ),
    },
    { header: 'Sale', isNoWrap: true, cell: (payment) => `Sale #${payment.sale_id}` },
    { header: 'Method', cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
    { header: 'Date', isNoWrap: true, cell: (payment) => formatDateTime(payment.created_at) },
    { header: 'Received by', cell: (payment) => payment.recorded_by?.name ?? 'N/A' },
    {
      header: 'Receipt',
      kind: 'actions',
      isHeaderHidden: true,
      cell: (payment) => (
        <DocumentButton
          entry={SALES_ENDPOINTS.getReceipt}
          input={{ business_id: business.id, id: payment.sale_id }}
          name={`Download receipt for sale #${payment.sale_id}`}
        />
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Title order={2}>Receipts</Title>
      <Card withBorder radius="md">
        {payments.isPending && <PageLoader />}
        {payments.isError && !payments.data && (
          <QueryError
            error={payments.error}
            fallback={SALES_MESSAGES.failedFetchPayments}
            onRetry={() => payments.refetch()}
          />
        )}
        {payments.data && list.length === 0 && (
          <Text c="dimmed">No payments yet: each payment you make to {business.name} shows here with its receipt.</Text>
        )}
        {list.length > 0 && (
          <ResponsiveTable
            label="Receipts"
            minWidth={680}
            columns={columns}
            rows={list}
            rowKey={(payment) => payment.id}
          />
        )}
        <Pager page={view.page} totalPages={payments.data?.total_pages ?? 1} onChange={view.setPage} />
      </Card>
    </Stack>
  );
}
