import { Alert } from '@mantine/core';
import { MESSAGES } from '@oja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { formatAsOf } from '../lib/format';
import { offlineAsOf, watchOffline } from '../lib/offline-copies';

/** Above a screen drawn offline: it is, and when its data is from ("as of 10:42"). Nothing while online. */
export function OfflineBanner() {
  const client = useQueryClient();
  const asOf = useSyncExternalStore(
    (listener) => watchOffline(client, listener),
    () => offlineAsOf(client),
  );
  if (asOf === null) return null;
  return (
    <Alert color="orange" variant="light" role="status" mb="md" p="xs">
      {MESSAGES.offline.keptAsOf(formatAsOf(asOf))}
    </Alert>
  );
}
