import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go as they are: compressing them saves less than its own headers cost. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Larger answers are left to @fastify/compress, which streams them: compressing 256 KB in one call holds
 * the event loop for ~1.5 ms. No JSON answer of the API comes near it today (a page of the product list is
 * 13 KB).
 */
export const COMPRESS_AT_ONCE_UP_TO_BYTES = 256 * 1024;
/** The window that holds the largest answer compressed at once: 18 bits. */
const LARGEST_WINDOW_BITS = Math.log2(COMPRESS_AT_ONCE_UP_TO_BYTES);

/** The API's JSON, and a signed-in page written with its first answers (page-reads.ts), a few KB each. */
const COMPRESSED_AT_ONCE = /^(?:application\/json|(?<page>text\/html))\b/;

/** What the phones ask for, in the server's order of preference: brotli's bytes are the fewest. */
const ENCODINGS = ['br', 'gzip', 'identity'];

/**
 * Brotli's quality for the API's JSON answers: 1, one of its two fast compressors, whose hash table is
 * sized to the answer (16,384 entries, 64 KB, for a page of the list). Qualities 2 and 3 clear a table of
 * 2^16 entries (256 KB) on every call for an answer over 2 KB, and under load, with PostgreSQL's backends
 * on the same two cores, an answer cost node several times what it costs on an idle machine: a page of the
 * list takes 47-67 µs at quality 3 alone and 26-32 µs at quality 1, but node's CPU a request fell by
 * 0.15-0.17 ms. Load bench, two alternated pairs on copies of the same data (bench/HISTORY.md, seventeenth
 * round), node's CPU a request and req/s, quality 3 → 1: the product list 0.77 → 0.60-0.62 ms, 1,309-1,312
 * → 1,494-1,569 req/s; the overview 0.70 → 0.56-0.60 ms; the sales list 1.08-1.11 → 0.93-0.95 ms; the
 * search 0.76-0.80 → 0.68-0.72 ms. Quality 2, one run: the list 0.67 ms, the overview 0.61. The phone pays
 * for it in bytes: a page of the list 1,487 → 1,969 (2.4 ms at Slow 4G's 1.6 Mbps), the overview 1,377 →
 * 1,604, a page of sales 1,238 → 1,389 (quality 2: 1,537, 1,437, 1,329).
 */
export const JSON_BROTLI_QUALITY = 1;
/**
 * A signed-in page written with its first screen's answers (page-reads.ts) is one answer a visit, on
 * the path to the phone's first draw, where its bytes count more than its CPU: quality 3.
 */
export const PAGE_BROTLI_QUALITY = 3;

/**
 * The API's JSON answers, compressed in one call each, before @fastify/compress would (it skips an answer
 * whose Content-Encoding is set). A phone's browser asks for gzip and brotli with every request, and
 * @fastify/compress turns every answer into a stream for it: a Readable over the string, a brotli stream
 * with its 4 MB window, piped, then sent chunked. For a page of the product list (13,022 bytes) that was
 * 356 µs of CPU against 65 µs for brotliCompressSync at the same quality (4) and the same 1,715 bytes;
 * the overview's 3,194 bytes, 234 → 42 µs (node 20, 3,000 runs each). The answer also keeps its
 * Content-Length instead of chunks. Load bench with the phones' Accept-Encoding (bench/HISTORY.md, eleventh
 * round), two alternated pairs each: the streams → one call at quality 4, the product list 995-1,022 →
 * 1,466-1,467 req/s, node's CPU 1.13-1.16 → 0.67-0.68 ms per request, p99 60-61 → 37-38 ms; the overview
 * 860-861 → 1,127-1,152 req/s, p99 62-65 → 43 ms. Then quality 4 → 3 (the list 1,472-1,486 → 1,602-1,618
 * req/s, node 0.67 → 0.58-0.59 ms), and 3 → 1 for JSON (JSON_BROTLI_QUALITY).
 *
 * On the event loop, not with zlib's callback form: that runs on libuv's threadpool of 4, where each login's
 * argon2id hash (@node-rs/argon2, tens of milliseconds) would hold the answers queued behind it.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return payload;
    const type = COMPRESSED_AT_ONCE.exec(String(reply.getHeader('content-type') ?? ''));
    if (!type) return payload;
    // Measured once the answer is known to be one of them: byteLength walks the whole string.
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_FROM_BYTES || size > COMPRESS_AT_ONCE_UP_TO_BYTES) return payload;
    const accepted = request.headers['accept-encoding'];
    // As @fastify/compress reads it: "*" and x-gzip mean gzip (RFC 7230, 4.2.3).
    const encoding = accepted ? negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) : null;
    if (encoding !== 'br' && encoding !== 'gzip') return payload;
    reply.header('content-encoding', encoding);
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    reply.removeHeader('content-length');
    return encoding === 'br'
      ? brotliCompressSync(payload, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: type.groups?.page ? PAGE_BROTLI_QUALITY : JSON_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(size),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : gzipSync(payload);
  });
}

/**
 * The smallest brotli window that holds the whole answer (a window of `bits` spans 2^bits - 16 bytes: 14
 * bits for a 13 KB page of the list), rather than one for the largest answer compressed here (18 bits) or
 * brotli's 4 MB: the encoder's buffers follow the window and are made anew on every call, and a window
 * larger than the answer finds nothing more to match. Four real pages of the load bench's list and search
 * (13.3-13.4 KB), brotliCompressSync alone, 4,000 runs, node 20 with `npm start`'s MALLOC_MMAP_THRESHOLD_:
 * the same 1,470 bytes on average, CPU 67.6 → 45.5 µs per answer, of which the kernel's (page faults) 22.8
 * → 4.9 µs. In the load bench, 22 µs of the list's ~550 per request is within its noise (bench/HISTORY.md,
 * twelfth round).
 */
export function windowBitsFor(size: number): number {
  return Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.min(LARGEST_WINDOW_BITS, Math.ceil(Math.log2(size + 16))));
}

function varyWithEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}
