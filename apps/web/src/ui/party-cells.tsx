import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { formatMoney } from '@oja/contract';
import { Link } from 'react-router';
import { THUMB_LINK } from './thumb-link';

/** A list row's customer or supplier: the name, a link to their page, with the phone under it when there is one. */
export function NameAndPhone({ to, name, phone }: { to: string; name: string; phone?: string | null }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={to} fw={600} style={THUMB_LINK}>
        {name}
      </Anchor>
      {phone && (
        <Text size="xs" c="dimmed">
          {phone}
        </Text>
      )}
    </Stack>
  );
}

/** What is owed, as the lists show it: nothing in grey, an amount in a badge of the list's colour. */
export function OwedBadge({ owed, currency, color }: { owed: string; currency?: string; color: string }) {
  if (owed === '0.00') {
    return (
      <Text size="sm" c="dimmed">
        Nothing
      </Text>
    );
  }
  return (
    <Badge color={color} variant="light" size="lg">
      {formatMoney(owed, currency)}
    </Badge>
  );
}
