import { Badge, Table, Text } from '@mantine/core';
import { formatMoney, PAYMENT_STATUS_LABELS, type PaymentStatus, type RecentSale } from '@oja/contract';
import { formatDateTime } from '../../lib/format';

const STATUS_COLORS: Record<PaymentStatus, string> = { paid: 'teal', partial: 'yellow', not_paid: 'red' };

/** A sale's first item, as the spec's tables show it, with a hint when there are more. */
export function firstItem(sale: RecentSale): string {
  if (!sale.product_name) return '—';
  const more = sale.item_count > 1 ? ` +${sale.item_count - 1} more` : '';
  return `${sale.product_name} × ${sale.quantity ?? 0}${more}`;
}

/** Sales of the last 24 hours: product, customer, total, status, date (scrolls sideways on a phone). */
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
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Status</Table.Th>
            {showSeller && <Table.Th>Sold by</Table.Th>}
            <Table.Th>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.id}>
              <Table.Td>{firstItem(sale)}</Table.Td>
              <Table.Td>{sale.customer_name || 'Anonymous'}</Table.Td>
              <Table.Td>{formatMoney(sale.total_cart_amount, sale.currency)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[sale.payment_status]}>
                  {PAYMENT_STATUS_LABELS[sale.payment_status]}
                </Badge>
              </Table.Td>
              {showSeller && <Table.Td>{sale.sold_by}</Table.Td>}
              <Table.Td>{formatDateTime(sale.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
