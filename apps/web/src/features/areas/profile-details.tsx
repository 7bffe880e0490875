import { Card, SimpleGrid, Text, Title } from '@mantine/core';

/** A profile as label and value pairs, two columns on wider screens. */
export function ProfileDetails({ title, rows }: { title: string; rows: [label: string, value: string][] }) {
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
