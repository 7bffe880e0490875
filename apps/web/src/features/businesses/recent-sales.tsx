import { Button, Card, Group, Text, Title } from '@mantine/core';
import { formatMoney, type RecentSale } from '@oja/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { PaymentStatusBadge } from '../../ui/payment-status-badge';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';

/** A sale's first item, as the spec's tables show it, with a hint when there are more. */
function firstItem(sale: RecentSale): string {
  if (!sale.product_name) return '—';
  const more = sale.item_count > 1 ? ` +${sale.item_count - 1} more` : '';
  return `${sale.product_name} × ${sale.quantity ?? 0}${more}`;
}

const columns = (showSeller: boolean): ResponsiveColumn<RecentSale>[] => [
  { header: 'Product', kind: 'main', cell: firstItem },
  { header: 'Customer', cell: (sale) => sale.customer_name || 'Anonymous' },
  { header: 'Total', isNoWrap: true, cell: (sale) => formatMoney(sale.total_cart_amount, sale.currency) },
  { header: 'Status', cell: (sale) => <PaymentStatusBadge status={sale.payment_status} /> },
  ...(showSeller ? [{ header: 'Sold by', cell: (sale: RecentSale) => sale.sold_by }] : []),
  { header: 'Date', isNoWrap: true, cell: (sale) => formatDateTime(sale.created_at) },
];

/** Sales of the last 24 hours: product, customer, total, status, date (a card per sale on a phone). */
export function RecentSalesTable({
  sales,
  emptyText,
  showSeller = false,
}: {
  sales: readonly RecentSale[];
  emptyText: string;
  showSeller?: boolean;
}) {
  if (sales.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <ResponsiveTable
      label="Recent sales"
      minWidth={560}
      columns={columns(showSeller)}
      rows={sales}
      rowKey={(sale) => sale.id}
    />
  );
}

/** The "Recent Sales (Last 24 Hours)" block of the home pages, with its link to every sale. */
export function RecentSalesCard({
  sales,
  allSalesTo,
  showSeller = false,
}: {
  sales: readonly RecentSale[];
  allSalesTo: string;
  showSeller?: boolean;
}) {
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Recent Sales (Last 24 Hours)</Title>
        <Button component={Link} to={allSalesTo} variant="subtle" size="compact-sm" mih={40}>
          View All Sales
        </Button>
      </Group>
      <RecentSalesTable sales={sales} emptyText="No sales in the last 24 hours." showSeller={showSeller} />
    </Card>
  );
}
