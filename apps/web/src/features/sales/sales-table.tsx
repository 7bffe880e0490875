import { Anchor, Group, Text } from '@mantine/core';
import { formatMoney, type Sale } from '@oja/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { RowActions } from '../../ui/row-actions';
import { DebtShareButton } from './debt-share-button';
import { useSaleBackState } from './sale-back';
import { SaleStatusBadge } from './sale-status-badge';

/** The first product of a sale and how many others it has, as the spec's tables show it. */
function saleProducts(sale: Sale): string {
  const [first] = sale.items;
  if (!first) return '—';
  return sale.items.length > 1
    ? `${first.product.product_name} +${sale.items.length - 1} more`
    : first.product.product_name;
}

const totalQuantity = (sale: Sale) => sale.items.reduce((sum, item) => sum + item.quantity, 0);

/** Sales: product, customer, qty, total, payment status, sold by, date, view. A card a sale on a phone. */
export function SalesTable({ sales, slug }: { sales: readonly Sale[]; slug: string }) {
  // A sale opens on the business's sale page, whose Back returns to this list as it is (the employee area's too).
  const saleLink = (sale: Sale) => `/business/${slug}/sales/${sale.id}`;
  const linkState = useSaleBackState('Back to sales');
  const columns: ResponsiveColumn<Sale>[] = [
    {
      header: 'Product',
      kind: 'main',
      cellProps: { fw: 500 },
      cell: (sale) => (
        <Anchor component={Link} to={saleLink(sale)} state={linkState} size="sm" fw={500} c="inherit">
          {saleProducts(sale)}
        </Anchor>
      ),
    },
    { header: 'Customer', cell: (sale) => sale.customer_name },
    { header: 'Qty', cell: totalQuantity },
    {
      header: 'Total',
      isNoWrap: true,
      cell: (sale) => (
        <>
          {formatMoney(sale.total_cart_amount, sale.currency)}
          {sale.balance !== '0.00' && sale.status === 'active' && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="red">
                Owes {formatMoney(sale.balance, sale.currency)}
              </Text>
              <DebtShareButton sale={sale} />
            </Group>
          )}
        </>
      ),
    },
    { header: 'Payment status', cell: (sale) => <SaleStatusBadge sale={sale} /> },
    { header: 'Sold by', cell: (sale) => sale.created_by_name },
    { header: 'Date', isNoWrap: true, cell: (sale) => formatDateTime(sale.created_at) },
    {
      header: 'Actions',
      isHeaderHidden: true,
      kind: 'actions',
      cell: (sale) => (
        <RowActions actions={[{ label: 'View', name: `View sale ${sale.id}`, to: saleLink(sale), state: linkState }]} />
      ),
    },
  ];
  return <ResponsiveTable label="Sales" minWidth={760} columns={columns} rows={sales} rowKey={(sale) => sale.id} />;
}
