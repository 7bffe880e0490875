import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError, isOffline } from './api';
import { fromCopyWhenOffline, READ_RETRIES } from './offline-copies';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // On a slow network a failed read is worth one more try; a refusal (4xx) is not, nor a read with the
      // phone offline (it answers the copy kept here, or says the screen needs the network).
      retry: (failureCount, error) =>
        failureCount < READ_RETRIES &&
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        !isOffline(error),
      refetchOnWindowFocus: false,
      // Asked even when the phone says it is offline, rather than waiting unseen: the copy kept here answers
      // (lib/offline-copies.ts, ADR 0020).
      networkMode: 'offlineFirst',
      persister: fromCopyWhenOffline,
    },
    // A write tapped offline fails at once with words ("You are offline: this needs the network"), the form
    // keeping what was typed, rather than waiting unseen for a network that may not come before the tab closes.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// React Query starts online and learns otherwise only from an `offline` event, so a page opened with no network
// would never hear that it came back, and its screens would not ask again. The browser's "offline" is sure (its
// "online" is not: a network may answer nothing).
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
