import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back from a page to the list it was opened from, on a line of its own, a thumb's height. */
export function BackLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <Group>
      <Button
        component={Link}
        to={to}
        state={state}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        px={0}
        mih={40}
      >
        {children}
      </Button>
    </Group>
  );
}
