import { useEffect, useState } from 'react';
import type { OnDemand } from './validate-on-demand';

/**
 * The rules for a render that needs them (`needed`), downloaded then (apart from
 * validate-on-demand.ts, which the login page loads: it needs no hook): undefined until they are there, or for
 * good if the download failed (`failed`: the caller leaves the check to the server).
 */
export function useOnDemand<T>(rules: OnDemand<T>, needed: boolean): { loaded: T | undefined; failed: boolean } {
  const [, setArrived] = useState(0);
  const [failed, setFailed] = useState(false);
  const loaded = rules.loaded();
  useEffect(() => {
    if (!needed || loaded) return;
    let current = true;
    rules.load().then(
      () => current && setArrived((count) => count + 1),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [rules, needed, loaded]);
  return { loaded, failed };
}
