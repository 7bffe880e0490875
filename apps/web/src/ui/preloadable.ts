import { type ComponentType, lazy, useState } from 'react';

/**
 * A component downloaded on demand: `preload()` starts the download once (React.lazy shares its promise),
 * `loaded()` is the component once it has come, and `Lazy` suspends until then.
 *
 * React.lazy suspends on its first render even when its promise has resolved (it learns that only in a
 * `then`), and React holds back what follows a Suspense fallback for 300 ms (its FALLBACK_THROTTLE_MS):
 * so a caller renders `loaded()` itself when it is there, and `Lazy` only while it is not; `useOnceWanted`
 * makes that choice for a component (router.tsx's pages, ui/load-on-open.tsx's dialogs, the counter's parts).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  /**
   * What to draw from the first render that wants it (null before), kept from then on: the loaded component
   * when it has come, else `Lazy`. Kept, because Lazy swapped for the loaded component at a later render is
   * another element type, which React mounts anew: what was typed, a quantity being changed, a request's
   * callbacks would be lost.
   */
  function useOnceWanted(isWanted: boolean): ComponentType<P> | null {
    const [shown, setShown] = useState<ComponentType<P> | null>(() => (isWanted ? (loaded ?? Lazy) : null));
    if (isWanted && shown === null) setShown(() => loaded ?? Lazy);
    return shown;
  }
  return { preload, Lazy, loaded: () => loaded, useOnceWanted };
}
