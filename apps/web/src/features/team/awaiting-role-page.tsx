import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { TEAM_MESSAGES } from '@oja/contract';
import { IconRefresh } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { AWAITING_ROLE_PATH, homePathFor } from '../auth/home-path';
import { useCurrentUser, useLogout, useSession } from '../auth/session';

/**
 * /awaiting-role: a member who joined by a link that named no role (their role is `user`) can do
 * nothing in the business until its CEO chooses one. They are told so, with the business's name,
 * and can check again, change their own details in Settings (top bar), or log out.
 */
export default function AwaitingRolePage() {
  const user = useCurrentUser();
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  // Once the CEO has chosen a role, this page is no longer theirs: home is where the role says.
  const home = homePathFor(user);
  if (home !== AWAITING_ROLE_PATH) return <Navigate to={home} replace />;

  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>Waiting for your role</Title>
      <Alert color="yellow" title={user.business ? user.business.name : 'No business'}>
        {user.business ? TEAM_MESSAGES.awaitingRole(user.business.name) : TEAM_MESSAGES.noBusiness}
      </Alert>
      <Text size="sm" c="dimmed">
        Your username is <strong>{user.username}</strong>: tell it to the business owner so they find you quickly.
      </Text>
      <Group gap="sm">
        <Button leftSection={<IconRefresh size={16} />} loading={session.isFetching} onClick={() => session.refetch()}>
          Check again
        </Button>
        <Button
          variant="default"
          onClick={async () => {
            await logout();
            navigate('/login', { replace: true });
          }}
        >
          Logout
        </Button>
      </Group>
    </Stack>
  );
}
