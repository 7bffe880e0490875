import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('Oja '.repeat(1000))});`;
// Each variant says which file it is, so that a test sees the build's file was sent, not one compressed now.
const fromBr = `${script}//br`;
const fromGz = `${script}//gz`;

beforeAll(async () => {
  // A web build as `npm run build` leaves it: hashed assets with their .br and .gz beside them.
  dist = await mkdtemp(join(tmpdir(), 'oja-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Oja</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
  await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(fromBr));
  await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(fromGz));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app', () => {
  it('sends the brotli file written at build time to a browser that takes brotli, to keep forever', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(fromBr);
  });

  it('falls back to the gzip file, then to the file itself', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(fromGz);
    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers any other page with the app's index.html, never cached, and unknown API paths with JSON 404", async () => {
    const page = await get('/business/some-shop/inventory');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"></div>');
    const api = await get('/api/v1/nothing-here/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ detail: expect.any(String) });
  });
});
