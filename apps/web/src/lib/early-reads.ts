/**
 * The first screen of a signed-in visit waits for reads that the app asks for only once its entry has
 * downloaded and run, about 1.5 s into a load on a slow phone (Lighthouse's Slow 4G at 4× CPU slowdown):
 * the profile (the guards), then on a business's pages the business by its slug (the layout). index.html's
 * preload script (`preloadPage`, written out by apps/web/route-preload.ts) asks for them at once instead,
 * beside the page's chunks, and leaves the pending answers here; `call` (lib/api.ts) takes the answer of
 * the same GET instead of asking again.
 */

/** Where the preload script leaves the pending reads, by URL: a property of `window`. */
export const EARLY_READS = '__ojaEarlyReads';

/** A page's files: indices into the names, `>= 0` a module to preload, `< 0` a style sheet (`-1 - index`). */
export type PreloadRoutes = [pattern: string, files: number[]][];

/** A read to start where the path matches: its URL, and the query parameter that the pattern's group fills. */
export type PreloadReads = [pattern: string, url: string, param?: string][];

/**
 * index.html's preload script: route-preload.ts writes out `String(preloadPage)` and calls it with the
 * build's tables, so it must stay self-contained (no imports, no names from outside its body).
 *
 * - With the session's anti-forgery cookie (readable, unlike the session's own): starts every read whose
 *   pattern matches the path, its URL built as `call` builds it (URLSearchParams).
 * - For the first route pattern that matches the path: `modulepreload` links for its chunks and `preload`
 *   links for its style sheets, so that they download while the entry does.
 */
export function preloadPage(
  names: string[],
  routes: PreloadRoutes,
  reads: PreloadReads,
  csrfCookie: string,
  slot: string,
): void {
  const path = location.pathname;
  if (document.cookie.split('; ').some((part) => part.indexOf(`${csrfCookie}=`) === 0)) {
    const started: Record<string, Promise<Response>> = {};
    for (const [pattern, url, param] of reads) {
      const match = new RegExp(pattern).exec(path);
      if (!match) continue;
      const full = param ? `${url}?${new URLSearchParams({ [param]: decodeURIComponent(match[1] ?? '') })}` : url;
      const read = fetch(full, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      // A failed read is asked again by `call`; not an unhandled rejection meanwhile.
      read.catch(() => undefined);
      started[full] = read;
    }
    (window as unknown as Record<string, unknown>)[slot] = started;
  }
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

/**
 * How long after the page's start an early read may still be taken: it answers for the session of the
 * load that started it, and a later call (after a logout and a login, say) must ask the server itself.
 */
const FRESH_MS = 30_000;

/** The preload script's read of this URL, once, while fresh; undefined when there is none. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  // No window: not a page (the client's unit tests).
  if (typeof window === 'undefined') return undefined;
  const reads = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[EARLY_READS];
  const read = reads?.[url];
  if (!read || !reads) return undefined;
  delete reads[url];
  return performance.now() < FRESH_MS ? read : undefined;
}
