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
import { CustomPeriodFields } from '../reports/custom-period-fields';
import { CUSTOM_PERIOD_PARAMS, PERIOD_LABELS, PERIODS, periodOf } from '../reports/periods';
import { useCustomPeriod } from '../reports/use-custom-period';
import { useBusinessUsers } from '../team/api';
import { useActivity } from './api';

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
  // The CEOs (the owner and co-CEOs) first, then the employees: everyone whose changes the log records.
  const staff = useBusinessUsers(business.id, { role: 'staff', status: 'all', search: '', page: 1 });
  const members = staff.data?.results.data.results ?? [];
  const view = useListView({
    filters: {
      kind: KIND_FILTER,
      member: ['all', ...members.map((member) => String(member.id))] as [string, ...string[]],
      period: PERIOD_FILTER,
    },
    keep: CUSTOM_PERIOD_PARAMS,
  });
  const { kind, member, period } = view.filters;
  const today = lagosToday();
  const [custom, changeCustom] = useCustomPeriod(today);
  const days = period === 'all' ? {} : period === 'custom' ? custom : periodOf(period, today);
  const log = useActivity(business.id, {
    page: view.page,
    kind: kind === 'all' ? undefined : kind,
    user_id: member === 'all' ? undefined : Number(member),
    ...days,
  });
  useKeepPageInRange(view, log);
  const isFiltered = kind !== 'all' || member !== 'all' || period !== 'all';

  return (
    <Stack gap="md">
      <Title order={2}>{ACTIVITY_MESSAGES.title}</Title>
      {/* The phone's own pickers: Mantine's Select would bring its dropdown's code to this page's first load. */}
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
        <NativeSelect
          label="Who"
          size="md"
          value={member}
          onChange={(event) => view.setFilter('member', event.currentTarget.value)}
          data={[
            { value: 'all', label: 'Everyone' },
            ...members.map((person) => ({
              value: String(person.id),
              label: `${person.first_name} ${person.last_name}`,
            })),
          ]}
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
