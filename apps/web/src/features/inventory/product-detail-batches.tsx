import { ActionIcon, Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import { type Batch, EXPIRING_SOON_DAYS } from '@oja/contract';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { lagosToday } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import table from '../../ui/table.module.css';
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
    <div className={table.scroll} style={{ '--table-min-width': '300px' } as CSSProperties}>
      <table
        className={table.table}
        aria-label="Batches"
        style={{ '--table-horizontal-spacing': '8px' } as CSSProperties}
      >
        <thead>
          <tr>
            <th scope="col">Batch</th>
            <th scope="col">Qty</th>
            <th scope="col">Expires</th>
            {onAdjust && (
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => {
            const badge = EXPIRY_BADGES[batchExpiry(batch, today)];
            return (
              <tr key={batch.id}>
                <td style={{ overflowWrap: 'anywhere' }}>{batch.batch_number}</td>
                <td>{batch.quantity}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{batch.expiration_date ? formatDate(batch.expiration_date) : 'No expiry'}</Text>
                  {badge && (
                    <Badge color={badge.color} variant="light" size="sm" title={badge.title}>
                      {badge.label}
                    </Badge>
                  )}
                </td>
                {onAdjust && (
                  <td>
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
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
