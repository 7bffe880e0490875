import { Anchor, Avatar, Group, Menu, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser, useLogout } from '../features/auth/session';
import { fullName, initials } from '../lib/format';

/** Brand link to /, whatever the page adds in the middle, and the avatar menu (Settings, Logout). */
export function TopBar({ children, leading }: { children?: ReactNode; leading?: ReactNode }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {leading}
        <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" c="teal.8">
          Oja
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {children}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={`Account menu for ${fullName(user)}`}>
              <Avatar color="teal" radius="xl">
                {initials(user.first_name, user.last_name)}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{fullName(user)}</Menu.Label>
            <Menu.Item component={Link} to="/settings">
              Settings
            </Menu.Item>
            <Menu.Item
              color="red"
              onClick={async () => {
                await logout();
                navigate('/login', { replace: true });
              }}
            >
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
