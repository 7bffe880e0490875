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
const COMPRESSED_AT_ONCE = /^(?:application\/json|text\/html)\b/;

/** What the phones ask for, in the server's order of preference: brotli's bytes are the fewest. */
const ENCODINGS = ['br', 'gzip', 'identity'];

/**
 * The API's JSON answers, compressed in one call each, before @fastify/compress would (it skips an answer
 * whose Content-Encoding is set). A phone's browser asks for gzip and brotli with every request, and
 * @fastify/compress turns every answer into a stream for it: a Readable over the string, a brotli stream
 * with its 4 MB window, piped, then sent chunked. For a page of the product list (13,022 bytes) that was
 * 356 µs of CPU against 65 µs for brotliCompressSync at the same quality (4) and the same 1,715 bytes;
 * the overview's 3,194 bytes, 234 → 42 µs (node 20, 3,000 runs each). The answer also keeps its
 * Content-Length instead of chunks.
 *
 * Quality 3 rather than @fastify/compress's 4: the list's page in 45 µs and 1,780 bytes (65 more, 0.3 ms at
 * Slow 4G's 1.6 Mbps), the overview's in 29 µs and 995 bytes. Under load the compression took 12% of the
 * server's CPU profile at quality 4. Load bench with the phones' Accept-Encoding (bench/README.md, eleventh
 * round), two alternated pairs each: the streams → one call at quality 4, the product list 995-1,022 →
 * 1,466-1,467 req/s, node's CPU 1.13-1.16 → 0.67-0.68 ms per request, p99 60-61 → 37-38 ms; the overview
 * 860-861 → 1,127-1,152 req/s, p99 62-65 → 43 ms. Quality 4 → 3: the list 1,472-1,486 → 1,602-1,618 req/s,
 * node 0.67 → 0.58-0.59 ms; the overview 1,139-1,159 → 1,227 req/s, node 0.63-0.64 → 0.56-0.57 ms.
 *
 * On the event loop, not with zlib's callback form: that runs on libuv's threadpool of 4, where each login's
 * argon2id hash (@node-rs/argon2, tens of milliseconds) would hold the answers queued behind it.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return payload;
    if (!COMPRESSED_AT_ONCE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
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
            [constants.BROTLI_PARAM_QUALITY]: 3,
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
 * → 4.9 µs. In the load bench, 22 µs of the list's ~550 per request is within its noise (bench/README.md,
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
