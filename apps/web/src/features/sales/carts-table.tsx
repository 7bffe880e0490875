import { Badge, Group, Stack, Text } from '@mantine/core';
import { type Cart, formatMoney, SALES_MESSAGES } from '@oja/contract';
import { IconCashRegister, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { RowActions } from '../../ui/row-actions';

/** Carts: title, customer, items with quantity, total, date; edit, confirm sale, delete. A card a cart on a phone. */
export function CartsTable({
  carts,
  canConfirm,
  onEdit,
  onConfirm,
  onDelete,
}: {
  carts: readonly Cart[];
  canConfirm: boolean;
  onEdit(cart: Cart): void;
  onConfirm(cart: Cart): void;
  onDelete(cart: Cart): void;
}) {
  const columns: ResponsiveColumn<Cart>[] = [
    {
      header: 'Title',
      kind: 'main',
      cellProps: { fw: 500 },
      cell: (cart) => (
        <Group gap="xs">
          {cart.title}
          {cart.is_customer_request && (
            <Badge variant="light" color="grape" tt="none">
              {SALES_MESSAGES.customerRequest}
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Customer', cell: (cart) => cart.customer_name },
    { header: 'Items', cell: (cart) => <CartItems cart={cart} /> },
    {
      header: 'Total',
      isNoWrap: true,
      cell: (cart) => formatMoney(cart.total_cart_amount, cart.currency ?? undefined),
    },
    { header: 'Date', isNoWrap: true, cell: (cart) => formatDateTime(cart.created_at) },
    {
      header: 'Actions',
      kind: 'actions',
      cell: (cart) => (
        <RowActions
          actions={[
            {
              label: 'Edit',
              name: `Edit ${cart.title}`,
              icon: <IconPencil size={18} />,
              onClick: () => onEdit(cart),
            },
            ...(canConfirm
              ? [
                  {
                    label: 'Confirm sale',
                    name: `Confirm sale of ${cart.title}`,
                    icon: <IconCashRegister size={18} />,
                    color: 'teal',
                    isDisabled: cart.items.length === 0,
                    onClick: () => onConfirm(cart),
                  },
                ]
              : []),
            {
              label: 'Delete',
              name: `Delete ${cart.title}`,
              icon: <IconTrash size={18} />,
              color: 'red',
              onClick: () => onDelete(cart),
            },
          ]}
        />
      ),
    },
  ];
  return <ResponsiveTable label="Carts" minWidth={680} columns={columns} rows={carts} rowKey={(cart) => cart.id} />;
}

/** Each product with its quantity; red where the cart asks for more than is in stock. */
function CartItems({ cart }: { cart: Cart }) {
  if (cart.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No items
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {cart.items.map((item) => (
        <Text key={item.id} size="sm" c={item.quantity > item.quantity_in_stock ? 'red' : undefined}>
          {item.product_name} × {item.quantity}
        </Text>
      ))}
    </Stack>
  );
}
