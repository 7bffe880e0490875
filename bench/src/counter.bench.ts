/// <reference lib="dom" />
/**
 * The counter's numbers (issue 53, ADR 0013/0014), measured in the real built app in Debian's Chromium with the
 * network held to Lighthouse's mobile Slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up) and the CPU slowed 4×
 * (Chrome DevTools Protocol), BENCH_COUNTER_RUNS times (3), each in a fresh browser context (empty store, empty cache):
 *
 * - the copy of 5,000 products and 500 customers: its bytes on the wire over all its pages (gzip, headers
 *   included), and the time from opening the Sell screen until it shows "products as of" (the copy applied);
 * - a search over that copy: queries typed into the Sell screen's search box one key at a time, each key timed
 *   from its input event to the results for it laid out (the event's timestamp to the list saying that query
 *   after React's commit, with the layout forced);
 * - the repeat visit: the Sell screen opened again once the service worker is in charge, counting the JS and
 *   CSS bytes that came from the network rather than from the worker;
 * - a business of 100,000 products: the copy is partial (what sold in the last 90 days), its size and time, the
 *   note that says so, a sale made on the Sell screen from it and recorded, and the online product search for
 *   a product outside the copy.
 *
 * Exits 1 when a target is missed.
 *
 *   npm run bench:counter -w bench
 *
 * BENCH_COUNTER_RUNS, BENCH_COUNTER_QUERIES and BENCH_COUNTER_LARGE change the runs, the queries typed and the
 * large business's products (0: none, the copy and the search alone); BENCH_COUNTER_KEEP_BUILD=true keeps the web
 * build (apps/web/dist-counter-bench) for the next run, and uses one already there, another build's for an A/B;
 * BENCH_COUNTER_PROFILE=folder writes the first run's CPU profiles of the copy and the search there;
 * BENCH_COUNTER_KEYS=file each run's keys with their times.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  ACCOUNT_ENDPOINTS,
  API_PREFIX,
  CATALOGUE_ENDPOINTS,
  COUNTER_ENDPOINTS,
  COUNTER_SCREEN_MESSAGES,
  type CounterSaleBody,
  counterTotals,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  requestOf,
  STOCK_ENDPOINTS,
} from '@oja/contract';
import { hashPassword } from '@oja/server/bench';
import type pg from 'pg';
import puppeteer, {
  type Browser,
  type BrowserContext,
  type CDPSession,
  type CookieData,
  type Page,
} from 'puppeteer-core';
import { hostSpeedMs } from './host-speed';
import { ROOT, startProductionBuild } from './started-build';

const BUILD = 'counter-bench';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_COUNTER_RUNS ?? 3);
const QUERIES = Number(process.env.BENCH_COUNTER_QUERIES ?? 40);
const PRODUCTS = 5_000;
const CUSTOMERS = 500;
const LARGE_PRODUCTS = Number(process.env.BENCH_COUNTER_LARGE ?? 100_000);
/**
 * The transactions the shop's products are written in: one (the default) gives them one version, and the copy
 * comes in one page; more, as a shop writes them over time, in pages of CATALOGUE_PAGE_SIZE.
 */
const SHOP_WRITES = Number(process.env.BENCH_COUNTER_WRITES ?? 1);
/** Sales made in the large business before its copy, so that its partial copy holds what sold lately. */
const LARGE_SALES = 20;
const LARGE_LINES = 50;
const PASSWORD = 'counter-bench-pass';
/** A folder: the first run's CPU profiles of the page (copy.cpuprofile, search.cpuprofile), for Chrome's DevTools. */
const PROFILE_DIR = process.env.BENCH_COUNTER_PROFILE;
/** A file name: each run's keys typed, their queries and times, as JSON in FILE.1, FILE.2… */
const KEYS_FILE = process.env.BENCH_COUNTER_KEYS;

