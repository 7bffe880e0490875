import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useBusinessContext } from '../../shell/business-context';
import { useCurrentUser } from '../auth/session';
import { type CounterService, counterService } from './counter-service';
import type { CounterDb } from './store';

/**
 * The counter of the signed-in person in this business, running (registration, copy, outbox) while shown.
 * `startAfterMs`: the header starts it once the page has had its first screen, the Sell screen at once.
 */
export function useCounter(startAfterMs = 0): CounterService {
  const user = useCurrentUser();
  const { business } = useBusinessContext();
  const service = counterService(user.id, business.id);
  useEffect(() => {
    let release: (() => void) | undefined;
    const timer = setTimeout(() => {
      release = service.retain();
    }, startAfterMs);
    return () => {
      clearTimeout(timer);
      release?.();
    };
  }, [service, startAfterMs]);
  return service;
}

/**
 * A read of the store kept current as it changes, in this tab or another (Dexie's liveQuery); undefined until
 * the first answer.
 */
export function useLive<T>(
  db: CounterDb,
  read: (db: CounterDb) => Promise<T>,
  deps: readonly unknown[],
): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the read depends on
  useEffect(() => {
    const subscription = liveQuery(() => read(db)).subscribe({ next: setValue, error: () => {} });
    return () => subscription.unsubscribe();
  }, [db, ...deps]);
  return value;
}

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser believes it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
