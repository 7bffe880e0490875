import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core';
import { logIn, ROOT, run, startServer } from './app-server';
import { BUDGET, formatBundle, kb, measureBundle, overBudget, TARGET } from './bundle';

/**
 * `npm run bench:web`: builds the app as `npm start` does, sizes what a phone downloads per route
 * (bundle.ts), then runs Lighthouse's mobile audit (its default: a mid-range phone, Slow 4G, CPU
 * slowed 4×) in Debian's Chromium on /login and, logged in, on the CEO dashboard and the inventory
 * page, against the production server on a fresh data directory. Results: bench/results/web-latest.json.
 * BENCH_WEB_ARTIFACTS=dir keeps what Lighthouse gathered on each page in dir/<page>, for
 * `npm run bench:web:replay` (lcp-replay.ts) to re-run the audits on with edited request sizes.
 */

/** BENCH_RESULTS=file writes the results there instead: a trial run leaves the committed figures alone. */
const RESULTS = process.env.BENCH_RESULTS ?? join(ROOT, 'bench', 'results', 'web-latest.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 95, lcpMs: 2000 };

/** Results go to stdout; warnings and errors to stderr. */
const print = (text: string) => process.stdout.write(`${text}\n`);

/**
 * Puts the login's cookies in the browser itself. A Cookie header added by Lighthouse (`extraHeaders`) reached
 * the server but not `document.cookie`, where the app looks for the csrftoken cookie before asking for the
 * session: without it the app took the visitor for a guest, and the "dashboard" and "inventory" audits
 * measured a redirect to /login. Lighthouse clears caches and storage between audits, not cookies.
 */
function setBrowserCookies(port: number, url: string, cookie: string): Promise<void> {
  const { hostname } = new URL(url);
  const cookies: CookieData[] = cookie.split('; ').map((pair) => {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    return { name, value, domain: hostname, path: '/', sameSite: 'Lax' };
  });
  return inBrowser(port, (browser) => browser.setCookie(...cookies));
}

/** Runs `work` on the Chromium that Lighthouse drives, connected to for it alone. */
async function inBrowser(port: number, work: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await work(browser);
  } finally {
    await browser.disconnect();
  }
}

type PageResult = {
  page: string;
  path: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes on the wire of the page's scripts and stylesheets: brotli (Chromium asks for it on http://127.0.0.1 too). */
  scriptBytes: number;
  stylesheetBytes: number;
  meetsTargets: boolean;
};

/** BENCH_WEB_LHR_DIR=dir keeps each page's whole Lighthouse report there (LCP breakdown, request chains, …). */
const LHR_DIR = process.env.BENCH_WEB_LHR_DIR;
/**
 * BENCH_WEB_ARTIFACTS=dir keeps each page's gathered artifacts (trace, devtools log, …) in dir/<page>: Lighthouse's
 * gatherMode and auditMode together gather, save, then audit the same artifacts, so the scores are those of a
 * plain run. lcp-replay.ts re-audits them with some requests made larger or smaller.
 */
const ARTIFACTS_DIR = process.env.BENCH_WEB_ARTIFACTS;

/**
 * Loads the page once in the browser, as someone who opened the app before: its files, which the server
 * sends as immutable (hashed names), are then in the browser's cache for the next load.
 */
function visitOnce(port: number, url: string): Promise<void> {
  return inBrowser(port, async (browser) => {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.close();
  });
}

