import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { roleDisplay, TEAM_MESSAGES, type User } from '@oja/contract';
import { IconCheck, IconCopy, IconEdit, IconTrash } from '@tabler/icons-react';
import { fullName } from '../../lib/format';

export type UserActions = {
  onActivate(user: User): void;
  onEdit(user: User): void;
  onCopy(user: User): void;
  onDelete(user: User): void;
};

/**
 * One member: name, CEO badge, username, role, status, and what the owner may do with them. `busyWith` is
 * the action of this card under way; `isLocked`, that one of the list's is (its buttons are then disabled).
 */
export function UserCard({
  user,
  busyWith,
  isLocked,
  actions,
}: {
  user: User;
  busyWith: 'activate' | 'delete' | null;
  isLocked: boolean;
  actions: UserActions;
}) {
  const isCeo = user.role === 'ceo';
  // Just activated, the card keeps its button (as "Activated") until the list is asked again: the buttons
  // beside it do not slide under the thumb that tapped it.
  const hasActivateButton = !isCeo && (!user.is_active || busyWith === 'activate');
  // Joined by a link that named no role: they can do nothing until the CEO chooses one (Edit).
  const isWithoutRole = user.role === 'user';
  return (
    <Card withBorder radius="md" padding="md" aria-label={fullName(user)}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {/* A name of 100 letters without a space breaks inside the card, not under the status badge. */}
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {fullName(user)}
            </Text>
            {isCeo && (
              <Badge size="sm" color="grape">
                CEO
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Username: {user.username}
          </Text>
          {isWithoutRole ? (
            <Group gap={6}>
              <Text size="sm">Role:</Text>
              <Badge size="sm" color="yellow" variant="light">
                Waiting for a role
              </Badge>
            </Group>
          ) : (
            <Text size="sm" tt="capitalize">
              Role: {roleDisplay(user.role)}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color={user.is_active ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
          {user.is_active ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      {isWithoutRole && (
        <Text size="xs" c="dimmed" mt={4}>
          {TEAM_MESSAGES.noRoleYet}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        {hasActivateButton && (
          <Button
            size="compact-sm"
            // Small so two share a line at 360 px, but a thumb's height.
            mih={40}
            leftSection={<IconCheck size={14} />}
            loading={busyWith === 'activate' && !user.is_active}
            disabled={isLocked}
            onClick={() => actions.onActivate(user)}
          >
            {user.is_active ? 'Activated' : 'Activate'}
          </Button>
        )}
        {!isCeo && (
          <Button
            size="compact-sm"
            mih={40}
            variant="default"
            leftSection={<IconEdit size={14} />}
            disabled={isLocked}
            onClick={() => actions.onEdit(user)}
          >
            Edit
          </Button>
        )}
        <Button
          size="compact-sm"
          mih={40}
          variant="default"
          leftSection={<IconCopy size={14} />}
          disabled={isLocked}
          onClick={() => actions.onCopy(user)}
        >
          Copy details
        </Button>
        {!isCeo && (
          <Button
            size="compact-sm"
            mih={40}
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={busyWith === 'delete'}
            disabled={isLocked}
            onClick={() => actions.onDelete(user)}
          >
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** What Copy details puts on the clipboard. */
export function userDetails(user: User): string {
  return [
    `Name: ${fullName(user)}`,
    `Email: ${user.email ?? 'N/A'}`,
    `Username: ${user.username}`,
    `Role: ${roleDisplay(user.role)}`,
  ].join('\n');
}
