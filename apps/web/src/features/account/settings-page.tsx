import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ROLE_LABELS } from '@oja/contract';
import type { ReactNode } from 'react';
import { fullName } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditInfoDialog } from './edit-info-dialog';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

/** The account's own settings: who they are, and the two dialogs that change it. */
export default function SettingsPage() {
  const user = useCurrentUser();
  const [isEditing, editing] = useDisclosure(false);
  const [isChangingPassword, changingPassword] = useDisclosure(false);

  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>Account settings</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Detail label="Full name">{fullName(user)}</Detail>
            <Detail label="Email">{user.email ?? 'N/A'}</Detail>
            <Detail label="Role">{ROLE_LABELS[user.role]}</Detail>
            {/* The generated username is what the person types to log in without their email. */}
            <Detail label="Username">{user.username}</Detail>
          </SimpleGrid>
          <Group gap="sm">
            <Button onClick={editing.open}>Edit Info</Button>
            <Button variant="default" onClick={changingPassword.open}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </Paper>
      <EditInfoDialog user={user} opened={isEditing} onClose={editing.close} />
      <ChangePasswordDialog opened={isChangingPassword} onClose={changingPassword.close} />
    </Stack>
  );
}
