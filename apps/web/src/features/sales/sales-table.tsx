import { Anchor, Button, Table, Text } from '@mantine/core';
import { formatMoney, type Sale } from '@oja/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { PaymentStatusBadge } from './payment-status-badge';

/** The first product of a sale and how many others it has, as the spec's tables show it. */
export function saleProducts(sale: Sale): string {
  const [first] = sale.items;
  if (!first) return '—';
  return sale.items.length > 1
    ? `${first.product.product_name} +${sale.items.length - 1} more`
    : first.product.product_name;
}

const totalQuantity = (sale: Sale) => sale.items.reduce((sum, item) => sum + item.quantity, 0);

/** Sales: product, customer, qty, total, payment status, sold by, date, view. Scrolls sideways on a phone. */
export function SalesTable({ sales, slug }: { sales: readonly Sale[]; slug: string }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label="Sales">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Payment status</Table.Th>
            <Table.Th>Sold by</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.id}>
              <Table.Td fw={500}>
                {/* On a phone the View button is off to the right: the product opens the sale too. */}
                <Anchor component={Link} to={`/business/${slug}/sales/${sale.id}`} size="sm" fw={500} c="inherit">
                  {saleProducts(sale)}
                </Anchor>
              </Table.Td>
              <Table.Td>{sale.customer_name}</Table.Td>
              <Table.Td>{totalQuantity(sale)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(sale.total_cart_amount, sale.currency)}
                {sale.balance !== '0.00' && (
                  <Text size="xs" c="red">
                    Owes {formatMoney(sale.balance, sale.currency)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={sale.payment_status} />
              </Table.Td>
              <Table.Td>{sale.created_by_name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(sale.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={`/business/${slug}/sales/${sale.id}`}
                  size="compact-sm"
                  variant="light"
                  aria-label={`View sale ${sale.id}`}
                >
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
