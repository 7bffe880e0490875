import { AppShell, Burger, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { BusinessWithRole, MemberRole } from '@oja/contract';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatch } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { TopBar } from '../../ui/top-bar';
import { useBusinessBySlug } from '../businesses/api';
import { BusinessContext } from '../businesses/business-context';
import { homeOf } from '../businesses/business-nav';
import { BusinessLookupFailed } from '../businesses/business-not-found';

export type AreaLink = { label: string; to: string; end?: boolean };

/**
 * The employee and customer areas: the business behind the slug (for an active
 * member only), a top bar, and a menu of the pages that exist. A member whose
 * role belongs to another area is sent to theirs.
 */
export function AreaLayout({
  slug,
  isForRole,
  links,
}: {
  slug: string;
  isForRole(role: MemberRole): boolean;
  links(business: BusinessWithRole['business']): AreaLink[];
}) {
  const lookup = useBusinessBySlug(slug);
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => menu.close(), [pathname]);

  if (lookup.isPending) return <PageLoader label="Loading businesses..." />;
  if (lookup.isError) {
    return <BusinessLookupFailed slug={slug} error={lookup.error} onRetry={() => lookup.refetch()} />;
  }
  const { business, role } = lookup.data;
  if (!isForRole(role)) return <Navigate to={homeOf(business.slug, role)} replace />;

  return (
    <BusinessContext.Provider value={lookup.data}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar
            leading={
              <Burger opened={isMenuOpen} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            }
          />
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label={`${business.name} menu`}>
          {links(business).map((link) => (
            <AreaNavLink key={link.to} link={link} />
          ))}
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </BusinessContext.Provider>
  );
}

function AreaNavLink({ link }: { link: AreaLink }) {
  const isActive = useMatch({ path: link.to, end: link.end ?? false }) !== null;
  return <NavLink component={Link} to={link.to} label={link.label} active={isActive} />;
}
