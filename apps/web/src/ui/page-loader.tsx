import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Loader />
        {label && <Text c="dimmed">{label}</Text>}
      </Stack>
    </Center>
  );
}
