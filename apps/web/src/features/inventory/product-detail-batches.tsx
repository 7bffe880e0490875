import { ActionIcon, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { type Batch, EXPIRING_SOON_DAYS } from '@oja/contract';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lagosToday } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import { type BatchExpiry, batchExpiry } from './product-detail-status';

const EXPIRY_BADGES: Partial<Record<BatchExpiry, { label: string; color: string; title: string }>> = {
  expired: { label: 'Expired', color: 'red', title: 'Past its expiry date: not counted in stock, not sold.' },
  expiring_soon: {
    label: 'Expiring soon',
    color: 'orange',
    title: `Expires within ${EXPIRING_SOON_DAYS} days.`,
  },
};

/** A product's batches in the server's order: soonest expiry first, no expiry last. */
export function BatchesTable({ batches, onAdjust }: { batches: Batch[]; onAdjust?: (batch: Batch) => void }) {
  if (batches.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No batches yet.
      </Text>
    );
  }
  const today = lagosToday();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped verticalSpacing="xs" horizontalSpacing={8} aria-label="Batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Expires</Table.Th>
            {onAdjust && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => {
            const badge = EXPIRY_BADGES[batchExpiry(batch, today)];
            return (
              <Table.Tr key={batch.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{batch.batch_number}</Table.Td>
                <Table.Td>{batch.quantity}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{batch.expiration_date ? formatDate(batch.expiration_date) : 'No expiry'}</Text>
                  {badge && (
                    <Badge color={badge.color} variant="light" size="sm" title={badge.title}>
                      {badge.label}
                    </Badge>
                  )}
                </Table.Td>
                {onAdjust && (
                  <Table.Td>
                    {/* A phone gets the icon alone, so the table fits 360 px without scrolling. */}
                    <Button
                      size="compact-sm"
                      variant="default"
                      visibleFrom="xs"
                      aria-label={`Adjust batch ${batch.batch_number}`}
                      onClick={() => onAdjust(batch)}
                    >
                      Adjust
                    </Button>
                    {/* 40 px: a thumb's tap target on a phone. */}
                    <ActionIcon
                      variant="default"
                      size={40}
                      hiddenFrom="xs"
                      aria-label={`Adjust batch ${batch.batch_number}`}
                      onClick={() => onAdjust(batch)}
                    >
                      <IconAdjustmentsHorizontal size={20} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
