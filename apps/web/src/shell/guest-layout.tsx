// The plans page uses Card, Badge and Container: the signed-in pages' stylesheets, not the sign-in screens'.
import '../styles/signed-in';
import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageLoader } from '../ui/page-loader';

/** The frame of a page anyone may read (the plans), for a visitor who has not signed in: the brand and the way in. */
export default function GuestLayout() {
  return (
    <Box mih="100vh" px="md" py="md" bg="gray.0">
      <Container size="lg" px={0}>
        <Group justify="space-between" mb="lg" gap="xs">
          <Anchor component={Link} to="/" fw={800} fz={28} underline="never" c="teal.8">
            Oja
          </Anchor>
          <Group gap="xs">
            <Button component={Link} to="/login" variant="default" mih={40}>
              Log in
            </Button>
            <Button component={Link} to="/register" mih={40}>
              Sign up
            </Button>
          </Group>
        </Group>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
