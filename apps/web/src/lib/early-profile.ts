/**
 * The first screen of a signed-in visit waits for the profile: the guards ask for it once the entry has
 * downloaded and run, about 1.5 s into a load on a slow phone (Lighthouse's Slow 4G at 4× CPU slowdown).
 * index.html's preload script (`preloadPage`, written out by apps/web/route-preload.ts) asks for it at once
 * instead, beside the page's chunks, and leaves the pending answer here for the session query to take.
 */

/** Where the preload script leaves the pending read: a property of `window`. */
export const EARLY_PROFILE = '__ojaEarlyProfile';

/** A page's files: indices into the names, `>= 0` a module to preload, `< 0` a style sheet (`-1 - index`). */
export type PreloadRoutes = [pattern: string, files: number[]][];

/**
 * index.html's preload script: route-preload.ts writes out `String(preloadPage)` and calls it with the
 * build's table, so it must stay self-contained (no imports, no names from outside its body).
 *
 * - With the session's anti-forgery cookie (readable, unlike the session's own): starts the profile read.
 * - For the first route pattern that matches the path: `modulepreload` links for its chunks and `preload`
 *   links for its style sheets, so that they download while the entry does.
 */
export function preloadPage(
  names: string[],
  routes: PreloadRoutes,
  profileUrl: string,
  csrfCookie: string,
  slot: string,
): void {
  if (document.cookie.split('; ').some((part) => part.indexOf(`${csrfCookie}=`) === 0)) {
    const read = fetch(profileUrl, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    // A failed read is the session query's to handle (it asks again); not an unhandled rejection meanwhile.
    read.catch(() => undefined);
    (window as unknown as Record<string, unknown>)[slot] = read;
  }
  const path = location.pathname;
  for (const [pattern, files] of routes) {
    if (!new RegExp(pattern).test(path)) continue;
    for (const file of files) {
      const link = document.createElement('link');
      if (file < 0) {
        link.rel = 'preload';
        link.as = 'style';
        link.href = `/${names[-1 - file]}`;
      } else {
        link.rel = 'modulepreload';
        link.href = `/${names[file]}`;
      }
      document.head.appendChild(link);
    }
    return;
  }
}

/** The preload script's read, once: a later session (after a login) asks the server itself. */
export function takeEarlyProfile(): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, Promise<Response> | undefined>;
  const early = holder[EARLY_PROFILE];
  holder[EARLY_PROFILE] = undefined;
  return early;
}