/** Lighthouse's mobile Slow 4G, as the brief of issue 53 names it, and its 4× CPU slowdown. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

export const COUNTER_TARGETS = {
  copyBytes: 600 * 1024,
  copyAppliedMs: 5_000,
  searchP95Ms: 30,
  repeatVisitAssetBytes: 0,
};

let baseUrl = '';

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const log = (line: string) => process.stdout.write(`${line}\n`);
const parts = (copy: Copy) =>
  `server ${ms(copy.serverWaitMs)}, download ${ms(copy.downloadMs)}, page's work after the last page ${ms(copy.afterLastPageMs)}; ` +
  `pages asked/answered/downloaded at ${copy.timeline.map((at) => at.map((value) => value.toFixed(0)).join('/')).join(', ')} ms`;

async function call<E extends Endpoint>(entry: E, input: EndpointInput<E>, token?: string) {
  const request = requestOf(entry, input);
  const url = new URL(`${baseUrl}${API_PREFIX}${request.path}`);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  const began = performance.now();
  const answer = await fetch(url, {
    method: request.method,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'accept-encoding': 'gzip, deflate, br, zstd',
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const body = (await answer.json()) as { response_data: EndpointData<E>; response_description: string };
  if (!answer.ok) throw new Error(`${request.path} answered ${answer.status}: ${body.response_description}`);
  return { data: body.response_data, cookies: answer.headers.getSetCookie(), ms: performance.now() - began };
}

function buildWeb(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: ROOT,
      env: { ...process.env, OJA_BUILD: BUILD },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`The web build exited with ${code}.`))));
  });
}

/**
 * A business with its CEO, `products` products (names a shop has, a SKU and a barcode each, one batch with
 * stock) and `customers` registered customers, written with set-based SQL.
 */
async function createBusiness(
  db: pg.Pool,
  passwordHash: string,
  tag: string,
  products: number,
  customers: number,
  writes = 1,
): Promise<{ businessId: number; slug: string; username: string }> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const username = `counter.bench.${tag}`;
    const owner = await client.query<{ id: string }>(
      `insert into users (first_name, last_name, username, password_hash, is_active, account_role)
       values ('Bench', 'Owner', $1, $2, true, 'ceo') returning id`,
      [username, passwordHash],
    );
    const ownerId = Number(owner.rows[0]?.id);
    const slug = `counter-bench-${tag}`;
    const business = await client.query<{ id: string }>(
      'insert into businesses (name, slug, owner_id) values ($1, $2, $3) returning id',
      [`Counter Bench ${tag}`, slug, ownerId],
    );
    const businessId = Number(business.rows[0]?.id);
    await client.query(`insert into memberships (business_id, user_id, role, is_active) values ($1, $2, 'ceo', true)`, [
      businessId,
      ownerId,
    ]);
    await client.query('update users set current_business_id = $1 where id = $2', [businessId, ownerId]);
    for (let write = 0; write < writes; write++) {
      // Each write its own transaction, so its own version of the copy (ADR 0014).
      if (write > 0) await client.query('commit; begin');
      const first = Math.floor((products * write) / writes) + 1;
      const last = Math.floor((products * (write + 1)) / writes);
      await writeProducts(client, businessId, first, last);
    }
    await client.query(
      `with customer as (
         insert into users (first_name, last_name, username, password_hash, is_active, account_role, phone_number)
         select 'Customer', 'No. ' || i, 'counter.bench.' || $2 || '.customer.' || i, $3, true, 'member',
                '+23480' || lpad(i::text, 8, '0')
         from generate_series(1, $4::int) as i returning id)
       insert into memberships (business_id, user_id, role, is_active) select $1, id, 'customer', true from customer`,
      [businessId, tag, passwordHash, customers],
    );
    await client.query('commit');
    await client.query('analyze');
    return { businessId, slug, username };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The shop's products numbered `first` to `last`, with a batch each, in the caller's transaction. */
