import '../styles/signed-in';
import { AppShell, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../ui/offline-banner';
import { PageLoader } from '../ui/page-loader';
import { TopBar } from './top-bar';

/** The shared layout of /dashboard and /settings. */
export default function AppLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <OfflineBanner />
          {/* A page not downloaded yet: the frame stays, a loader in the page's place (router.tsx). */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
