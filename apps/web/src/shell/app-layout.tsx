import '../styles/signed-in';
import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
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
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
