import { NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_MESSAGES,
  type ActivityEntry,
  activitySentence,
  lagosToday,
} from '@oja/contract';
import { formatDateTime } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { ResponsiveTable } from '../../ui/responsive-table';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useSearchParamsUpdate } from '../../ui/use-search-params-update';
import { CustomPeriodFields } from '../reports/custom-period-fields';
import { CUSTOM_PERIOD_PARAMS, PERIOD_LABELS, PERIODS, periodOf } from '../reports/periods';
import { useCustomPeriod } from '../reports/use-custom-period';
import { useActivity } from './api';
import { MemberFilter, memberParam, withMember } from './lazy-member-filter';

const KIND_FILTER = ['all', ...ACTIVITY_KINDS] as const;
const PERIOD_FILTER = ['all', ...PERIODS, 'custom'] as const;

/**
 * /business/{slug}/activity: who changed what, newest first, each entry in words. Kind, member, period and page
 * live in the URL as every list's do; the server filters and pages.
 */
export default function ActivityPage() {
  return (
    <RequirePermission permission="activity.view">
      <ActivityLog />
    </RequirePermission>
  );
}

function ActivityLog() {
  const { business } = useBusinessContext();
  const view = useListView({
    filters: { kind: KIND_FILTER, period: PERIOD_FILTER },
    // The member is any of the business's (a search on the server finds them): kept in the address beside the
    // filters, by id, rather than among a list of the ids one page of the team holds.
    keep: [...CUSTOM_PERIOD_PARAMS, 'member'],
  });
  const [params, update] = useSearchParamsUpdate();
  const member = memberParam(params.get('member'));
  const { kind, period } = view.filters;
  const today = lagosToday();
  const [custom, changeCustom] = useCustomPeriod(today);
  const days = period === 'all' ? {} : period === 'custom' ? custom : periodOf(period, today);
  const log = useActivity(business.id, {
    page: view.page,
    kind: kind === 'all' ? undefined : kind,
    user_id: member ? Number(member) : undefined,
    ...days,
  });
  useKeepPageInRange(view, log);
  const isFiltered = kind !== 'all' || member !== '' || period !== 'all';

  return (
    <Stack gap="md">
      <Title order={2}>{ACTIVITY_MESSAGES.title}</Title>
      {/* The phone's own pickers, and the member's loaded after the page: Mantine's Select would bring its
          dropdown's code to this page's first load. */}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NativeSelect
          label="What"
          size="md"
          value={kind}
          onChange={(event) => view.setFilter('kind', event.currentTarget.value)}
          data={KIND_FILTER.map((value) => ({
            value,
            label: value === 'all' ? 'Everything' : ACTIVITY_KIND_LABELS[value],
          }))}
        />
        <MemberFilter
          businessId={business.id}
          among="staff"
          label="Who"
          value={member}
          chosenName={member ? log.data?.results[0]?.actor.name : undefined}
          onChange={(next) => update((current) => withMember(current, next))}
        />
        <NativeSelect
          label="When"
          size="md"
          value={period}
          onChange={(event) => view.setFilter('period', event.currentTarget.value)}
          data={PERIOD_FILTER.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
        />
      </SimpleGrid>
      {period === 'custom' && <CustomPeriodFields period={custom} today={today} onChange={changeCustom} />}

      {log.isPending && <PageLoader />}
      {log.isError && (
        <QueryError error={log.error} fallback={ACTIVITY_MESSAGES.failedFetch} onRetry={() => log.refetch()} />
      )}
      {log.data &&
        (log.data.results.length === 0 ? (
          <Text c="dimmed" py="md">
            {isFiltered ? ACTIVITY_MESSAGES.noMatches : ACTIVITY_MESSAGES.empty}
          </Text>
        ) : (
          <ResponsiveTable<ActivityEntry>
            label="Activity"
            minWidth={640}
            rows={log.data.results}
            rowKey={(entry) => entry.id}
            columns={[
              {
                header: 'What happened',
                kind: 'main',
                cell: (entry) => <Text fw={500}>{activitySentence(entry)}</Text>,
              },
              { header: 'When', isNoWrap: true, cell: (entry) => formatDateTime(entry.at) },
              { header: 'Kind', cell: (entry) => ACTIVITY_KIND_LABELS[entry.kind] },
            ]}
          />
        ))}
      {log.data && <Pager page={view.page} totalPages={log.data.total_pages} onChange={view.setPage} />}
    </Stack>
  );
}