async function writeProducts(client: pg.PoolClient, businessId: number, first: number, last: number): Promise<void> {
  await client.query(
    `insert into products (business_id, product_name, sku, barcode, cost_price, selling_price, currency)
     select $1,
       (array['Peak', 'Dano', 'Milo', 'Indomie', 'Golden Penny', 'Dangote', 'Honeywell', 'Power', 'Mamador',
              'Kings', 'Devon', 'Ariel', 'Omo', 'Close-Up', 'Pepsodent', 'Lux', 'Dettol', 'Hypo', 'Maggi',
              'Knorr', 'Nestle', 'Cowbell', 'Three Crowns', 'Chi', 'Hollandia'])[1 + i % 25]
       || ' ' ||
       (array['Milk', 'Noodles', 'Sugar', 'Rice', 'Semovita', 'Spaghetti', 'Oil', 'Soap', 'Detergent',
              'Toothpaste', 'Cubes', 'Juice', 'Yoghurt', 'Biscuits', 'Flour', 'Tomato Paste', 'Beverage',
              'Custard', 'Salt', 'Sardines'])[1 + (i / 25) % 20]
       || ' ' || (array['50g', '120g', '400g', '500g', '1kg', '2kg', '5kg', '1L', '2L', '5L'])[1 + (i / 500) % 10]
       || ' #' || i,
       'SKU-' || lpad(i::text, 6, '0'), '6' || lpad((1000000 + i)::text, 12, '0'),
       (50 + i % 5000)::numeric(14, 2), (80 + i % 5000)::numeric(14, 2) + 0.50, 'NGN'
     from generate_series($2::int, $3::int) as i`,
    [businessId, first, last],
  );
  await client.query(
    `with batch as (
       insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date, cost_price)
       select business_id, id, 'LOT-' || id, 100 + id % 400, null, cost_price from products
       where business_id = $1 and sku between 'SKU-' || lpad($2::text, 6, '0') and 'SKU-' || lpad($3::text, 6, '0')
       returning business_id, product_id, id, quantity)
     insert into stock_movements (business_id, product_id, batch_id, delta, reason)
     select business_id, product_id, id, quantity, 'initial' from batch`,
    [businessId, first, last],
  );
}

/** The browser's cookies of a login as `username`. */
async function cookiesOf(username: string): Promise<{ cookies: CookieData[]; token: string }> {
  const answer = await call(ACCOUNT_ENDPOINTS.login, { email_or_username: username, password: PASSWORD });
  const { hostname } = new URL(baseUrl);
  const cookies = answer.cookies.map((line): CookieData => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
  });
  return { cookies, token: answer.data.access_token };
}

type Wire = { catalogueBytes: number; cataloguePages: number; assetBytesFromNetwork: number; assetFiles: string[] };

/** Counts what crosses the network: the catalogue's pages, and the JS/CSS the service worker did not answer. */
async function watchWire(session: CDPSession): Promise<Wire> {
  const wire: Wire = { catalogueBytes: 0, cataloguePages: 0, assetBytesFromNetwork: 0, assetFiles: [] };
  const kinds = new Map<string, { kind: 'catalogue' | 'asset'; path: string }>();
  session.on('Network.responseReceived', (event) => {
    const path = new URL(event.response.url).pathname;
    if (path.endsWith(CATALOGUE_ENDPOINTS.getCatalogue.path)) kinds.set(event.requestId, { kind: 'catalogue', path });
    else if (/\.(js|css)$/.test(path) && !event.response.fromServiceWorker) {
      kinds.set(event.requestId, { kind: 'asset', path });
    }
  });
  session.on('Network.loadingFinished', (event) => {
    const known = kinds.get(event.requestId);
    if (!known) return;
    if (known.kind === 'catalogue') {
      wire.catalogueBytes += event.encodedDataLength;
      wire.cataloguePages++;
    } else {
      wire.assetBytesFromNetwork += event.encodedDataLength;
      wire.assetFiles.push(known.path);
    }
  });
  await session.send('Network.enable');
  return wire;
}

