import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { type BusinessWithRole, ROLE_LABELS, type User } from '@oja/contract';
import { fullName } from '../../lib/format';

type ProfileRow = [label: string, value: string];

/** Who a member is in this business: the rows every area's profile starts with. */
export function memberRows(user: User, { business, role }: BusinessWithRole): ProfileRow[] {
  return [
    ['Full name', fullName(user)],
    ['Username', user.username],
    ['Email', user.email ?? 'N/A'],
    ['Role', ROLE_LABELS[role]],
    ['Business', business.name],
  ];
}

/** A profile as label and value pairs, two columns on wider screens. */
export function ProfileDetails({ title, rows }: { title: string; rows: ProfileRow[] }) {
  return (
    <Card withBorder radius="md" maw={720}>
      <Title order={2} mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {label}
            </Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
