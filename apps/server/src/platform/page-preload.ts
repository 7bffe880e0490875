import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PreloadReads, ROUTE_PRELOAD_FILE } from '@oja/contract';

/**
 * The Link header of the page: what index.html loads first (the entry, its style sheet),
 * so that the phone asks for them as the answer's headers arrive instead of once it has parsed the HTML. In
 * Lighthouse's model of a slow phone the entry, the largest file and the last one the first paint waits for,
 * was otherwise requested only from the first parse task, well after the HTML arrived.
 * Each hint's mode is its tag's (crossorigin on the module and the style sheet, none on a classic script),
 * or the browser would download the file a second time. Inline scripts have nothing to download.
 */
export function preloadLinks(html: string): string {
  const links: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="(\/[^"]+)"/.exec(tag)?.[1];
    if (!url) continue;
    const cors = /\bcrossorigin\b/.test(tag) ? '; crossorigin' : '';
    if (tag.startsWith('<script')) {
      links.push(
        /\btype="module"/.test(tag) ? `<${url}>; rel=modulepreload` : `<${url}>; rel=preload; as=script${cors}`,
      );
    } else if (/\brel="stylesheet"/.test(tag)) {
      links.push(`<${url}>; rel=preload; as=style${cors}`);
    }
  }
  return links.join(', ');
}

/**
 * The web build's routes and their files (route-preload.ts): a file's index, or -1 - index for a style sheet;
 * and the reads of the first screens (page-reads.ts). An older build wrote no reads.
 */
export type RouteFiles = { names: string[]; routes: [pattern: string, files: number[]][]; reads?: PreloadReads };

/** The web build's list (route-preload.json), or undefined for a build that did not write one. */
export function readRouteFiles(distDir: string): RouteFiles | undefined {
  const file = join(distDir, ROUTE_PRELOAD_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RouteFiles) : undefined;
}

/**
 * The Link header for each path of the app: index.html's own files, then the chunks and style sheets of the
 * path's page, which the app would otherwise ask for only once its entry has arrived and run: one more round
 * trip on the way to the first screen, whose chunks (30-45 KB gzip on a signed-in page) then share the slow
 * link with the entry's tail. The routes are the build's (apps/web/build/route-preload.ts), in its order (the first
 * pattern that matches wins), and each hint has the mode the page's loader then uses, so nothing downloads
 * twice. Without the build's list (an older build) every path gets index.html's files alone.
 */
export function pagePreload(files: RouteFiles | undefined, html: string): (url: string) => string {
  const page = preloadLinks(html);
  if (!files) return () => page;
  const { names, routes } = files;
  const headers = routes.map(([pattern, files]) => {
    const links = files.map((at) =>
      at < 0 ? `</${names[-1 - at]}>; rel=preload; as=style; crossorigin` : `</${names[at]}>; rel=modulepreload`,
    );
    return { pattern: new RegExp(pattern), link: [page, ...links].filter(Boolean).join(', ') };
  });
  return (url) => {
    const path = url.split('?', 1)[0] ?? url;
    return headers.find(({ pattern }) => pattern.test(path))?.link ?? page;
  };
}
