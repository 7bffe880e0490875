import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure on a home or overview screen: a label, the value, and a line that explains it. */
export function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        {icon && (
          // Two cards share a phone's width: the label gets the room there.
          <ThemeIcon variant="light" size="md" radius="md" visibleFrom="xs" style={{ flexShrink: 0 }}>
            {icon}
          </ThemeIcon>
        )}
      </Group>
      <Text fw={700} fz="lg" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Card>
  );
}