async function throttledPage(context: BrowserContext, cookies: CookieData[]): Promise<{ page: Page; wire: Wire }> {
  const page = await context.newPage();
  await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await context.setCookie(...cookies);
  const session = await page.createCDPSession();
  const wire = await watchWire(session);
  await session.send('Network.emulateNetworkConditions', SLOW_4G);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // When the copy's note appears, and the catalogue requests' timing: read by the page's own clock.
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __copyShownAt?: number };
    new MutationObserver(() => {
      if (w.__copyShownAt === undefined && document.querySelector('[aria-label="Copy on this phone"]')) {
        w.__copyShownAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return { page, wire };
}

type Copy = {
  appliedMs: number;
  copyOnlyMs: number;
  /** Of the copy alone: waiting for the server's answers (its queries and the RTT), their download, and the page's work after the last (parse, store, render). */
  serverWaitMs: number;
  downloadMs: number;
  afterLastPageMs: number;
  bytes: number;
  pages: number;
  /** Each page's request: when it was asked, its answer's headers came and its body ended (ms after opening). */
  timeline: [asked: number, answered: number, downloaded: number][];
  stored: number;
  partial: boolean;
};

/** Opens the Sell screen on an empty store and waits until the copy is applied (its note shown). */
async function openCopy(page: Page, wire: Wire, slug: string, expected: 'whole' | 'partial'): Promise<Copy> {
  await page.goto(`${baseUrl}/business/${slug}/sell`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[aria-label="Copy on this phone"]', { timeout: 180_000 });
  const timing = await page.evaluate(() => {
    const catalogue = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/counter/catalogue/')) as PerformanceResourceTiming[];
    return {
      shownAt: (window as unknown as { __copyShownAt: number }).__copyShownAt,
      firstRequestAt: Math.min(...catalogue.map((entry) => entry.startTime)),
      lastResponseEnd: Math.max(...catalogue.map((entry) => entry.responseEnd)),
      serverWait: catalogue.reduce((sum, entry) => sum + (entry.responseStart - entry.requestStart), 0),
      download: catalogue.reduce((sum, entry) => sum + (entry.responseEnd - entry.responseStart), 0),
      timeline: catalogue.map((entry) => [entry.startTime, entry.responseStart, entry.responseEnd]),
    };
  });
  // The products the store holds: its pages of text, then the changes over them (features/counter/catalogue.ts).
  const stored = await page.evaluate(async () => {
    type Held = { id: number; is_removed: boolean };
    const names = (await indexedDB.databases()).map((db) => db.name ?? '').filter((n) => n.startsWith('oja-counter'));
    let count = 0;
    for (const name of names) {
      count += await new Promise<number>((done, fail) => {
        const open = indexedDB.open(name);
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          // A store written before pages (an earlier build, for an A/B) holds its products as records only.
          const hasPages = open.result.objectStoreNames.contains('pages');
          const transaction = open.result.transaction(hasPages ? ['pages', 'products'] : ['products']);
          const pages = hasPages ? transaction.objectStore('pages').getAll() : undefined;
          const changes = transaction.objectStore('products').getAll();
          transaction.oncomplete = () => {
            // No function of its own in here: tsx would wrap it in a helper the page does not have.
            const live = new Set<number>();
            const lists = ((pages?.result ?? []) as { text: string }[]).map(({ text }) => JSON.parse(text) as Held[]);
            for (const product of [...lists.flat(), ...(changes.result as Held[])]) {
              if (product.is_removed) live.delete(product.id);
              else live.add(product.id);
            }
            done(live.size);
            open.result.close();
          };
        };
      });
    }
    return count;
  });
  const partial = await page
    .waitForFunction(
      (text) => document.body.innerText.includes(text),
      { timeout: 2_000 },
      COUNTER_SCREEN_MESSAGES.partialCopyOnline,
    )
    .then(
      () => true,
      () => false,
    );
  if ((expected === 'partial') !== partial)
    throw new Error(`The copy was expected ${expected}, the screen says otherwise.`);
  return {
    appliedMs: timing.shownAt,
    copyOnlyMs: timing.shownAt - timing.firstRequestAt,
    serverWaitMs: timing.serverWait,
    downloadMs: timing.download,
    afterLastPageMs: timing.shownAt - timing.lastResponseEnd,
    bytes: wire.catalogueBytes,
    pages: wire.cataloguePages,
    timeline: timing.timeline as Copy['timeline'],
    stored,
    partial,
  };
}

/** Chrome's sampling CPU profiler on the page, each profile written to PROFILE_DIR under its name. */
async function profiler(page: Page) {
  const session = await page.createCDPSession();
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  return {
    start: () => session.send('Profiler.start'),
    stop: async (name: string) => {
      const { profile } = await session.send('Profiler.stop');
      await mkdir(PROFILE_DIR as string, { recursive: true });
      await writeFile(join(PROFILE_DIR as string, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

/** Typed queries: the first letters of a word of a name, part of a SKU, a whole barcode (what a scanner types). */
function queriesFor(count: number): string[] {
  const words = ['pea', 'indo', 'sug', 'golden', 'dett', 'rice', 'milk', 'tomato', 'cowb', 'knorr', 'oil', 'semo'];
  return Array.from({ length: count }, (_, index) => {
    if (index % 4 === 3) return `6${String(1_000_000 + 1 + ((index * 97) % PRODUCTS)).padStart(12, '0')}`;
    if (index % 4 === 2) return `SKU-00${String(1 + ((index * 37) % 49)).padStart(2, '0')}`;
    return words[index % words.length] as string;
  });
}

/**
 * Each key typed into the search box, from its input event to the results for it laid out: the list's
 * `data-query` says what it shows, read when the page's DOM changes (after React's commit) and forced to layout.
 * A key whose results are never drawn because a later key's came first is counted until those: the clerk saw the
 * list catch up then. Each query's last key is waited for before the next query is typed.
 */
async function timeSearch(page: Page, queries: string[]): Promise<number[]> {
  // As text: tsx would wrap a function declared in here in a helper (__name) the page does not have.
  await page.evaluate(`(() => {
    window.__searchMs = [];
    window.__searchKeys = [];
    window.__searchPending = [];
    const settle = () => {
      const pending = window.__searchPending;
      if (pending.length === 0) return;
      const shown = document.querySelector('[aria-label="Matching products"]')?.getAttribute('data-query');
      let last = -1;
      for (let place = 0; place < pending.length; place++) if (pending[place].query === shown) last = place;
      if (last < 0) return;
      document.body.getBoundingClientRect();
      void document.body.offsetHeight;
      const now = performance.now();
      for (const { began, query } of pending.splice(0, last + 1)) {
        window.__searchMs.push(now - began);
        window.__searchKeys.push({ query, ms: now - began });
      }
    };
    new MutationObserver(settle).observe(document.body, { childList: true, subtree: true, attributes: true });
    window.addEventListener('input', (event) => {
      const target = event.target;
      const query = target.value.trim();
      if (target.getAttribute('aria-label') !== 'Search products' || query === '') return;
      window.__searchPending.push({ began: event.timeStamp, query });
      // A list already showing this query (a key that changed nothing a search reads) is there at once: a task
      // after the event, once React's commit of this input (a discrete event's render) has run.
      const channel = new MessageChannel();
      channel.port1.onmessage = settle;
      channel.port2.postMessage(null);
    }, { capture: true });
  })()`);
  const box = await page.waitForSelector('input[aria-label="Search products"]');
  if (!box) throw new Error('The Sell screen has no search box.');
  for (const query of queries) {
    await box.click({ count: 3 });
    await page.keyboard.press('Backspace');
    for (const key of query) {
      await page.keyboard.type(key);
      await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
    }
    await page.waitForFunction(
      () => (window as unknown as { __searchPending: unknown[] }).__searchPending.length === 0,
      { timeout: 30_000 },
    );
  }
  const found = await page.$$eval('[aria-label="Matching products"] button', (buttons) => buttons.length);
  if (found === 0) throw new Error('The last query found nothing: the search did not run over the copy.');
  return page.evaluate(() => (window as unknown as { __searchMs: number[] }).__searchMs);
}

/** The Sell screen opened again once the service worker is in charge: JS/CSS bytes from the network. */
async function repeatVisit(page: Page, wire: Wire, slug: string): Promise<{ bytes: number; files: string[] }> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 120_000 });
  wire.assetBytesFromNetwork = 0;
  wire.assetFiles = [];
  await page.goto(`${baseUrl}/business/${slug}/sell`, { waitUntil: 'networkidle0', timeout: 120_000 });
  await page.waitForSelector('input[aria-label="Search products"]');
  return { bytes: wire.assetBytesFromNetwork, files: wire.assetFiles };
}

/** A sale made on the Sell screen: the product found by its SKU (Enter, as a scanner types it), paid cash. */
async function sellOne(page: Page, sku: string): Promise<void> {
  const box = await page.waitForSelector('input[aria-label="Search products"]');
  await box?.type(sku);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[aria-label="This sale"] button');
  const clickButton = async (text: RegExp) => {
    const handle = await page.waitForFunction(
      (source) =>
        [...document.querySelectorAll('button')].find((button) => new RegExp(source).test(button.innerText)) ?? null,
      { timeout: 30_000 },
      text.source,
    );
    await (handle.asElement() as unknown as { click(): Promise<void> }).click();
  };
  await clickButton(/^Pay$/);
  await clickButton(/^Confirm/);
  await clickButton(/New sale/);
}

/** Sales of the large business, recorded before its copy: the products its partial copy keeps. */
async function sellLately(db: pg.Pool, businessId: number, token: string, products: number): Promise<number[]> {
  const { data } = await call(
    COUNTER_ENDPOINTS.registerDevice,
    { business_id: businessId, device_id: randomUUID() },
    token,
  );
  const sold: number[] = [];
  const first = await db.query<{ id: string }>('select min(id) as id from products where business_id = $1', [
    businessId,
  ]);
  const firstId = Number(first.rows[0]?.id);
  for (let sale = 0; sale < LARGE_SALES; sale++) {
    const lines = Array.from({ length: LARGE_LINES }, (_, line) => {
      const id = firstId + (((sale * LARGE_LINES + line) * 61) % products);
      sold.push(id);
      return { product_id: id, quantity: 1, unit_price: `${80 + ((id - firstId + 1) % 5000)}.50` };
    });
    const { total } = counterTotals(lines, []);
    const body: CounterSaleBody = {
      business_id: businessId,
      client_sale_id: randomUUID(),
      device_id: data.device.device_id,
      receipt_number: `${data.device.prefix}-${sale + 1}`,
      sold_at: new Date(Date.now() - (LARGE_SALES - sale) * 60_000).toISOString(),
      catalogue_version: null,
      customer: null,
      lines,
      payments: [{ method: 'cash', amount: total }],
    };
    await call(COUNTER_ENDPOINTS.recordCounterSale, body, token);
  }
  return sold;
}

/**
 * The large business: its partial copy opened on the Sell screen, a sale made from it and recorded, and the online
 * search for a product outside the copy.
 */
async function sellInTheLarge(
  db: pg.Pool,
  browser: Browser,
  large: { username: string; businessId: number; slug: string },
) {
  const largeLogin = await cookiesOf(large.username);
  const began = performance.now();
  const sold = await sellLately(db, large.businessId, largeLogin.token, LARGE_PRODUCTS);
  log(
    `${LARGE_SALES} sales of ${new Set(sold).size} products made in the large business in ${ms(performance.now() - began)}`,
  );
  const context = await browser.createBrowserContext();
  let largeCopy: Copy;
  let saleRecorded = false;
  try {
    const { page, wire } = await throttledPage(context, largeLogin.cookies);
    largeCopy = await openCopy(page, wire, large.slug, 'partial');
    const before = await db.query<{ n: string }>('select count(*) as n from sales where business_id = $1', [
      large.businessId,
    ]);
    const soldSku = await db.query<{ sku: string }>('select sku from products where id = $1', [sold[0]]);
    await sellOne(page, soldSku.rows[0]?.sku ?? '');
    for (let wait = 0; wait < 60 && !saleRecorded; wait++) {
      const after = await db.query<{ n: string }>('select count(*) as n from sales where business_id = $1', [
        large.businessId,
      ]);
      saleRecorded = Number(after.rows[0]?.n) === Number(before.rows[0]?.n) + 1;
      if (!saleRecorded) await new Promise((done) => setTimeout(done, 1_000));
    }
  } finally {
    await context.close();
  }
  const outside = `SKU-${String(LARGE_PRODUCTS - 1).padStart(6, '0')}`;
  const online = await call(
    STOCK_ENDPOINTS.listProducts,
    { business_id: large.businessId, search: outside },
    largeLogin.token,
  );
  const onlineFound = online.data.results.some((product) => product.sku === outside);
  log(
    `100,000 products: partial copy of ${largeCopy.stored} products, ${kb(largeCopy.bytes)} in ${largeCopy.pages} pages, ` +
      `applied at ${ms(largeCopy.appliedMs)} (the copy alone ${ms(largeCopy.copyOnlyMs)}: ${parts(largeCopy)}); a sale on the Sell screen ` +
      `${saleRecorded ? 'recorded' : 'NOT recorded'}; the online search for ${outside} (not in the copy) ` +
      `${onlineFound ? 'found it' : 'did NOT find it'} in ${ms(online.ms)}`,
  );

  return {
    products: LARGE_PRODUCTS,
    partial: largeCopy.partial,
    stored: largeCopy.stored,
    bytes: largeCopy.bytes,
    appliedMs: largeCopy.appliedMs,
    copyOnlyMs: largeCopy.copyOnlyMs,
    serverWaitMs: largeCopy.serverWaitMs,
    afterLastPageMs: largeCopy.afterLastPageMs,
    saleRecorded,
    onlineSearchFound: onlineFound,
    onlineSearchMs: online.ms,
  };
}

async function main(): Promise<void> {
  log(`Counter bench: ${RUNS} runs at Slow 4G and ${CPU_SLOWDOWN}× CPU. Building both apps as npm start does…`);
  const webDist = join(ROOT, 'apps/web', `dist-${BUILD}`);
  // BENCH_COUNTER_KEEP_BUILD=true keeps the web build for the next run (and uses one already there).
  const keepBuild = process.env.BENCH_COUNTER_KEEP_BUILD === 'true';
  if (!keepBuild || !existsSync(webDist)) await buildWeb();
  process.env.WEB_DIST_DIR = webDist;
  const started = await startProductionBuild(BUILD);
  baseUrl = started.baseUrl;
  const failures: string[] = [];
  let browser: Browser | undefined;
  try {
    const hash = await hashPassword(PASSWORD);
    let began = performance.now();
    const shop = await createBusiness(started.db, hash, 'shop', PRODUCTS, CUSTOMERS, SHOP_WRITES);
    log(
      `${PRODUCTS.toLocaleString('en')} products and ${CUSTOMERS} customers written in ${ms(performance.now() - began)}`,
    );
    began = performance.now();
    // BENCH_COUNTER_LARGE=0 leaves the large business out: the copy and the search alone, for an A/B of builds.
    const large = LARGE_PRODUCTS > 0 ? await createBusiness(started.db, hash, 'large', LARGE_PRODUCTS, 10) : null;
    if (large) log(`${LARGE_PRODUCTS.toLocaleString('en')} products written in ${ms(performance.now() - began)}`);

    const speedBefore = hostSpeedMs();
    log(
      `host speed ${speedBefore.toFixed(0)} ms (74-96 ms on a quiet machine of the load bench's rounds), load average ${loadavg()[0]?.toFixed(1)}`,
    );
    browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const shopLogin = await cookiesOf(shop.username);
    const copies: Copy[] = [];
    const searches: number[][] = [];
    const repeats: { bytes: number; files: string[] }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.createBrowserContext();
      try {
        const { page, wire } = await throttledPage(context, shopLogin.cookies);
        const profiling = run === 1 && PROFILE_DIR ? await profiler(page) : undefined;
        await profiling?.start();
        const copy = await openCopy(page, wire, shop.slug, 'whole');
        await profiling?.stop('copy');
        if (copy.stored !== PRODUCTS)
          failures.push(`Run ${run}: the store holds ${copy.stored} products, not ${PRODUCTS}.`);
        await profiling?.start();
        const search = await timeSearch(page, queriesFor(QUERIES));
        await profiling?.stop('search');
        // Each key's query and time: which keys make the slow end.
        if (KEYS_FILE)
          await writeFile(`${KEYS_FILE}.${run}`, String(await page.evaluate('JSON.stringify(window.__searchKeys)')));
        const repeat = await repeatVisit(page, wire, shop.slug);
        copies.push(copy);
        searches.push(search);
        repeats.push(repeat);
        log(
          `run ${run}: copy ${kb(copy.bytes)} in ${copy.pages} pages, applied at ${ms(copy.appliedMs)} (the copy alone ${ms(copy.copyOnlyMs)}: ${parts(copy)}); ` +
            `search p50 ${ms(median(search))} p95 ${ms(percentile(search, 95))} over ${search.length} keys; ` +
            `repeat visit ${kb(repeat.bytes)} of JS/CSS from the network${repeat.files.length ? ` (${repeat.files.join(', ')})` : ''}`,
        );
      } finally {
        await context.close();
      }
    }

    const largeFigures = large && browser ? await sellInTheLarge(started.db, browser, large) : null;

    const allSearch = searches.flat();
    const speedAfter = hostSpeedMs();
    log(`host speed after: ${speedAfter.toFixed(0)} ms, load average ${loadavg()[0]?.toFixed(1)}`);
    const figures = {
      runs: RUNS,
      hostSpeedMs: [speedBefore, speedAfter],
      network: { ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN },
      copy: {
        bytes: median(copies.map((copy) => copy.bytes)),
        pages: copies[0]?.pages,
        appliedMsMedian: median(copies.map((copy) => copy.appliedMs)),
        appliedMsMax: Math.max(...copies.map((copy) => copy.appliedMs)),
        copyOnlyMsMedian: median(copies.map((copy) => copy.copyOnlyMs)),
        serverWaitMsMedian: median(copies.map((copy) => copy.serverWaitMs)),
        downloadMsMedian: median(copies.map((copy) => copy.downloadMs)),
        afterLastPageMsMedian: median(copies.map((copy) => copy.afterLastPageMs)),
      },
      search: {
        keys: allSearch.length,
        p50: median(allSearch),
        p95: percentile(allSearch, 95),
        max: Math.max(...allSearch),
      },
      repeatVisitAssetBytes: Math.max(...repeats.map((repeat) => repeat.bytes)),
      large: largeFigures,
    };
    const check = (met: boolean, what: string) => {
      log(`${met ? 'met   ' : 'MISSED'} ${what}`);
      if (!met) failures.push(what);
    };
    log('');
    check(figures.copy.bytes <= COUNTER_TARGETS.copyBytes, `copy on the wire ≤ 600 KB: ${kb(figures.copy.bytes)}`);
    check(
      figures.copy.appliedMsMax <= COUNTER_TARGETS.copyAppliedMs,
      `copy applied within 5 s of opening the Sell screen (slowest run): median ${ms(figures.copy.appliedMsMedian)}, slowest ${ms(figures.copy.appliedMsMax)}`,
    );
    check(
      figures.search.p95 < COUNTER_TARGETS.searchP95Ms,
      `search p95 < 30 ms: ${ms(figures.search.p95)} (p50 ${ms(figures.search.p50)})`,
    );
    check(
      figures.repeatVisitAssetBytes === COUNTER_TARGETS.repeatVisitAssetBytes,
      `repeat visit: 0 KB of JS/CSS from the network: ${kb(figures.repeatVisitAssetBytes)}`,
    );
    if (largeFigures) {
      check(
        largeFigures.partial && largeFigures.stored > 0,
        `100,000 products: a partial copy (${largeFigures.stored} products)`,
      );
      check(largeFigures.saleRecorded, '100,000 products: a sale on the Sell screen is recorded');
      check(largeFigures.onlineSearchFound, '100,000 products: the online search finds a product outside the copy');
    }
    await mkdir(join(ROOT, 'bench/results'), { recursive: true });
    await writeFile(
      join(ROOT, 'bench/results/counter-latest.json'),
      `${JSON.stringify({ at: new Date().toISOString(), figures, failures }, null, 2)}\n`,
    );
  } finally {
    await browser?.close();
    failures.push(...(await started.stop()));
    if (!keepBuild) await rm(webDist, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    log(`\n${failures.length} target(s) missed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
}

await main();
