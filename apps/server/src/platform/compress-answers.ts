import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go as they are: compressing them saves less than its own headers cost. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Larger answers are left to @fastify/compress, which streams them: compressing one that large in one call
 * would hold the event loop too long. The API's JSON answers are far smaller.
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
 * sized to the answer. Qualities 2 and 3 clear a table of 2^16 entries on every call for an answer over
 * 2 KB, which under load, with PostgreSQL's backends on the same cores, costs node far more than on an idle
 * machine. The phone pays a few hundred bytes an answer for it (the load bench's figures: bench/README.md).
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
 * with its 4 MB window, piped, then sent chunked: several times the CPU of one brotliCompressSync call for
 * the same bytes (bench/README.md). The answer also keeps its Content-Length instead of chunks.
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
 * larger than the answer finds nothing more to match: the same bytes for less CPU, most of it the kernel's
 * page faults.
 */
export function windowBitsFor(size: number): number {
  return Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.min(LARGEST_WINDOW_BITS, Math.ceil(Math.log2(size + 16))));
}

function varyWithEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}
