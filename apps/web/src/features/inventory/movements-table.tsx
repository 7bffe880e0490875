import { Anchor, Center, Group, Loader, Table, Text } from '@mantine/core';
import { STOCK_MESSAGES, STOCK_MOVEMENT_REASON_LABELS, type StockMovement } from '@oja/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, fullName } from '../../lib/format';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
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

export function MovementsTable({ movements, slug }: { movements: StockMovement[]; slug: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="Stock movements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Batch</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Sale</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((movement) => (
            <Table.Tr key={movement.id}>
              {/* Wraps after the date on a phone, so the change and its reason stay in view. */}
              <Table.Td style={{ minWidth: 96 }}>{formatDateTime(movement.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={movement.delta > 0 ? 'teal.8' : 'red.8'} style={{ whiteSpace: 'nowrap' }}>
                  {formatDelta(movement.delta)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{STOCK_MOVEMENT_REASON_LABELS[movement.reason]}</Text>
                {movement.note && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {movement.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{movement.batch_number}</Table.Td>
              <Table.Td>{movement.user ? fullName(movement.user) : '—'}</Table.Td>
              <Table.Td>
                {movement.sale_id === null ? (
                  '—'
                ) : (
                  <Anchor component={Link} to={`/business/${slug}/sales/${movement.sale_id}`} size="sm">
                    Sale #{movement.sale_id}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
