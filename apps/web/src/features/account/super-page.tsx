import '../../styles/signed-in';
import { AppShell, Card, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { fullName } from '../../lib/format';
import { TopBar } from '../../shell/top-bar';
import { useCurrentUser } from '../auth/session';

/** /super: the platform staff's area (a placeholder). Anyone else is sent home. */
export default function SuperPage() {
  const user = useCurrentUser();
  if (user.role !== 'superuser') return <Navigate to="/" replace />;
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Stack maw={640}>
          <Title order={2}>Superuser</Title>
          <Card withBorder radius="md">
            <Text>
              Signed in as {fullName(user)} ({user.username}).
            </Text>
            <Text c="dimmed" size="sm" mt="xs">
              Platform administration is done on the server for now; this area has no tools yet.
            </Text>
          </Card>
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