async function audit(
  port: number,
  url: string,
  name: string,
  options: { cookie?: string; returnVisit?: boolean } = {},
): Promise<Omit<PageResult, 'page' | 'path'>> {
  const { cookie, returnVisit = false } = options;
  if (cookie) await setBrowserCookies(port, url, cookie);
  if (returnVisit) await visitOnce(port, url);
  const artifacts = ARTIFACTS_DIR && resolve(ARTIFACTS_DIR, name.replace(/\W+/g, '-'));
  // The default configuration is the mobile one: simulated Slow 4G and a CPU slowed 4×. A return visit keeps
  // the browser's cache (Lighthouse otherwise clears it before each audit); Lantern then counts a file from
  // the disk cache as 8 ms and 20 ms per MB, with no connection.
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(returnVisit ? { disableStorageReset: true } : {}),
    ...(artifacts ? { gatherMode: artifacts, auditMode: artifacts } : {}),
  };
  let result = await lighthouse(url, flags);
  // On a busy machine Chromium's trace sometimes misses the navigation (NO_NAVSTART): Lighthouse asks to run again.
  // A retry saves its artifacts over the failed run's.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry++) {
    result = await lighthouse(url, flags);
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (LHR_DIR) {
    await mkdir(LHR_DIR, { recursive: true });
    await writeFile(join(LHR_DIR, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const transfer = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const lcpMs = numeric('largest-contentful-paint');
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`Lighthouse asked for ${url} and landed on ${landed}.`);
  return {
    performance,
    lcpMs,
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    speedIndexMs: numeric('speed-index'),
    scriptBytes: transfer('script'),
    stylesheetBytes: transfer('stylesheet'),
    meetsTargets: performance >= TARGETS.performance && lcpMs < TARGETS.lcpMs,
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_SKIP_BUILD !== 'true') await run('npm', ['run', 'build']);
  const bundle = measureBundle();
  print(`\n${formatBundle(bundle)}\n`);
  const breaches = overBudget(bundle);

  const dataDir = await mkdtemp(join(tmpdir(), 'oja-bench-web-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const pages: PageResult[] = [];
  let loggedInAs = '';
  try {
    const { cookie, slug, who } = await logIn(server);
    loggedInAs = `${who}, business ${slug}`;
    print(`Logged in as ${loggedInAs}`);
    const targets: { page: string; path: string; cookie?: string; returnVisit?: boolean }[] = [
      { page: 'login', path: '/login' },
      { page: 'CEO dashboard', path: '/dashboard', cookie },
      { page: 'inventory', path: `/business/${slug}/inventory`, cookie },
      // Last: they leave the browser's cache filled.
      { page: 'CEO dashboard, return visit', path: '/dashboard', cookie, returnVisit: true },
      { page: 'inventory, return visit', path: `/business/${slug}/inventory`, cookie, returnVisit: true },
    ];
    for (const target of targets) {
      print(`Lighthouse (mobile) on ${target.path}${target.returnVisit ? ', files cached by a visit before' : ''}…`);
      pages.push({
        page: target.page,
        path: target.path,
        ...(await audit(chrome.port, `${server.url}${target.path}`, target.page, target)),
      });
    }
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await new Promise((done) => server.child.once('exit', done));
    await rm(dataDir, { recursive: true, force: true });
  }

  print('\npage                           perf   LCP ms   FCP ms   TBT ms    CLS   scripts    styles');
  for (const page of pages) {
    print(
      `${page.page.padEnd(30)} ${String(page.performance).padStart(4)} ${String(page.lcpMs).padStart(8)} ${String(page.fcpMs).padStart(8)} ${String(page.tbtMs).padStart(8)} ${page.cls.toFixed(3).padStart(6)} ${kb(page.scriptBytes).padStart(9)} ${kb(page.stylesheetBytes).padStart(9)}`,
    );
  }
  await mkdir(join(ROOT, 'bench', 'results'), { recursive: true });
  await writeFile(
    RESULTS,
    `${JSON.stringify(
      {
        measured_at: new Date().toISOString(),
        chromium: CHROMIUM,
        budget: BUDGET,
        targets: { ...TARGETS, bundle: TARGET },
        logged_in_as: loggedInAs,
        bundle: {
          login: { js: bundle.login.js, css: bundle.login.css, total: bundle.login.total, files: bundle.login.files },
          routes: bundle.routes.map(({ route, modules, adds }) => ({ route, modules, adds })),
          over_budget: breaches,
        },
        lighthouse: pages,
      },
      null,
      2,
    )}\n`,
  );
  print(`\nResults in ${RESULTS}`);
  for (const breach of breaches) print(`Over budget: ${breach}`);
  for (const page of pages.filter((candidate) => !candidate.meetsTargets)) {
    print(
      `Missed target on ${page.path}: performance ${page.performance} (≥ ${TARGETS.performance}), LCP ${page.lcpMs} ms (< ${TARGETS.lcpMs})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
