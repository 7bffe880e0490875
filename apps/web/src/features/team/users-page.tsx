import { Button, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES, TEAM_MESSAGES, USER_ROLE_FILTERS, USER_STATUS_FILTERS, type User } from '@oja/contract';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
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
import { useBusinessUsers, useDeleteBusinessUsers, useUpdateBusinessUser } from './api';
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
    if (users.error)
      notify.error(MESSAGES.toast.fetchUsers(errorMessage(users.error, MESSAGES.failed.fetchBusinessUsers)));
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
            <UserCard key={user.id} user={user} isBusy={actions.busyId === user.id} actions={actions} />
          ))}
        </SimpleGrid>
      )}
      <Pager page={view.page} totalPages={users.data?.total_pages ?? 1} onChange={view.setPage} />

      <DismissibleTip tipId="team">{TEAM_MESSAGES.tip}</DismissibleTip>
      <EditUserModal businessId={business.id} user={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** Activate, Edit, Copy details and Delete, with the spec's toasts and confirm. */
function useUserActions(businessId: number, edit: (user: User) => void): UserActions & { busyId: number | null } {
  const update = useUpdateBusinessUser(businessId);
  const remove = useDeleteBusinessUsers(businessId);
  const [busyId, setBusyId] = useState<number | null>(null);

  const onActivate = async (user: User) => {
    setBusyId(user.id);
    try {
      const answer = await update.mutateAsync({ user_id: user.id, is_active: true });
      notify.success(answer.description || MESSAGES.team.userActivated);
    } catch (error) {
      notify.error(MESSAGES.toast.activateUser(errorMessage(error, MESSAGES.failed.updateUser)));
    } finally {
      setBusyId(null);
    }
  };

  const onCopy = async (user: User) => {
    try {
      await navigator.clipboard.writeText(userDetails(user));
      notify.copied(MESSAGES.team.userDetailsCopied);
    } catch {
      notify.error(MESSAGES.team.userDetailsCopyFailed);
    }
  };

  const onDelete = (user: User) =>
    openConfirm({
      title: 'Delete user',
      centered: true,
      children: <Text size="sm">{MESSAGES.team.deleteConfirm(user.first_name, user.last_name)}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync([user.id]);
          notify.success(MESSAGES.team.userDeleted);
        } catch (error) {
          notify.error(MESSAGES.toast.deleteUser(errorMessage(error, MESSAGES.failed.deleteUsers)));
        }
      },
    });

  return { onActivate, onEdit: edit, onCopy, onDelete, busyId };
}
