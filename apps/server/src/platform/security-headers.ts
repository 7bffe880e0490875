import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet sets on every answer of Oja: the same for every request (no CSP nonces). */
const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Mantine sets style attributes; scripts stay same-origin only.
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
};

/**
 * The security headers as a constant, made once by helmet itself (so its list and spelling of the headers stay
 * the library's). @fastify/helmet ran helmet(options) anew on every request: it parsed and checked the CSP
 * directives, built a dozen middlewares and called them, through two async hooks and a reply decorator, to
 * write the same eleven headers every time. Oja sets no per-request nonce, so the answer cannot differ.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
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
  helmet(OPTIONS)({} as IncomingMessage, recorder, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return Object.freeze(headers);
}
