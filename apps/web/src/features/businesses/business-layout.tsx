import { AppShell, Burger, Button, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useMatch, useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { TopBar } from '../../ui/top-bar';
import { useBusinessBySlug } from './api';
import { BusinessContext } from './business-context';
import { homeOf, type NavItem, sidebarItems, topBarItems } from './business-nav';
import { BusinessLookupFailed } from './business-not-found';

/** /business/{slug}: resolves the slug once, then the top bar, the sidebar (a menu on phones) and the page. */
export default function BusinessLayout() {
  const { slug = '' } = useParams();
  const lookup = useBusinessBySlug(slug);
  const [isMenuOpen, menu] = useDisclosure(false);
  const { pathname } = useLocation();

  // Following a link in the phone menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => menu.close(), [pathname]);

  if (lookup.isPending) return <PageLoader label="Loading businesses..." />;
  if (lookup.isError) {
    return <BusinessLookupFailed slug={slug} error={lookup.error} onRetry={() => lookup.refetch()} />;
  }

  const { business, role } = lookup.data;
  const side = sidebarItems(business.slug, role);
  const top = topBarItems(business.slug, role);
  // Reports lives in the top bar only; on a phone the menu carries it too.
  const phoneOnly = top.filter((item) => !side.some((entry) => entry.to === item.to));

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
          >
            <Group gap={4} visibleFrom="sm" component="nav" aria-label="Business">
              {top.map((item) => (
                <Button key={item.to} component={Link} to={item.to} variant="subtle" size="compact-sm">
                  {item.label}
                </Button>
              ))}
            </Group>
          </TopBar>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Business menu">
          <AppShell.Section>
            <NavLink
              component={Link}
              to={homeOf(business.slug, role)}
              label={role === 'ceo' ? 'All businesses' : 'Home'}
              leftSection={<IconArrowLeft size={16} />}
            />
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea} mt="xs">
            {[...side, ...phoneOnly].map((item) => (
              <SideLink key={item.to} item={item} hiddenFrom={phoneOnly.includes(item) ? 'sm' : undefined} />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </BusinessContext.Provider>
  );
}

function SideLink({ item, hiddenFrom }: { item: NavItem; hiddenFrom?: 'sm' }) {
  const isActive = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  return <NavLink component={Link} to={item.to} label={item.label} active={isActive} hiddenFrom={hiddenFrom} />;
}
