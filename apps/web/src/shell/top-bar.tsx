import { Anchor, Avatar, Group } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/session';
import { initials } from '../lib/format';

/**
 * Mantine's Menu brings Popover and floating-ui, about 27 KB of gzip JS that every signed-in page would
 * otherwise carry before its first paint (bench/README.md: a page adds at most 50 KB to the first one).
 * The menu loads once the page has been drawn and the phone is idle (at most 2 s after the top bar
 * shows): asked for as soon as the bar showed, its two files shared the network with the inventory's
 * products and were drawn before them. Until then the avatar is shown without its button, so nothing
 * can be tapped that would not open.
 */
const AccountMenu = lazy(() => import('./account-menu'));
/** Once idle, a later top bar (another layout) shows the menu at once. */
let hasBeenIdle = false;

/** True once the phone has been idle after the first paint (`requestIdleCallback`; Safari has none). */
function useIdleOnce(): boolean {
  const [isIdle, setIdle] = useState(hasBeenIdle);
  useEffect(() => {
    if (isIdle) return;
    const ready = () => {
      hasBeenIdle = true;
      setIdle(true);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(ready, { timeout: 2_000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(ready, 1_000);
    return () => clearTimeout(handle);
  }, [isIdle]);
  return isIdle;
}

/** Brand link to /, whatever the page adds in the middle, and the avatar menu (Settings, Logout). */
export function TopBar({ children, leading }: { children?: ReactNode; leading?: ReactNode }) {
  const isMenuWanted = useIdleOnce();
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
        {isMenuWanted ? (
          <Suspense fallback={<UserAvatar />}>
            <AccountMenu />
          </Suspense>
        ) : (
          <UserAvatar />
        )}
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
