import { Alert, Button, Stack } from '@mantine/core';
import { can, MESSAGES, type Permission } from '@oja/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBusinessContext } from './business-context';
import { homeOf } from './business-nav';

/** Shows a page of the business layout only to roles that may use it; others get a way back home. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { business, role } = useBusinessContext();
  if (can(role, permission)) return children;
  return (
    <Stack align="flex-start" my="md">
      <Alert color="yellow" title="Not available">
        {MESSAGES.auth.forbidden}
      </Alert>
      <Button component={Link} to={homeOf(business.slug, role)} variant="default">
        Go back home
      </Button>
    </Stack>
  );
}
