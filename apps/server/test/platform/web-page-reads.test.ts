import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  ACCESS_COOKIE,
  API_PREFIX,
  CSRF_COOKIE,
  EARLY_ANSWERS_ID,
  ENDPOINTS,
  type PreloadReads,
  ROUTE_PRELOAD_FILE,
} from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createProduct, type Owner, signUpCeo } from '../factories';

/** index.html as the web build writes it: the early reads' script inline after the title, the entry. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Oja</title>
    <script>(function(){})([["", "/api/v1/users/profile/view/"]]);</script>
    <script type="module" crossorigin src="/assets/index-CMoA.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PROFILE = `${API_PREFIX}${ENDPOINTS.accounts.profile.path}`;
const BY_SLUG = `${API_PREFIX}${ENDPOINTS.businesses.getBusinessBySlug.path}`;
const PRODUCTS = `${API_PREFIX}${ENDPOINTS.stock.listProducts.path}`;

/** The build's table (route-preload.ts): the profile everywhere, the business on its pages, then its products. */
const READS: PreloadReads = [
  ['', PROFILE],
  ['^/business/([^/]+)', BY_SLUG, 'slug'],
  ['^/business/[^/]+/inventory/?$', PRODUCTS, 'business_id', { read: 1, field: 'business.id', query: { page: '1' } }],
  // The counter's first copy: the phone's to ask for, as only it knows whether it keeps one.
  [
    '^/business/[^/]+/sell/?$',
    `${API_PREFIX}${ENDPOINTS.catalogue.getCatalogue.path}`,
    'business_id',
    { read: 1, field: 'business.id', query: {}, unlessKept: 'oja-counter-copy-b' },
  ],
];

let t: TestApp;
let dist: string;
let owner: Owner;
let other: Owner;
/** A product named to end the data block early and run a script of its own, were it written as it is. */
const HOSTILE = '</script><script>alert(1)</script><!--';

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'oja-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), PAGE);
  await writeFile(
    join(dist, ROUTE_PRELOAD_FILE),
    JSON.stringify({
      names: ['assets/inventory-E5.js'],
      routes: [['^/business/[^/]+/inventory/?$', [0]]],
      reads: READS,
    }),
  );
  t = await createTestApp({ webDistDir: dist });
  owner = await signUpCeo(t);
  other = await signUpCeo(t);
  await createProduct(t, owner, { product_name: HOSTILE });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const cookie = (token: string) => `${ACCESS_COOKIE}=${token}; ${CSRF_COOKIE}=abc`;

async function load(url: string, token?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...(token ? { cookie: cookie(token) } : {}), ...headers } });
}

/** The data block's answers by URL, or undefined when the page has none. */
function answersIn(html: string): Record<string, unknown> | undefined {
  const found = new RegExp(`<script type="application/json" id="${EARLY_ANSWERS_ID}">(.*?)</script>`, 's').exec(html);
  return found ? JSON.parse(found[1] ?? '') : undefined;
}

/** What the API answers the phone's own GET of this URL with its session. */
async function apiAnswer(url: string, token: string): Promise<unknown> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie(token) } });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe("a signed-in page comes with its first screen's answers", () => {
  it("each the API's own answer to the URL the app asks, the products' after the business's", async () => {
    const slug = owner.business.slug;
    const response = await load(`/business/${slug}/inventory`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.link).toContain('</assets/inventory-E5.js>; rel=modulepreload');
    const bySlug = `${BY_SLUG}?${new URLSearchParams({ slug })}`;
    const products = `${PRODUCTS}?${new URLSearchParams({ business_id: String(owner.businessId), page: '1' })}`;
    const answers = answersIn(response.body);
    expect(Object.keys(answers ?? {}).sort()).toEqual([PROFILE, bySlug, products].sort());
    for (const url of [PROFILE, bySlug, products])
      expect(answers?.[url], url).toEqual(await apiAnswer(url, owner.token));
    // Before the page's own inline script, which reads it as the page is parsed.
    expect(response.body.indexOf(EARLY_ANSWERS_ID)).toBeLessThan(response.body.indexOf('<script>(function'));
  });

  it("are this user's: no cache keeps the page, neither a shared one nor the phone's", async () => {
    const response = await load('/dashboard', owner.token);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(answersIn(response.body)?.[PROFILE]).toEqual(await apiAnswer(PROFILE, owner.token));
  });

  it('hold a name that would end the block as data: no markup of its own, the same string once parsed', async () => {
    const response = await load(`/business/${owner.business.slug}/inventory`, owner.token);
    // The block, the page's inline script and its entry: the name's own <script> is not markup.
    expect(response.body.match(/<script\b/g)).toHaveLength(3);
    expect(response.body.match(/<\/script>/g)).toHaveLength(3);
    const products = Object.entries(answersIn(response.body) ?? {}).find(([url]) => url.startsWith(PRODUCTS))?.[1];
    expect(JSON.stringify(products)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('leave out what the API refuses: another business is not read, nor its products', async () => {
    const response = await load(`/business/${other.business.slug}/inventory`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(answersIn(response.body) ?? {})).toEqual([PROFILE]);
  });

  it("never hold what the phone may keep: the Sell screen's copy is the phone's own read", async () => {
    const slug = owner.business.slug;
    const response = await load(`/business/${slug}/sell`, owner.token);
    expect(Object.keys(answersIn(response.body) ?? {}).sort()).toEqual(
      [PROFILE, `${BY_SLUG}?${new URLSearchParams({ slug })}`].sort(),
    );
  });

  it("read the products only for the page's default view: another view's first request is the app's", async () => {
    const response = await load(`/business/${owner.business.slug}/inventory?page=2`, owner.token);
    expect(Object.keys(answersIn(response.body) ?? {}).some((url) => url.startsWith(PRODUCTS))).toBe(false);
  });

  it('come compressed to a phone that asks for brotli', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/business/${owner.business.slug}/inventory`,
      headers: { cookie: cookie(owner.token), 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(Object.keys(answersIn(html) ?? {})).toHaveLength(3);
  });
});

describe('a page without answers is the page as built', () => {
  it('for a guest, or a session the API refuses', async () => {
    for (const [url, token] of [
      ['/dashboard', undefined],
      ['/dashboard', 'not-a-token'],
    ] as const) {
      const response = await load(url, token);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(PAGE);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a malformed %-escape in the address is refused as before the reads: a 4xx, never an error', async () => {
    const url = '/business/%E0%A4%A/inventory';
    const guest = await load(url);
    const signedIn = await load(url, owner.token);
    expect(guest.statusCode).toBe(400);
    expect(signedIn.statusCode).toBe(guest.statusCode);
  });

  it('for a HEAD request, which reads nothing', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: '/dashboard',
      headers: { cookie: cookie(owner.token) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
