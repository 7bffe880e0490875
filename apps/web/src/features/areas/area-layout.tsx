import { AppShell } from '@mantine/core';
import type { BusinessWithRole, MemberRole } from '@oja/contract';
import { Navigate } from 'react-router';
import { homeOf } from '../../shell/business-nav';
import { BusinessShell, ShellNavLink } from '../../shell/business-shell';

type AreaLink = { label: string; to: string; end?: boolean };

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
  return (
    <BusinessShell
      slug={slug}
      refuse={({ business, role }) => (isForRole(role) ? null : <Navigate to={homeOf(business.slug, role)} replace />)}
      navbar={({ business }) => (
        <AppShell.Navbar p="xs" aria-label={`${business.name} menu`}>
          {links(business).map((link) => (
            <ShellNavLink key={link.to} {...link} />
          ))}
        </AppShell.Navbar>
      )}
    />
  );
}
