import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What helmet sets on every answer of Oja: the same for every request (no CSP nonces). Scripts are
 * same-origin files, and the inline scripts of the web app's page (its early reads) by their hashes alone.
 */
const options = (pageScripts: readonly string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval': the barcode scanner compiles its WebAssembly (ZXing, a file of the build); it allows
      // WebAssembly only, never eval of JavaScript.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...pageScripts.map(scriptHash)],
      // Mantine sets style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // Nobody frames Oja (clickjacking); X-Frame-Options says the same to older browsers.
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
  // Served over plain HTTP on a local network too; HSTS is the TLS terminator's business.
  hsts: false,
});

/** A CSP source that allows this inline script and no other: its SHA-256, as the browser hashes its text. */
function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The text of each inline script of a page (a `<script>` without `src`), as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(([, , text]) => text ?? '')
    .filter((text) => text.length > 0);
}

/**
 * The security headers as a constant, made once by helmet itself (so its list and spelling of the headers stay
 * the library's). @fastify/helmet ran helmet(options) anew on every request: it parsed and checked the CSP
 * directives, built a dozen middlewares and called them, through two async hooks and a reply decorator, to
 * write the same eleven headers every time. Oja sets no per-request nonce, so the answer cannot differ.
 * `pageScripts`: the web app's inline scripts (`inlineScripts` of its index.html), each allowed by its hash.
 */
export function securityHeaders(pageScripts: readonly string[] = []): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options(pageScripts))({} as IncomingMessage, recorder, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return Object.freeze(headers);
}
