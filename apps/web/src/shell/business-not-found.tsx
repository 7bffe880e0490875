import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@oja/contract';
import { Link } from 'react-router';
import { ApiError } from '../lib/api';
import { QueryError } from '../ui/query-error';

/**
 * A slug that failed to resolve: "Business not found" for a 404 (unknown, or not
 * the caller's), else the error with a way to try again.
 */
export function BusinessLookupFailed({ slug, error, onRetry }: { slug: string; error: unknown; onRetry(): void }) {
  if (!(error instanceof ApiError && error.status === 404)) {
    // Drawn without the frame (no business to frame it): the page's own margin.
    return (
      <Box p="md">
        <QueryError error={error} onRetry={onRetry} />
      </Box>
    );
  }
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center">
        <Title order={2}>{MESSAGES.business.notFound}</Title>
        <Text c="dimmed">{MESSAGES.business.notFoundForSlug(slug)}</Text>
        <Button component={Link} to="/">
          Go back home
        </Button>
      </Stack>
    </Center>
  );
}
