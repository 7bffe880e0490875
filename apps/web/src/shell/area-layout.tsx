import '../styles/signed-in';
import { AppShell } from '@mantine/core';
import type { BusinessWithRole, MemberRole } from '@oja/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { AreaTabBar } from './area-tab-bar';
import { homeOf } from './business-nav';
import { BusinessShell, ShellNavLink } from './business-shell';

export type AreaLink = { label: string; to: string; end?: boolean; icon?: ReactNode };

/**
 * The employee and customer areas: the business behind the slug (for an active
 * member only), a top bar, and a menu of the pages that exist. A member whose
 * role belongs to another area is sent to theirs.
 */
export function AreaLayout({
  slug,
  isForRole,
  links,
  tabs,
}: {
  slug: string;
  isForRole(role: MemberRole): boolean;
  links(business: BusinessWithRole['business'], role: MemberRole): AreaLink[];
  /** The few pages a phone keeps under the thumb, at the foot of the screen (with icons). */
  tabs?(business: BusinessWithRole['business']): AreaLink[];
}) {
  return (
    <BusinessShell
      slug={slug}
      refuse={({ business, role }) => (isForRole(role) ? null : <Navigate to={homeOf(business.slug, role)} replace />)}
      navbar={({ business, role }) => (
        <AppShell.Navbar p="xs" aria-label={`${business.name} menu`}>
          {links(business, role).map((link) => (
            <ShellNavLink key={link.to} label={link.label} to={link.to} end={link.end} />
          ))}
        </AppShell.Navbar>
      )}
      tabBar={
        tabs ? ({ business }) => <AreaTabBar label={`${business.name} tabs`} links={tabs(business)} /> : undefined
      }
    />
  );
}
