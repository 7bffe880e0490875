import { Menu, Text, UnstyledButton } from '@mantine/core';
import { COUNTER_SCREEN_MESSAGES } from '@oja/contract';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser, useLogout } from '../features/auth/session';
import { fullName } from '../lib/format';
import { openConfirm } from '../ui/confirm';
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
            const leave = async () => {
              await logout();
              navigate('/login', { replace: true });
            };
            // Sales made on this phone that have not reached the server: say so, and offer to send them first.
            const counter = await import('../features/counter/pending');
            const waiting = await counter.pendingOnThisPhone(user.id).catch(() => 0);
            if (waiting === 0) return leave();
            openConfirm({
              title: 'Sales still on this phone',
              children: <Text size="sm">{COUNTER_SCREEN_MESSAGES.logoutWithPending(waiting)}</Text>,
              labels: { confirm: 'Log out anyway', cancel: 'Send them first' },
              confirmProps: { color: 'red' },
              onCancel: () => void counter.sendAllNow(user.id),
              onConfirm: leave,
            });
          }}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
