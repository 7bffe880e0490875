import { Anchor, Avatar, Box, Group } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/session';
import { initials } from '../lib/format';
import { laterLoadsMayStart } from '../lib/later-loads';
import { THUMB_LINK } from '../ui/thumb-link';

/**
 * Mantine's Menu brings Popover and floating-ui, tens of KB of JS that every signed-in page would otherwise
 * carry before its first paint (a page adds at most 50 KB to the first one: bench/README.md).
 * The menu loads a second after the top bar shows, once the phone is idle (at most 3 s after), or at once
 * when a finger touches the avatar. Asked for as soon as the bar showed, its files (with what dialogs share)
 * shared the network with the inventory's products and were drawn before them; asked for at the first idle
 * moment, they still came before the dashboard's greeting had painted, and Lighthouse counted them in its
 * LCP. Until then the
 * avatar is shown without its button, so nothing can be tapped that would not open.
 */
const AccountMenu = lazy(() => import('./account-menu'));
/** Once idle, a later top bar (another layout) shows the menu at once. */
let hasBeenIdle = false;

/** After the page's own first paint: what the menu waits for before it asks the network. */
const MENU_AFTER_MS = 1_000;

/**
 * True a second after the first paint once what the screen holds the later loads for is done and the phone is
 * idle (`requestIdleCallback`; Safari has none), or when `want()` is called (a finger on the avatar).
 */
function useIdleOnce(): [isIdle: boolean, want: () => void] {
  const [isIdle, setIdle] = useState(hasBeenIdle);
  const want = useCallback(() => {
    hasBeenIdle = true;
    setIdle(true);
  }, []);
  useEffect(() => {
    if (isIdle) return;
    let idle: number | undefined;
    let isCancelled = false;
    const timer = setTimeout(async () => {
      // The screen's own first work comes first (lib/later-loads.ts: the Sell screen's copy).
      await laterLoadsMayStart();
      if (isCancelled) return;
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(want, { timeout: 2_000 });
      else want();
    }, MENU_AFTER_MS);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [isIdle, want]);
  return [isIdle, want];
}

/** Brand link to /, whatever the page adds in the middle, and the avatar menu (Settings, Logout). */
export function TopBar({ children, leading }: { children?: ReactNode; leading?: ReactNode }) {
  const [isMenuWanted, wantMenu] = useIdleOnce();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {leading}
        <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" c="teal.8" style={THUMB_LINK} miw={40}>
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
          <Box onPointerDown={wantMenu}>
            <UserAvatar />
          </Box>
        )}
      </Group>
    </Group>
  );
}

/** The signed-in person's initials: the menu's face, and what shows while the menu loads. */
export function UserAvatar() {
  const user = useCurrentUser();
  return (
    // 40 px: the account menu's target (Mantine's md avatar is 38).
    <Avatar color="teal" radius="xl" size={40}>
      {initials(user.first_name, user.last_name)}
    </Avatar>
  );
}
