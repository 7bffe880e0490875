import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROUTE_PRELOAD_FILE } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadLinks } from '../../src/platform/page-preload';
import { createTestApp, type TestApp } from '../app';

/** index.html as the web build writes it: the early reads (inline), the entry, its style sheet. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script>(function(){})([["", "/api/v1/users/profile/view/"]]);</script>
    <script type="module" crossorigin src="/assets/index-CMoA.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-DuSU.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const EXPECTED =
  '</assets/index-CMoA.js>; rel=modulepreload, </assets/index-DuSU.css>; rel=preload; as=style; crossorigin';

/** The build's routes (route-preload.ts): each route's chunks by index, its style sheets as -1 - index. */
const ROUTES = {
  names: [
    'assets/login-page-A1.js',
    'assets/common-B2.js',
    'assets/signed-in-C3.js',
    'assets/signed-in-D4.css',
    'assets/inventory-page-E5.js',
  ],
  routes: [
    ['^/login/?$', [0, 1]],
    ['^/business/[^/]+/inventory/?$', [2, 4, -4]],
    ['^/[^/]+/[^/]+/?$', [2]],
  ],
};
const LOGIN = `${EXPECTED}, </assets/login-page-A1.js>; rel=modulepreload, </assets/common-B2.js>; rel=modulepreload`;
const INVENTORY =
  `${EXPECTED}, </assets/signed-in-C3.js>; rel=modulepreload, </assets/inventory-page-E5.js>; rel=modulepreload, ` +
  '</assets/signed-in-D4.css>; rel=preload; as=style; crossorigin';

let t: TestApp;
let dist: string;
let withRoutes: TestApp;
let distWithRoutes: string;

async function webBuild(routes?: object): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'oja-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), PAGE);
  // As the build writes them beside every file over 1 KB, which index.html is with its inline script.
  await writeFile(join(dir, 'index.html.br'), brotliCompressSync(PAGE));
  await writeFile(join(dir, 'index.html.gz'), gzipSync(PAGE));
  await writeFile(join(dir, 'assets', 'index-CMoA.js'), 'console.log("Oja");');
  if (routes) await writeFile(join(dir, ROUTE_PRELOAD_FILE), JSON.stringify(routes));
  return dir;
}

beforeAll(async () => {
  dist = await webBuild();
  distWithRoutes = await webBuild(ROUTES);
  t = await createTestApp({ webDistDir: dist });
  withRoutes = await createTestApp({ webDistDir: distWithRoutes });
});
afterAll(async () => {
  await t.close();
  await withRoutes.close();
  await rm(dist, { recursive: true, force: true });
  await rm(distWithRoutes, { recursive: true, force: true });
});

describe("the page names its route's files too when the build lists them", () => {
  it('the first route that matches the path, whatever the query, in the modes the page then loads them in', async () => {
    const expected: [string, string][] = [
      ['/login', LOGIN],
      ['/login/?next=%2Fdashboard', LOGIN],
      ['/business/iya-bisi/inventory', INVENTORY],
      ['/business/iya-bisi/inventory?page=2', INVENTORY],
      ['/iya-bisi/ceo', `${EXPECTED}, </assets/signed-in-C3.js>; rel=modulepreload`],
      ['/', EXPECTED],
      ['/index.html', EXPECTED],
      ['/no/such/page/here', EXPECTED],
    ];
    for (const [url, link] of expected) {
      // The page as it is, and its brotli and gzip files (the phones take those): each names the same files.
      for (const encoding of ['identity', 'br', 'gzip']) {
        const response = await withRoutes.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${encoding}`).toBe(
          encoding === 'identity' ? undefined : encoding,
        );
        expect(response.headers.link, `${url} ${encoding}`).toBe(link);
      }
    }
  });
});

describe('the page names what it loads first in its Link header', () => {
  it('in the modes of its tags: a second download of each would follow a mismatch', () => {
    expect(preloadLinks(PAGE)).toBe(EXPECTED);
    // A classic script file (none in the build since the early reads went inline): no module, no crossorigin.
    expect(preloadLinks('<script async src="/assets/old-D8Vc.js"></script>')).toBe(
      '</assets/old-D8Vc.js>; rel=preload; as=script',
    );
    expect(preloadLinks('<!doctype html><title>Oja</title>')).toBe('');
  });

  it('on every path of the app, and on index.html itself', async () => {
    for (const url of ['/', '/login', '/business/iya-bisi/inventory', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBe(EXPECTED);
    }
  });

  it('not on the files themselves, nor on the API', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-CMoA.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers.link).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/route' });
    expect(api.statusCode).toBe(404);
    expect(api.headers.link).toBeUndefined();
  });
});
