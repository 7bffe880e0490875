import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { ENDPOINTS } from '@oja/contract';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPRESS_AT_ONCE_UP_TO_BYTES,
  COMPRESS_FROM_BYTES,
  compressAnswers,
  JSON_BROTLI_QUALITY,
  PAGE_BROTLI_QUALITY,
  windowBitsFor,
} from '../../src/platform/compress-answers';
import { createTestApp, type TestApp } from '../app';
import { createProduct, signUpCeo } from '../factories';

let t: TestApp;
let shop: Awaited<ReturnType<typeof signUpCeo>>;
let listUrl: string;
/** Chromium's, on the phones the app runs on. */
const PHONE = 'gzip, deflate, br, zstd';

beforeAll(async () => {
  t = await createTestApp();
  shop = await signUpCeo(t);
  for (let n = 1; n <= 6; n++) {
    await createProduct(t, shop, {
      product_name: `Compressed Rice ${n}`,
      batches: [{ batch_number: `LOT-${n}`, quantity: n }],
    });
  }
  listUrl = `/api/v1${ENDPOINTS.stock.listProducts.path}?business_id=${shop.business.id}`;
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${shop.token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe("the API's JSON answers", () => {
  it('go to a phone in brotli, in one piece with their length, and say the same', async () => {
    const plain = await get(listUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const answer = await get(listUrl, PHONE);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/);
    // Compressed at once, not streamed: a stream goes in chunks, without a length.
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual(plain.json());
  });

  it('go in gzip to a client that takes only gzip, and as they are to one that takes neither', async () => {
    const plain = await get(listUrl);
    const gzipped = await get(listUrl, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    for (const refusing of ['identity', 'br;q=0, gzip;q=0', 'compress']) {
      const answer = await get(listUrl, refusing);
      expect(answer.headers['content-encoding'], refusing).toBeUndefined();
      expect(answer.json(), refusing).toEqual(plain.json());
    }
  });

  it('under 1 KB go as they are, whatever the client takes', async () => {
    const small = await get(
      `/api/v1${ENDPOINTS.stock.listProducts.path}?business_id=${shop.business.id}&search=zzzz`,
      PHONE,
    );
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe("brotli's window", () => {
  /** What brotli can look back over with a window of `bits`: 2^bits less 16 bytes. */
  const span = (bits: number) => 2 ** bits - 16;

  it('holds the whole answer, and is no larger than it needs to be', () => {
    fc.assert(
      fc.property(fc.integer({ min: COMPRESS_FROM_BYTES, max: COMPRESS_AT_ONCE_UP_TO_BYTES }), (size) => {
        const bits = windowBitsFor(size);
        expect(bits).toBeLessThanOrEqual(18);
        // 18 bits span 16 bytes less than the largest answer compressed here: all but its last 16 bytes.
        expect(span(bits)).toBeGreaterThanOrEqual(Math.min(size, span(18)));
        if (bits > constants.BROTLI_MIN_WINDOW_BITS) expect(span(bits - 1)).toBeLessThan(size);
      }),
    );
  });

  it("costs a page of the list no bytes against the largest window's", async () => {
    const page = (await get(listUrl)).rawPayload;
    const bytesWith = (bits: number) =>
      brotliCompressSync(page, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_LGWIN]: bits,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
        },
      }).length;
    const sent = (await get(listUrl, PHONE)).rawPayload.length;
    expect(sent).toBe(bytesWith(windowBitsFor(page.length)));
    // The window's size is written in the stream's first bytes: one byte either way at the most.
    expect(sent).toBeLessThanOrEqual(bytesWith(18) + 1);
  });
});

describe("brotli's quality", () => {
  /** An answer's bytes in brotli at `quality`, with the window and mode the server gives it. */
  const brotliBytes = (text: string, quality: number) => {
    const size = Buffer.byteLength(text);
    return brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(size),
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }).length;
  };

  it("is the fast one for the API's JSON and the closer one for a page, which is on the first draw's path", async () => {
    expect(JSON_BROTLI_QUALITY).toBeLessThan(PAGE_BROTLI_QUALITY);
    const app = Fastify();
    compressAnswers(app);
    const rows = Array.from({ length: 60 }, (_, n) => ({ id: n, product_name: `Rice ${n % 7} kg`, quantity: n * 3 }));
    const page = `<!doctype html><html><body><script>${JSON.stringify(rows)}</script></body></html>`;
    app.get('/json', async () => ({ rows }));
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
    const headers = { 'accept-encoding': PHONE };
    const json = await app.inject({ method: 'GET', url: '/json', headers });
    const html = await app.inject({ method: 'GET', url: '/page', headers });
    await app.close();
    expect(json.headers['content-encoding']).toBe('br');
    expect(html.headers['content-encoding']).toBe('br');
    // Each answer's bytes are those of its quality, and the two qualities give this text different bytes.
    const jsonText = JSON.stringify({ rows });
    expect(brotliBytes(jsonText, JSON_BROTLI_QUALITY)).not.toBe(brotliBytes(jsonText, PAGE_BROTLI_QUALITY));
    expect(json.rawPayload.length).toBe(brotliBytes(jsonText, JSON_BROTLI_QUALITY));
    expect(brotliBytes(page, JSON_BROTLI_QUALITY)).not.toBe(brotliBytes(page, PAGE_BROTLI_QUALITY));
    expect(html.rawPayload.length).toBe(brotliBytes(page, PAGE_BROTLI_QUALITY));
    expect(brotliDecompressSync(html.rawPayload).toString()).toBe(page);
  });
});

describe('an answer larger than one call should hold the event loop for', () => {
  it('is left to @fastify/compress, which streams it', async () => {
    const app = Fastify();
    compressAnswers(app);
    await app.register(fastifyCompress, { threshold: COMPRESS_FROM_BYTES });
    const big = { rows: 'x'.repeat(COMPRESS_AT_ONCE_UP_TO_BYTES) };
    const medium = { rows: 'x'.repeat(COMPRESS_FROM_BYTES * 4) };
    app.get('/big', async () => big);
    app.get('/medium', async () => medium);
    const headers = { 'accept-encoding': PHONE };
    const streamed = await app.inject({ method: 'GET', url: '/big', headers });
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(brotliDecompressSync(streamed.rawPayload).toString())).toEqual(big);
    const atOnce = await app.inject({ method: 'GET', url: '/medium', headers });
    expect(atOnce.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(atOnce.rawPayload).toString())).toEqual(medium);
    await app.close();
  });
});
