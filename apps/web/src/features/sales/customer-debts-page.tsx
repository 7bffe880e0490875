import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEBT_STATUS_LABELS, type Debt, type OpenSale, SALES_ENDPOINTS, SALES_MESSAGES } from '@oja/contract';
import { IconCash } from '@tabler/icons-react';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { DocumentButton } from '../../ui/document-button';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { StatCard } from '../../ui/stat-card';
import { useMyDebts } from './api';

/** /{slug}/customer/debts: what the customer still owes, per currency, and the open sales it comes from. */
export default function CustomerDebtsPage() {
  const { business } = useBusinessContext();
  const debts = useMyDebts(business.id);
  return (
    <Stack gap="lg">
      <Title order={2}>Debts</Title>
      {debts.isPending && <PageLoader />}
      {debts.isError && (
        <QueryError error={debts.error} fallback={SALES_MESSAGES.failedFetchDebts} onRetry={() => debts.refetch()} />
      )}
      {debts.data && debts.data.length === 0 && <Text c="dimmed">You owe {business.name} nothing. Thank you!</Text>}
      {debts.data && debts.data.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {debts.data.map((debt) => (
              <StatCard
                key={debt.currency}
                label={debts.data.length > 1 ? `Total owed (${debt.currency})` : 'Total owed'}
                value={formatMoney(debt.total_owed, debt.currency)}
                hint={`${debt.open_sales.length} open ${debt.open_sales.length === 1 ? 'sale' : 'sales'}`}
                icon={<IconCash size={18} />}
              />
            ))}
          </SimpleGrid>
          {debts.data.map((debt) => (
            <OpenSales key={debt.currency} debt={debt} businessId={business.id} />
          ))}
        </>
      )}
    </Stack>
  );
}

function OpenSales({ debt, businessId }: { debt: Debt; businessId: number }) {
  const money = (amount: string) => formatMoney(amount, debt.currency);
  const columns: ResponsiveColumn<OpenSale>[] = [
    { header: 'Sale', kind: 'main', cellProps: { fw: 500 }, cell: (sale) => `Sale #${sale.id}` },
    { header: 'Date', isNoWrap: true, cell: (sale) => formatDateTime(sale.created_at) },
    { header: 'Total', isNoWrap: true, cell: (sale) => money(sale.total_cart_amount) },
    { header: 'Paid', isNoWrap: true, cell: (sale) => money(sale.amount_paid) },
    {
      header: 'Balance',
      isNoWrap: true,
      cell: (sale) => (
        <Text fw={700} size="sm">
          {money(sale.balance)}
        </Text>
      ),
    },
    {
      header: 'Status',
      cell: (sale) =>
        sale.payment_status === 'paid' ? null : (
          <Badge
            variant="light"
            color={sale.payment_status === 'partial' ? 'yellow' : 'red'}
            style={{ whiteSpace: 'nowrap' }}
          >
            {DEBT_STATUS_LABELS[sale.payment_status]}
          </Badge>
        ),
    },
    {
      header: 'Invoice',
      kind: 'actions',
      isHeaderHidden: true,
      cell: (sale) => (
        <DocumentButton
          entry={SALES_ENDPOINTS.getInvoice}
          input={{ business_id: businessId, id: sale.id }}
          name={`Download invoice for sale #${sale.id}`}
        />
      ),
    },
  ];
  return (
    <Card withBorder radius="md">
      <ResponsiveTable
        label={`Open sales (${debt.currency})`}
        minWidth={680}
        columns={columns}
        rows={debt.open_sales}
        rowKey={(sale) => sale.id}
      />
    </Card>
  );
}
