import { Anchor, Avatar, Group } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/session';
import { initials } from '../lib/format';

/**
 * Mantine's Menu brings Popover and floating-ui, about 27 KB of gzip JS that every signed-in page would
 * otherwise carry before its first paint (bench/README.md: a page adds at most 50 KB to the first one).
 * The menu loads as soon as the top bar shows; until then the avatar is shown without its button, so
 * nothing can be tapped that would not open.
 */
const AccountMenu = lazy(() => import('./account-menu'));

/** Brand link to /, whatever the page adds in the middle, and the avatar menu (Settings, Logout). */
export function TopBar({ children, leading }: { children?: ReactNode; leading?: ReactNode }) {
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
        <Suspense fallback={<UserAvatar />}>
          <AccountMenu />
        </Suspense>
      </Group>
    </Group>
  );
}

/** The signed-in person's initials: the menu's face, and what shows while the menu loads. */
export function UserAvatar() {
  const user = useCurrentUser();
  return (
    <Avatar color="teal" radius="xl">
      {initials(user.first_name, user.last_name)}
    </Avatar>
  );
}
