import { ActionIcon, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { type Cart, formatMoney } from '@oja/contract';
import { IconCashRegister, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';

/** Carts: title, customer, items with quantity, total, date; edit, confirm sale, delete. Scrolls sideways on a phone. */
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
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped verticalSpacing="xs" aria-label="Carts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {carts.map((cart) => (
            <Table.Tr key={cart.id}>
              <Table.Td fw={500}>{cart.title}</Table.Td>
              <Table.Td>{cart.customer_name}</Table.Td>
              <Table.Td>
                {cart.items.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No items
                  </Text>
                ) : (
                  <Stack gap={0}>
                    {cart.items.map((item) => (
                      <Text key={item.id} size="sm" c={item.quantity > item.quantity_in_stock ? 'red' : undefined}>
                        {item.product_name} × {item.quantity}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(cart.total_cart_amount, cart.currency ?? undefined)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(cart.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon variant="subtle" aria-label={`Edit ${cart.title}`} onClick={() => onEdit(cart)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {canConfirm && (
                    <Tooltip label="Confirm sale">
                      <ActionIcon
                        variant="subtle"
                        color="teal"
                        aria-label={`Confirm sale of ${cart.title}`}
                        disabled={cart.items.length === 0}
                        onClick={() => onConfirm(cart)}
                      >
                        <IconCashRegister size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${cart.title}`}
                      onClick={() => onDelete(cart)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
