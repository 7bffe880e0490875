import { Card, Stack, Text, Title } from '@mantine/core';
import { type Cart, invoiceStatusOf, MESSAGES, SALES_ENDPOINTS, SALES_MESSAGES, type Sale } from '@oja/contract';
import { useState } from 'react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { DocumentButton } from '../../ui/document-button';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useMyRequests, useMySales } from './api';
import { InvoiceStatusBadge } from './invoice-status-badge';

const INVOICES_LIST = { filters: {} };

/**
 * /{slug}/customer/invoices: the customer's requests the shop has not confirmed yet (pending), then
 * their sales (pending until paid in full, paid, or cancelled), each with its invoice as a PDF.
 */
export default function CustomerInvoicesPage() {
  return (
    <Stack gap="lg">
      <Title order={2}>Invoices</Title>
      <Requests />
      <Sales />
    </Stack>
  );
}

function Requests() {
  const { business } = useBusinessContext();
  const [page, setPage] = useState(1);
  const requests = useMyRequests(business.id, page);
  const list = requests.data?.results ?? [];
  // Nothing to say while there are none: the sales below are the page.
  if (requests.data && requests.data.count === 0) return null;
  const columns: ResponsiveColumn<Cart>[] = [
    {
      header: 'Request',
      kind: 'main',
      cell: (cart) => (
        <Stack gap={0}>
          <Text fw={500}>{cart.title}</Text>
          <Text size="sm" c="dimmed">
            {cart.items.map((item) => `${item.product_name} × ${item.quantity}`).join(', ')}
          </Text>
        </Stack>
      ),
    },
    { header: 'Date', isNoWrap: true, cell: (cart) => formatDateTime(cart.created_at) },
    {
      header: 'Total',
      isNoWrap: true,
      cell: (cart) => formatMoney(cart.total_cart_amount, cart.currency ?? undefined),
    },
    {
      header: 'Status',
      cell: () => (
        <Stack gap={0} align="flex-start">
          <InvoiceStatusBadge status="pending" />
          <Text size="xs" c="dimmed">
            Requested: waiting for the shop
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Invoice',
      kind: 'actions',
      isHeaderHidden: true,
      cell: (cart) => (
        <DocumentButton
          entry={SALES_ENDPOINTS.getCartInvoice}
          input={{ business_id: business.id, id: cart.id }}
          name={`Download invoice for ${cart.title}`}
        />
      ),
    },
  ];
  return (
    <Card withBorder radius="md">
      <Title order={4} mb="xs">
        Requests
      </Title>
      {requests.isPending && <PageLoader />}
      {requests.isError && !requests.data && (
        <QueryError
          error={requests.error}
          fallback={SALES_MESSAGES.failedFetchRequests}
          onRetry={() => requests.refetch()}
        />
      )}
      {list.length > 0 && (
        <ResponsiveTable label="Requests" minWidth={620} columns={columns} rows={list} rowKey={(cart) => cart.id} />
      )}
      <Pager page={page} totalPages={requests.data?.total_pages ?? 1} onChange={setPage} />
    </Card>
  );
}

function Sales() {
  const { business } = useBusinessContext();
  const view = useListView(INVOICES_LIST);
  const sales = useMySales(business.id, { page: view.page });
  useKeepPageInRange(view, sales);
  const list = sales.data?.results ?? [];
  const columns: ResponsiveColumn<Sale>[] = [
    {
      header: 'Invoice',
      kind: 'main',
      cell: (sale) => (
        <Stack gap={0}>
          <Text fw={500}>Invoice #{sale.id}</Text>
          <Text size="sm" c="dimmed">
            {sale.items.map((item) => `${item.product.product_name} × ${item.quantity}`).join(', ')}
          </Text>
        </Stack>
      ),
    },
    { header: 'Date', isNoWrap: true, cell: (sale) => formatDateTime(sale.created_at) },
    { header: 'Total', isNoWrap: true, cell: (sale) => formatMoney(sale.total_cart_amount, sale.currency) },
    { header: 'Status', cell: (sale) => <InvoiceStatusBadge status={invoiceStatusOf(sale)} /> },
    {
      header: 'Download',
      kind: 'actions',
      isHeaderHidden: true,
      cell: (sale) => (
        <DocumentButton
          entry={SALES_ENDPOINTS.getInvoice}
          input={{ business_id: business.id, id: sale.id }}
          name={`Download invoice #${sale.id}`}
        />
      ),
    },
  ];
  return (
    <Card withBorder radius="md">
      <Title order={4} mb="xs">
        Sales
      </Title>
      {sales.isPending && <PageLoader />}
      {sales.isError && !sales.data && (
        <QueryError error={sales.error} fallback={MESSAGES.failed.fetchSales} onRetry={() => sales.refetch()} />
      )}
      {sales.data && list.length === 0 && (
        <Text c="dimmed">No invoices yet: what you buy from {business.name} shows here.</Text>
      )}
      {list.length > 0 && (
        <ResponsiveTable label="Invoices" minWidth={620} columns={columns} rows={list} rowKey={(sale) => sale.id} />
      )}
      <Pager page={view.page} totalPages={sales.data?.total_pages ?? 1} onChange={view.setPage} />
    </Card>
  );
}
