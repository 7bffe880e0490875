import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MESSAGES, ROLE_LABELS } from '@oja/contract';
import type { ReactNode } from 'react';
import { fullName } from '../../lib/format';
import { loadOnOpen } from '../../ui/load-on-open';
import { useCurrentUser } from '../auth/session';
import { usePendingEmail } from './pending-email';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const ChangePasswordDialog = loadOnOpen(
  () => import('./change-password-dialog').then((module) => module.ChangePasswordDialog),
  (props) => props.opened,
);
const EditInfoDialog = loadOnOpen(
  () => import('./edit-info-dialog').then((module) => module.EditInfoDialog),
  (props) => props.opened,
);

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
  const [pendingEmail, setPendingEmail] = usePendingEmail(user.id);

  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>Account settings</Title>
      {pendingEmail && (
        <Alert color="yellow" title="Your new email">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{MESSAGES.auth.emailWaitsForCode(pendingEmail)}</Text>
            <Button onClick={editing.open}>Enter the code</Button>
          </Stack>
        </Alert>
      )}
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
      <EditInfoDialog
        user={user}
        opened={isEditing}
        onClose={editing.close}
        pendingEmail={pendingEmail}
        onPending={setPendingEmail}
      />
      <ChangePasswordDialog opened={isChangingPassword} onClose={changingPassword.close} />
    </Stack>
  );
}
