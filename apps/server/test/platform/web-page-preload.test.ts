import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadLinks } from '../../src/app';
import { createTestApp, type TestApp } from '../app';

/** index.html as the web build writes it: the route preloader (classic, async), the entry, its style sheet. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script async src="/assets/route-preload-D8Vc.js"></script>
    <script type="module" crossorigin src="/assets/index-CMoA.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-DuSU.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const EXPECTED =
  '</assets/route-preload-D8Vc.js>; rel=preload; as=script, </assets/index-CMoA.js>; rel=modulepreload, ' +
  '</assets/index-DuSU.css>; rel=preload; as=style; crossorigin';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'oja-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), PAGE);
  await writeFile(join(dist, 'assets', 'index-CMoA.js'), 'console.log("Oja");');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the page names what it loads first in its Link header', () => {
  it('in the modes of its tags: a second download of each would follow a mismatch', () => {
    expect(preloadLinks(PAGE)).toBe(EXPECTED);
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
