import { Alert, Button, Group, Text } from '@mantine/core';
import type { Business } from '@oja/contract';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';

/** "You're on a free trial. Ends on: {date}" with Upgrade Now, while the business is on its trial. */
export function TrialBanner({ business }: { business: Business }) {
  if (!business.free_trial) return null;
  return (
    <Alert color="yellow" variant="light">
      <Group justify="space-between" gap="xs">
        <Text size="sm">You're on a free trial. Ends on: {formatDate(business.trial_expiration_date)}</Text>
        {/* Small beside the text, but a thumb's height. */}
        <Button component={Link} to="/pricing" size="compact-sm" mih={40} color="yellow">
          Upgrade Now
        </Button>
      </Group>
    </Alert>
  );
}
