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
    // The card is the value's size container: see the value's font size below.
    <Card withBorder padding="md" radius="md" aria-label={label} style={{ containerType: 'inline-size' }}>
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
      {/* Two cards share a 360 px phone's width, 124 px of text each: at the large size an amount such as
          ₦1,696,550.00 broke after its point. The size follows the card's width (12% of it, ~14.9 px there,
          the large size on wider cards); a still longer value may break anywhere rather than overflow. */}
      <Text fw={700} fz="min(var(--mantine-font-size-lg), 12cqi)" mt={4} style={{ overflowWrap: 'anywhere' }}>
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
