import { Anchor, Center, Group, Loader, Text } from '@mantine/core';
import { STOCK_MESSAGES, STOCK_MOVEMENT_REASON_LABELS, type StockMovement } from '@oja/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, fullName } from '../../lib/format';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useSaleBackState } from '../sales/sale-back';
import { useStockMovements } from './detail-api';
import { formatDelta } from './product-detail-status';

/** A product's stock history, newest first, a page at a time. */
export function MovementsHistory({
  businessId,
  productId,
  slug,
}: {
  businessId: number;
  productId: number;
  slug: string;
}) {
  const [page, setPage] = useState(1);
  const movements = useStockMovements(businessId, productId, page);

  if (movements.isPending) {
    return (
      <Center py="md">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading stock movements...</Text>
        </Group>
      </Center>
    );
  }
  if (movements.isError) {
    return (
      <QueryError
        error={movements.error}
        fallback={STOCK_MESSAGES.failed.fetchMovements}
        onRetry={() => movements.refetch()}
      />
    );
  }
  const { results, total_pages } = movements.data;
  if (results.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {STOCK_MESSAGES.noMovements}
      </Text>
    );
  }
  return (
    <>
      <MovementsTable movements={results} slug={slug} />
      <Pager page={page} totalPages={total_pages} onChange={setPage} />
    </>
  );
}

function MovementsTable({ movements, slug }: { movements: StockMovement[]; slug: string }) {
  const linkState = useSaleBackState('Back to the product');
  const columns: ResponsiveColumn<StockMovement>[] = [
    // Wraps after the date in a narrow table, so the change and its reason stay in view.
    { header: 'Time', kind: 'main', cellProps: { miw: 96 }, cell: (movement) => formatDateTime(movement.created_at) },
    {
      header: 'Change',
      cell: (movement) => (
        <Text size="sm" fw={600} c={movement.delta > 0 ? 'teal.8' : 'red.8'} style={{ whiteSpace: 'nowrap' }}>
          {formatDelta(movement.delta)}
        </Text>
      ),
    },
    {
      header: 'Reason',
      cell: (movement) => (
        <>
          <Text size="sm">{STOCK_MOVEMENT_REASON_LABELS[movement.reason]}</Text>
          {movement.note && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {movement.note}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Batch', cellProps: { style: { overflowWrap: 'anywhere' } }, cell: (movement) => movement.batch_number },
    { header: 'By', cell: (movement) => (movement.user ? fullName(movement.user) : '—') },
    {
      header: 'Sale',
      cell: (movement) =>
        movement.sale_id === null ? (
          '—'
        ) : (
          <Anchor component={Link} to={`/business/${slug}/sales/${movement.sale_id}`} state={linkState} size="sm">
            Sale #{movement.sale_id}
          </Anchor>
        ),
    },
  ];
  return (
    <ResponsiveTable
      label="Stock movements"
      minWidth={560}
      columns={columns}
      rows={movements}
      rowKey={(movement) => movement.id}
    />
  );
}
