import { Badge, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatMoney,
  INVOICE_STATUS_LABELS,
  invoiceStatusOf,
  MESSAGES,
  SALES_SEARCH_MAX_LENGTH,
  type Sale,
} from '@oja/contract';
import { IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useCurrentUser } from '../auth/session';
import { seesWholeTill, useSales } from './api';
import { SaleDocumentButton } from './sale-document-button';

const INVOICES_LIST = { filters: {}, searchParam: 'q' };
const STATUS_COLORS = { paid: 'green', pending: 'yellow', cancelled: 'gray' } as const;

/**
 * /{slug}/employee/invoices: the caller's own sales, or for the CEO and a manager the whole business's with who sold
 * each (as the receipts page), Paid or Pending (not fully paid), each with its invoice.
 */
export default function EmployeeInvoicesPage() {
  const user = useCurrentUser();
  const { business, role } = useBusinessContext();
  const isWholeTill = seesWholeTill(role);
  const view = useListView(INVOICES_LIST);
  const { page, search } = view;
  const sales = useSales(business.id, {
    page,
    search: search || undefined,
    ...(isWholeTill ? {} : { created_by: user.id }),
  });
  useKeepPageInRange(view, sales);

  const columns: ResponsiveColumn<Sale>[] = [
    { header: 'Invoice', kind: 'main', cellProps: { fw: 500 }, cell: (sale) => `Invoice #${sale.id}` },
    { header: 'Customer', cell: (sale) => sale.customer_name },
    ...(isWholeTill ? [{ header: 'Sold by', cell: (sale: Sale) => sale.created_by_name }] : []),
    { header: 'Total', isNoWrap: true, cell: (sale) => formatMoney(sale.total_cart_amount, sale.currency) },
    {
      header: 'Status',
      cell: (sale) => {
        const status = invoiceStatusOf(sale);
        return (
          <Badge color={STATUS_COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
            {INVOICE_STATUS_LABELS[status]}
          </Badge>
        );
      },
    },
    { header: 'Date', isNoWrap: true, cell: (sale) => formatDateTime(sale.created_at) },
    {
      header: 'Download',
      isHeaderHidden: true,
      kind: 'actions',
      cell: (sale) => (
        <SaleDocumentButton businessId={business.id} saleId={sale.id} kind="invoice" name={`Invoice #${sale.id}`} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Invoices</Title>
        <Text c="dimmed" size="sm">
          {isWholeTill
            ? 'Every sale of this business, and who sold it: Paid, or Pending until paid in full.'
            : 'Your sales: Paid, or Pending until paid in full.'}
        </Text>
      </div>
      <TextInput
        aria-label="Search"
        placeholder="Search by product or customer"
        leftSection={<IconSearch size={16} />}
        // The server takes no longer search: a pasted message stops here instead of failing the list.
        maxLength={SALES_SEARCH_MAX_LENGTH}
        {...view.searchBox}
      />
      {sales.isPending && <PageLoader label="Loading invoices..." />}
      {sales.isError && !sales.data && (
        <QueryError error={sales.error} fallback={MESSAGES.failed.fetchSales} onRetry={() => sales.refetch()} />
      )}
      {sales.data &&
        (sales.data.results.length === 0 ? (
          <Text c="dimmed">
            {search
              ? 'No sale matches this search.'
              : isWholeTill
                ? "No sales yet. This business's invoices appear here."
                : 'No sales yet. Your invoices appear here.'}
          </Text>
        ) : (
          <ResponsiveTable
            label="Invoices"
            minWidth={640}
            columns={columns}
            rows={sales.data.results}
            rowKey={(sale) => sale.id}
          />
        ))}
      <Pager page={page} totalPages={sales.data?.total_pages ?? 1} onChange={view.setPage} />
    </Stack>
  );
}
