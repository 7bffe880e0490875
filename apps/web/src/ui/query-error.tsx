import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage, isOffline } from '../lib/api';

/** A failed read: what went wrong and a way to try again, nothing lost. */
export function QueryError({ error, fallback, onRetry }: { error: unknown; fallback?: string; onRetry?: () => void }) {
  // Offline, a screen never opened on this phone: nothing went wrong, it opens once the network is back.
  if (isOffline(error)) {
    return (
      <Alert color="orange" variant="light" role="status" my="md">
        {errorMessage(error, '')}
      </Alert>
    );
  }
  return (
    <Alert color="red" title="Something went wrong" my="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{errorMessage(error, fallback ?? 'Could not load this page.')}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
