import { Button, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES, TEAM_MESSAGES, USER_ROLE_FILTERS, USER_STATUS_FILTERS, type User } from '@oja/contract';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isOffline, withReason } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { openConfirm } from '../../ui/confirm';
import { DismissibleTip } from '../../ui/dismissible-tip';
import { loadOnOpen } from '../../ui/load-on-open';
import { PageLoader } from '../../ui/page-loader';
import { Pager } from '../../ui/pager';
import { QueryError } from '../../ui/query-error';
import { useKeepPageInRange, useListView } from '../../ui/use-list-view';
import { useActivateBusinessUser, useBusinessUsers, useDeleteBusinessUsers, useTeamChanged } from './api';
import { InviteLinks } from './invite-links';
import { type UserActions, UserCard, userDetails } from './user-card';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const EditUserModal = loadOnOpen(
  () => import('./edit-user-modal').then((module) => module.EditUserModal),
  (props) => props.user !== null,
);

/** The user list in the URL: ?role=customers&status=inactive&search=musa&page=2. */
const USERS_LIST = { filters: { role: USER_ROLE_FILTERS, status: USER_STATUS_FILTERS } };

/** /business/{slug}/users: the spec's User management screen. */
export default function UsersPage() {
  return (
    <RequirePermission permission="team.manage">
      <UserManagement />
    </RequirePermission>
  );
}

function UserManagement() {
  const { business } = useBusinessContext();
  // Role, status, search and page live in the URL; changing a filter or the search starts again at page 1.
  const view = useListView(USERS_LIST);
  const { role, status } = view.filters;
  const users = useBusinessUsers(business.id, { role, status, search: view.search, page: view.page });
  const [editing, setEditing] = useState<User | null>(null);
  const actions = useUserActions(business.id, setEditing);

  useEffect(() => {
    if (users.error && !isOffline(users.error))
      notify.error(
        errorMessage(withReason(users.error, MESSAGES.toast.fetchUsers), MESSAGES.failed.fetchBusinessUsers),
      );
  }, [users.error]);

  // Deleting the last member of the last page: step back to the page that now is the last.
  useKeepPageInRange(view, users);

  const list = users.data?.results.data.results ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>User Management</Title>
          <Text c="dimmed">Manage your team for {business.name}</Text>
        </div>
        <Button
          component={Link}
          to={`/business/${business.slug}`}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to Business
        </Button>
      </Group>

      <InviteLinks slug={business.slug} />

      <Stack gap="xs">
        <Tabs value={role} onChange={(value) => view.setFilter('role', value)}>
          <Tabs.List aria-label="Role">
            <Tabs.Tab value="all">All</Tabs.Tab>
            <Tabs.Tab value="customers">Customers</Tabs.Tab>
            <Tabs.Tab value="employees">Employees</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Tabs value={status} onChange={(value) => view.setFilter('status', value)} variant="pills">
          <Tabs.List aria-label="Status">
            <Tabs.Tab value="all">All</Tabs.Tab>
            <Tabs.Tab value="active">Active</Tabs.Tab>
            <Tabs.Tab value="inactive">Inactive</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <TextInput
          label="Search Users"
          placeholder="Search name, email, or username..."
          leftSection={<IconSearch size={16} />}
          type="search"
          {...view.searchBox}
        />
      </Stack>

      {users.isPending && <PageLoader label="Loading users..." />}
      {users.isError && !users.data && (
        <QueryError error={users.error} fallback={MESSAGES.failed.fetchBusinessUsers} onRetry={() => users.refetch()} />
      )}
      {users.data && list.length === 0 && <Text c="dimmed">{MESSAGES.team.noUsers}</Text>}
      {list.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
          {list.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              busyWith={actions.running?.userId === user.id ? actions.running.action : null}
              isLocked={actions.running !== null}
              actions={actions}
            />
          ))}
        </SimpleGrid>
      )}
      <Pager page={view.page} totalPages={users.data?.total_pages ?? 1} onChange={view.setPage} />

      <DismissibleTip tipId="team">{TEAM_MESSAGES.tip}</DismissibleTip>
      <EditUserModal businessId={business.id} user={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/**
 * How long an activated member's card stays where it was before the list is asked again (and, under the
 * Inactive filter, the card leaves it): longer than the gap between the two taps of a double tap (about
 * 250 ms on a phone), so that the second tap meets this card, not the next member's Activate.
 */
const CARD_SETTLE_MS = 600;

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

type Running = { userId: number; action: 'activate' | 'delete' };

/**
 * Activate, Edit, Copy details and Delete, with the spec's toasts and confirm. One at a time: while an
 * action's request runs (and an activated card settles), the list's actions are disabled and taps on
 * them ignored, so that a double tap, or a tap on the card that moved under the thumb, does nothing more.
 */
function useUserActions(businessId: number, edit: (user: User) => void): UserActions & { running: Running | null } {
  const activate = useActivateBusinessUser(businessId);
  const remove = useDeleteBusinessUsers(businessId);
  const teamChanged = useTeamChanged(businessId);
  const [running, setRunning] = useState<Running | null>(null);
  // Read at the tap itself: a second tap can come before React has drawn the disabled buttons.
  const isRunning = useRef(false);

  const exclusively = async (next: Running, action: () => Promise<void>) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setRunning(next);
    try {
      await action();
    } finally {
      isRunning.current = false;
      setRunning(null);
    }
  };

  const onActivate = (user: User) =>
    exclusively({ userId: user.id, action: 'activate' }, async () => {
      try {
        const answer = await activate.mutateAsync(user.id);
        notify.success(answer.description || MESSAGES.team.userActivated);
      } catch (error) {
        notify.error(errorMessage(withReason(error, MESSAGES.toast.activateUser), MESSAGES.failed.updateUser));
        return;
      }
      // The card now reads Active where it was; the list is asked again (and, under the Inactive filter,
      // loses it) once a double tap's second tap has landed on it.
      await pause(CARD_SETTLE_MS);
      await teamChanged();
    });

  const onEdit = (user: User) => {
    if (!isRunning.current) edit(user);
  };

  const onCopy = async (user: User) => {
    if (isRunning.current) return;
    try {
      await navigator.clipboard.writeText(userDetails(user));
      notify.copied(MESSAGES.team.userDetailsCopied);
    } catch {
      notify.error(MESSAGES.team.userDetailsCopyFailed);
    }
  };

  const onDelete = (user: User) => {
    if (isRunning.current) return;
    openConfirm({
      title: 'Delete user',
      centered: true,
      children: <Text size="sm">{MESSAGES.team.deleteConfirm(user.first_name, user.last_name)}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        exclusively({ userId: user.id, action: 'delete' }, async () => {
          try {
            await remove.mutateAsync([user.id]);
            notify.success(MESSAGES.team.userDeleted);
          } catch (error) {
            notify.error(errorMessage(withReason(error, MESSAGES.toast.deleteUser), MESSAGES.failed.deleteUsers));
          }
        }),
    });
  };

  return { onActivate, onEdit, onCopy, onDelete, running };
}
