import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_ENDPOINTS, ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScripts, securityHeaders } from '../../src/platform/security-headers';
import { createTestApp, type TestApp } from '../app';
import { signUpCeo } from '../factories';
import { apiClient } from '../http';

let t: TestApp;
let dist: string;

/** A page as the web build writes it: an inline script (the early reads) beside the entry's file. */
const PAGE = `<!doctype html><title>Oja</title>
<script>window.early=1;</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<div id="root"></div>`;
/** `printf '%s' 'window.early=1;' | openssl dgst -sha256 -binary | base64`: the hash a browser checks. */
const EARLY_HASH = "'sha256-jK4Zr3ZV3fbgSi/4UsoGRZkxIOB7PGBRFcmWD7Mta64='";

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'oja-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), PAGE);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("Oja");');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** What every answer must carry, whoever asks and whatever the answer is. */
function expectSecurityHeaders(what: string, headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: Content-Security-Policy`).not.toBe('');
  expect(csp, `${what}: frame-ancestors`).toMatch(/(^|;)\s*frame-ancestors ('none'|'self')\s*(;|$)/);
  expect(csp, `${what}: default-src`).toMatch(/(^|;)\s*default-src 'self'/);
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(String(headers['referrer-policy'] ?? ''), `${what}: Referrer-Policy`).not.toBe('');
  const frameOptions = String(headers['x-frame-options'] ?? '').toUpperCase();
  expect(['DENY', 'SAMEORIGIN'], `${what}: X-Frame-Options`).toContain(frameOptions);
}

describe('security headers', () => {
  it('are on the answer of every route of the endpoint table, even to empty input', async () => {
    const api = apiClient(t.app);
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(0);
    for (const entry of ALL_ENDPOINTS) {
      const answer = await api.send(entry, entry.method === 'GET' ? {} : { body: {} });
      const what = `${entry.method} ${entry.path} (${answer.status})`;
      expect(answer.status, what).toBeLessThan(500);
      expectSecurityHeaders(what, answer.headers);
      // A route added to the table is kept by no browser or proxy, as its siblings are.
      expect(answer.headers['cache-control'], `${what}: Cache-Control`).toBe('no-store');
    }
  });

  it('include Cache-Control: no-store on every API answer, signed in or not, success or error', async () => {
    const api = apiClient(t.app);
    const ceo = await signUpCeo(t);
    const as = { token: ceo.token };
    const answers = {
      profile: await api.call(ENDPOINTS.accounts.profile, undefined, as),
      businesses: await api.call(ENDPOINTS.businesses.listBusinesses, undefined, as),
      updateProfile: await api.call(ENDPOINTS.accounts.updateProfile, { first_name: 'Ada', last_name: 'Obi' }, as),
      refresh: await api.call(ENDPOINTS.accounts.refresh, { refresh_token: ceo.refreshToken }),
      anotherBusiness: await api.call(ENDPOINTS.businesses.getOverview, { business_id: 999_999_999 }, as),
      noSession: await api.send(ENDPOINTS.accounts.profile, {}),
    };
    expect(answers.profile.status).toBe(200);
    expect(answers.refresh.status).toBe(200);
    expect(answers.anotherBusiness.status).toBe(404);
    for (const [what, answer] of Object.entries(answers))
      expect(answer.headers['cache-control'], what).toBe('no-store');
  });

  it('are on an unknown API path', async () => {
    const answer = await apiClient(t.app).unknownPath('GET', '/no/such/route');
    expect(answer.status).toBe(404);
    expectSecurityHeaders('unknown API path', answer.headers);
  });

  it('are on the web app and its assets', async () => {
    for (const url of ['/', '/sales/new', '/assets/index-abc123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(url, response.headers);
    }
  });

  it('are all of what helmet makes of the options, on an API answer and on a page', async () => {
    const expected = securityHeaders(['window.early=1;']);
    // helmet's set: CSP, the cross-origin policies, Origin-Agent-Cluster, Referrer-Policy and the X- headers.
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(expected['cross-origin-opener-policy']).toBe('same-origin');
    expect(expected['strict-transport-security']).toBeUndefined();
    for (const url of ['/healthz', '/api/v1/no-such-route', '/']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${url}: ${name}`).toBe(value);
    }
  });

  it("allow the page's own inline script by its hash, and no other inline script, on every answer", async () => {
    for (const url of ['/', '/dashboard', '/api/v1/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      const scriptSrc = String(response.headers['content-security-policy']).match(/(?:^|;)\s*script-src ([^;]*)/)?.[1];
      // WebAssembly (the barcode scanner's reader) compiles; JavaScript is never evaluated from a string.
      expect(scriptSrc, url).toBe(`'self' 'wasm-unsafe-eval' ${EARLY_HASH}`);
    }
    // Without a built page (the API alone), scripts are same-origin files only.
    expect(securityHeaders()['content-security-policy']).toMatch(/(?:^|;)script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  });

  it('find the inline scripts of a page, not those loaded from a file nor empty ones', () => {
    const page = `${PAGE}<script src="/a.js"></script><SCRIPT type="text/javascript">b()</SCRIPT><script></script>`;
    expect(inlineScripts(page)).toEqual(['window.early=1;', 'b()']);
  });
});
