import { type ComponentType, lazy } from 'react';

/**
 * A component downloaded on demand: `preload()` starts the download once (React.lazy shares its promise),
 * `loaded()` is the component once it has come, and `Lazy` suspends until then.
 *
 * React.lazy suspends on its first render even when its promise has resolved (it learns that only in a
 * `then`), and React holds back what follows a Suspense fallback for 300 ms (its FALLBACK_THROTTLE_MS):
 * so a caller renders `loaded()` itself when it is there, and `Lazy` only while it is not (router.tsx's
 * pages, ui/load-on-open.tsx's dialogs).
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
  return { preload, Lazy: lazy(preload), loaded: () => loaded };
}
