import { Center, Group, Loader, Text } from '@mantine/core';
import { PRICING_MESSAGES, type PriceHistoryEntry } from '@oja/contract';
import { useState } from 'react';
import { formatDateTime, formatMoney, fullName } from '../../lib/format';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { usePriceHistory } from './pricing-api';

/** A product's price changes, newest first: old and new prices, who, when, and the bulk change it was part of. */
export function PriceHistory({
  businessId,
  productId,
  currency,
}: {
  businessId: number;
  productId: number;
  currency: string;
}) {
  const [page, setPage] = useState(1);
  const history = usePriceHistory(businessId, productId, page);
  if (history.isPending) {
    return (
      <Center py="md">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading price history...</Text>
        </Group>
      </Center>
    );
  }
  if (history.isError) {
    return (
      <QueryError error={history.error} fallback={PRICING_MESSAGES.failed.history} onRetry={() => history.refetch()} />
    );
  }
  const { results, total_pages } = history.data;
  if (results.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {PRICING_MESSAGES.noHistory}
      </Text>
    );
  }
  const money = (amount: string) => formatMoney(amount, currency);
  const move = (from: string | null, to: string | null) =>
    from === to ? null : `${from === null ? 'none' : money(from)} → ${to === null ? 'none' : money(to)}`;
  const columns: ResponsiveColumn<PriceHistoryEntry>[] = [
    { header: 'Time', kind: 'main', cellProps: { miw: 96 }, cell: (entry) => formatDateTime(entry.created_at) },
    { header: 'Retail', cell: (entry) => move(entry.old_selling_price, entry.new_selling_price) ?? '—' },
    { header: 'Wholesale', cell: (entry) => move(entry.old_wholesale_price, entry.new_wholesale_price) ?? '—' },
    {
      header: 'How',
      cell: (entry) =>
        entry.repricing_id === null
          ? 'Edited'
          : entry.is_undo
            ? `Undo of price change #${entry.repricing_id}`
            : `Price change #${entry.repricing_id}`,
    },
    { header: 'By', cell: (entry) => (entry.user ? fullName(entry.user) : '—') },
  ];
  return (
    <>
      <ResponsiveTable
        label="Price history"
        minWidth={560}
        columns={columns}
        rows={results}
        rowKey={(entry) => entry.id}
      />
      <Pager page={page} totalPages={total_pages} onChange={setPage} />
    </>
  );
}
