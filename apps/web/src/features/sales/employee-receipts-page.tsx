import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatMoney,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  type PaymentListItem,
  SALES_SEARCH_MAX_LENGTH,
} from '@oja/contract';
import { IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { seesWholeTill, usePayments } from './api';
import { RefundBadge } from './refund-badge';
import { SaleDocumentButton } from './sale-document-button';

const RECEIPTS_LIST = { filters: {}, searchParam: 'q' };

/**
 * /{slug}/employee/receipts: the payments the caller may see, newest first, each with its sale's receipt:
 * a salesperson's own, or, for the CEO and a manager, the whole business's with who took each.
 */
export default function EmployeeReceiptsPage() {
  const { business, role } = useBusinessContext();
  const isWholeTill = seesWholeTill(role);
  const view = useListView(RECEIPTS_LIST);
  const { page, search } = view;
  const payments = usePayments(business.id, { page, search: search || undefined });
  useKeepPageInRange(view, payments);

  const columns: ResponsiveColumn<PaymentListItem>[] = [
    {
      header: 'Amount',
      kind: 'main',
      isNoWrap: true,
      cell: (payment) => (
        <Group gap="xs">
          {formatMoney(payment.amount, payment.currency)}
          <RefundBadge payment={payment} currency={payment.currency} />
        </Group>
      ),
    },
    { header: 'Method', cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
    { header: 'Customer', cell: (payment) => payment.customer_name },
    ...(isWholeTill
      ? [{ header: 'Received by', cell: (payment: PaymentListItem) => payment.recorded_by?.name ?? 'N/A' }]
      : []),
    { header: 'Sale', cell: (payment) => `#${payment.sale_id}` },
    { header: 'Date', isNoWrap: true, cell: (payment) => formatDateTime(payment.created_at) },
    {
      header: 'Receipt',
      isHeaderHidden: true,
      kind: 'actions',
      cell: (payment) => (
        <SaleDocumentButton
          businessId={business.id}
          saleId={payment.sale_id}
          kind="receipt"
          name={`Receipt of sale ${payment.sale_id}`}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Receipts</Title>
        <Text c="dimmed" size="sm">
          {isWholeTill
            ? "Every payment taken in this business, and who took it. Each opens its sale's receipt."
            : "The payments you took. Each opens its sale's receipt."}
        </Text>
      </div>
      <TextInput
        aria-label="Search"
        placeholder="Search by customer"
        leftSection={<IconSearch size={16} />}
        // The server takes no longer search: a pasted message stops here instead of failing the list.
        maxLength={SALES_SEARCH_MAX_LENGTH}
        {...view.searchBox}
      />
      {payments.isPending && <PageLoader label="Loading receipts..." />}
      {payments.isError && !payments.data && (
        <QueryError error={payments.error} fallback={MESSAGES.failed.fetchSales} onRetry={() => payments.refetch()} />
      )}
      {payments.data &&
        (payments.data.results.length === 0 ? (
          <Text c="dimmed">
            {search
              ? 'No payment matches this search.'
              : isWholeTill
                ? 'No payments yet. Payments taken in this business appear here.'
                : 'No payments yet. Payments you take appear here.'}
          </Text>
        ) : (
          <ResponsiveTable
            label="Receipts"
            minWidth={640}
            columns={columns}
            rows={payments.data.results}
            rowKey={(payment) => payment.id}
          />
        ))}
      <Pager page={page} totalPages={payments.data?.total_pages ?? 1} onChange={view.setPage} />
    </Stack>
  );
}
