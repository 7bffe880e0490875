import { Menu, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser, useLogout } from '../features/auth/session';
import { fullName } from '../lib/format';
import { UserAvatar } from './top-bar';

/** The avatar menu (Settings, Logout), loaded by the top bar apart from the page (top-bar.tsx says why). */
export default function AccountMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${fullName(user)}`}>
          <UserAvatar />
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
  );
}
