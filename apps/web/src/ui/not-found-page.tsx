import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@oja/contract';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>404</Title>
        <Text size="lg">{MESSAGES.local.pageNotFound}</Text>
        <Button component={Link} to="/">
          Go back home
        </Button>
      </Stack>
    </Center>
  );
}
