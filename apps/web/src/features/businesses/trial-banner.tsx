import { Alert, Button, Group, Text } from '@mantine/core';
import type { Business } from '@oja/contract';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';

/**
 * "You're on a free trial. Ends on: {date}" while the business is on its trial, with Upgrade Now for the one who
 * pays for it: the owner. Staff are told who upgrades instead of offered a plan they cannot buy.
 */
export function TrialBanner({ business, canUpgrade }: { business: Business; canUpgrade: boolean }) {
  if (!business.free_trial) return null;
  return (
    <Alert color="yellow" variant="light">
      <Group justify="space-between" gap="xs">
        <Text size="sm">You're on a free trial. Ends on: {formatDate(business.trial_expiration_date)}</Text>
        {canUpgrade ? (
          // Small beside the text, but a thumb's height.
          <Button component={Link} to="/pricing" size="compact-sm" mih={40} color="yellow">
            Upgrade Now
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            The business owner chooses the plan.
          </Text>
        )}
      </Group>
    </Alert>
  );
}
