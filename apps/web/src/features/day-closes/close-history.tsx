import { Stack, Text } from '@mantine/core';
import { DAY_CLOSE_MESSAGES, type DayClose } from '@oja/contract';
import { useEffect } from 'react';
import { useBusinessContext } from '../../shell/business-context';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useDayCloses } from './api';
import { DayCloseCard } from './day-close-card';

/** The closes of the caller (the server keeps anyone but the CEO to their own). */
export function History({
  onPrint,
  userId,
  onCloserName,
}: {
  onPrint(close: DayClose): void;
  userId?: number;
  /** The name on the member's closes, for the filter to show a member chosen by the address. */
  onCloserName?(name: string | undefined): void;
}) {
  const { business } = useBusinessContext();
  const view = useListView({ filters: {}, keep: ['member'] });
  const list = useDayCloses(business.id, { page: view.page, user_id: userId });
  useKeepPageInRange(view, list);
  const closerName = userId
    ? list.data?.results.find((close) => close.closed_by === userId)?.closed_by_name
    : undefined;
  useEffect(() => onCloserName?.(closerName), [closerName, onCloserName]);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Stack gap="sm">
      {list.data.results.length === 0 && <Text c="dimmed">{DAY_CLOSE_MESSAGES.noCloses}</Text>}
      {list.data.results.map((close) => (
        <DayCloseCard key={close.id} close={close} business={business} onPrint={onPrint} />
      ))}
      <Pager page={view.page} totalPages={list.data.total_pages} onChange={view.setPage} />
    </Stack>
  );
}
