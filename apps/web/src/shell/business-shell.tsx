import { AppShell, Burger, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { BusinessWithRole } from '@oja/contract';
import { can } from '@oja/contract';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useMatch } from 'react-router';
import { OfflineBanner } from '../ui/offline-banner';
import { PageLoader } from '../ui/page-loader';
import { useWideScreen } from '../ui/use-wide-screen';
import { BusinessContext } from './business-context';
import { BusinessLookupFailed } from './business-not-found';
import { useBusinessBySlug } from './business-query';
import { TopBar } from './top-bar';

const TAB_BAR_HEIGHT = 60;

/** The count of sales waiting on this phone, and the outbox that sends them (features/counter), for sellers. */
const OutboxIndicator = lazy(() => import('../features/counter/outbox-indicator'));

/**
 * The frame of every page under a business's slug: the business resolved once
 * (loading and failure states included), a top bar whose menu button opens the
 * navbar on a phone, and the page. `refuse` may send a member elsewhere instead.
 */
export function BusinessShell({
  slug,
  refuse,
  topBar,
  navbar,
  tabBar,
}: {
  slug: string;
  refuse?(member: BusinessWithRole): ReactNode | null;
  topBar?(member: BusinessWithRole): ReactNode;
  navbar(member: BusinessWithRole): ReactNode;
  /** A bar of the main pages at the foot of a phone's screen, under the thumb (none on wider screens). */
  tabBar?(member: BusinessWithRole): ReactNode;
}) {
  const lookup = useBusinessBySlug(slug);
  // The shell and its page are drawn as a deferred update once the business is known, which React renders in
  // slices (lib/render-slices.ts): its answer came through React Query's store, whose updates React renders
  // in one piece, the frame, the top bar and the page together: in slices, a slow phone's long tasks are
  // shorter and its LCP earlier (bench:web:tasks; bench/README.md).
  const deferred = useDeferredValue(lookup.data, undefined);
  // Never another business's: after a move from one business to another the deferred value is the old one
  // until the new shell is drawn, and its page would read the old business from the context.
  const member = deferred && deferred.business.id === lookup.data?.business.id ? deferred : undefined;
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  // A phone's first render leaves out what it does not show: the top bar's links (a wide screen's) and the
  // menu, drawn when a finger first touches its button and kept then. They were Mantine components drawn
  // hidden, a good share of React's work on a phone's load of the inventory.
  const isWide = useWideScreen();
  const [isMenuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => setMenuWanted(true);

  // Following a link in the phone menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => menu.close(), [pathname]);

  if (lookup.isPending) return <PageLoader label="Loading businesses..." />;
  if (lookup.isError) {
    return <BusinessLookupFailed slug={slug} error={lookup.error} onRetry={() => lookup.refetch()} />;
  }
  if (!member) return <PageLoader label="Loading businesses..." />;
  const refusal = refuse?.(member);
  if (refusal) return refusal;

  return (
    <BusinessContext.Provider value={member}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
        footer={tabBar ? { height: { base: TAB_BAR_HEIGHT, sm: 0 } } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <TopBar
            leading={
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                // Drawn before the click (pointerdown comes ~100 ms earlier): it then slides in as it should.
                onPointerDown={wantMenu}
                onFocus={wantMenu}
                hiddenFrom="sm"
                size="sm"
                // The phone's way to every page: a thumb's target around the 18 px lines (28 px at size sm alone).
                w={40}
                h={40}
                aria-label="Toggle menu"
              />
            }
          >
            {isWide && topBar?.(member)}
            {can(member.role, 'sale.confirm') && (
              <Suspense fallback={null}>
                <OutboxIndicator />
              </Suspense>
            )}
          </TopBar>
        </AppShell.Header>
        {(isWide || isMenuWanted || isMenuOpen) && navbar(member)}
        <AppShell.Main>
          <OfflineBanner />
          {/* A page not downloaded yet: the frame stays, a loader in the page's place (router.tsx). */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
        {tabBar && <AppShell.Footer hiddenFrom="sm">{tabBar(member)}</AppShell.Footer>}
      </AppShell>
    </BusinessContext.Provider>
  );
}

/** A navbar entry, marked active on its own page (and below it, unless `end`). */
export function ShellNavLink({
  label,
  to,
  end = false,
  hiddenFrom,
}: {
  label: string;
  to: string;
  end?: boolean;
  hiddenFrom?: 'sm';
}) {
  const isActive = useMatch({ path: to, end }) !== null;
  return <NavLink component={Link} to={to} label={label} active={isActive} hiddenFrom={hiddenFrom} />;
}
