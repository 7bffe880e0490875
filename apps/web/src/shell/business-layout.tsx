import '../styles/signed-in';
import { AppShell, Button, Group, NavLink } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { homeOf, sidebarItems, topBarItems } from './business-nav';
import { BusinessShell, ShellNavLink } from './business-shell';

/** /business/{slug}: resolves the slug once, then the top bar, the sidebar (a menu on phones) and the page. */
export default function BusinessLayout() {
  const { slug = '' } = useParams();
  return (
    <BusinessShell
      slug={slug}
      topBar={({ business, role }) => (
        <Group gap={4} visibleFrom="sm" component="nav" aria-label="Business">
          {topBarItems(business.slug, role).map((item) => (
            <Button key={item.to} component={Link} to={item.to} variant="subtle" size="compact-sm">
              {item.label}
            </Button>
          ))}
        </Group>
      )}
      navbar={({ business, role }) => {
        const side = sidebarItems(business.slug, role);
        // Reports lives in the top bar only; on a phone the menu carries it too.
        const phoneOnly = topBarItems(business.slug, role).filter(
          (item) => !side.some((entry) => entry.to === item.to),
        );
        return (
          <AppShell.Navbar p="xs" aria-label="Business menu">
            <AppShell.Section>
              <NavLink
                component={Link}
                to={homeOf(business.slug, role)}
                label={role === 'ceo' ? 'All businesses' : 'Home'}
                leftSection={<IconArrowLeft size={16} />}
              />
            </AppShell.Section>
            {/*
             * The browser's own scrolling, not Mantine's ScrollArea (15 KB raw in every business page's first
             * load, for a list that scrolls only on a short screen): a phone shows its own thin scrollbar.
             */}
            <AppShell.Section grow mt="xs" style={{ overflowY: 'auto', minHeight: 0 }}>
              {[...side, ...phoneOnly].map((item) => (
                <ShellNavLink
                  key={item.to}
                  label={item.label}
                  to={item.to}
                  end={item.end}
                  hiddenFrom={phoneOnly.includes(item) ? 'sm' : undefined}
                />
              ))}
            </AppShell.Section>
          </AppShell.Navbar>
        );
      }}
    />
  );
}
