import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core';
import { logIn, type Server, startServer } from './app-server';

/**
 * `npm run bench:web:tasks -w bench`: what a phone's main thread does while a signed-in page loads, measured
 * in Chromium itself rather than in Lighthouse's simulation. Each load is a fresh browser context (nothing
 * cached) at 360 px with touch, its CPU slowed 4× and its network held to Slow 4G by Chromium's own
 * throttling, as a cheap Android phone on a slow network; the page's long tasks (over 50 ms), its first and
 * largest contentful paints come from the page's PerformanceObservers.
 *
 * Lighthouse multiplies the tasks of the machine that ran it by 4 and simulates the network (bench-web.ts):
 * a task that the page splits in slices by the clock, as React does, is then longer than any slice on the
 * phone. Here the slices are the phone's own.
 *
 *   BENCH_TASKS_BUILDS=base,name  the builds to compare, loads alternated (base: dist/, name: dist-name/,
 *                                 built beforehand as OJA_BUILD=name npm run build); default the one build
 *                                 OJA_BUILD names
 *   BENCH_TASKS_RUNS=9            loads of each page per build
 *   BENCH_TASKS_RETURN=true       a return visit: the page loaded once in the same context first
 *   BENCH_TASKS_NETWORK=false     the CPU slowed alone
 *   BENCH_TASKS_RTT=400           round trips of 400 ms instead of Slow 4G's 150 (a congested mobile network)
 */

/** Results go to stdout; warnings and errors to stderr. */
const print = (text: string) => process.stdout.write(`${text}\n`);

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_TASKS_RUNS ?? 9);
const RETURN_VISIT = process.env.BENCH_TASKS_RETURN === 'true';
const NETWORK = process.env.BENCH_TASKS_NETWORK !== 'false';
const BUILDS = (process.env.BENCH_TASKS_BUILDS ?? (process.env.OJA_BUILD || 'base')).split(',');
/** Lighthouse's Slow 4G: 150 ms round trips, 1.6 Mbps down, 750 Kbps up (its throughput × 0.9 for devtools). */
const RTT = Number(process.env.BENCH_TASKS_RTT ?? 150);
const SLOW_4G = { latency: RTT, download: (1.6 * 1024 * 1024 * 0.9) / 8, upload: (750 * 1024 * 0.9) / 8 };
/** How long after the page's heading the observers keep listening: the cards drawn after it, the late tasks. */
const SETTLE_MS = 3000;

type Load = { longTasks: number[]; blockingMs: number; fcpMs: number; lcpMs: number };

type Seen = { tasks: number[]; fcp: number; lcp: number };

/**
 * Collects the page's long tasks and paints from before its first script (buffered: those before the
 * observers too), in window.__ojaTasks. Text, because it runs in the page (this package has no DOM types).
 */
const OBSERVE = `(() => {
  const seen = { tasks: [], fcp: 0, lcp: 0 };
  window.__ojaTasks = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
})()`;

async function load(browser: Browser, url: string, cookies: CookieData[]): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    await context.setCookie(...cookies);
    const open = async () => {
      const page = await context.newPage();
      await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      await page.emulateCPUThrottling(4);
      if (NETWORK) await page.emulateNetworkConditions(SLOW_4G);
      await page.evaluateOnNewDocument(OBSERVE);
      await page.goto(url);
      await page.waitForSelector('h1, h2', { timeout: 60_000 });
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      return page;
    };
    if (RETURN_VISIT) await (await open()).close();
    const page = await open();
    const seen = (await page.evaluate('window.__ojaTasks')) as Seen | undefined;
    if (!seen) throw new Error(`No observations on ${url}`);
    return {
      longTasks: seen.tasks,
      blockingMs: seen.tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      fcpMs: seen.fcp,
      lcpMs: seen.lcp,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const started: { server: Server; dataDir: string }[] = [];
  const targets: { build: string; url: string; slug: string; cookies: CookieData[] }[] = [];
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const build of BUILDS) {
      const dataDir = await mkdtemp(join(tmpdir(), 'oja-bench-tasks-'));
      const server = await startServer(dataDir, build === 'base' ? 'dist' : `dist-${build}`);
      started.push({ server, dataDir });
      const { cookie, slug } = await logIn(server);
      const { hostname } = new URL(server.url);
      const cookies = cookie.split('; ').map((pair): CookieData => {
        const [name = '', value = ''] = pair.split(/=(.*)/s);
        return { name, value, domain: hostname, path: '/', sameSite: 'Lax' };
      });
      targets.push({ build, url: server.url, slug, cookies });
    }
    const pages = [
      { name: 'CEO dashboard', path: () => '/dashboard' },
      { name: 'inventory', path: (slug: string) => `/business/${slug}/inventory` },
    ];
    const loads = new Map<string, Load[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        for (const { build, url, slug, cookies } of targets) {
          const key = `${page.name}\t${build}`;
          const measured = await load(browser, `${url}${page.path(slug)}`, cookies);
          loads.set(key, [...(loads.get(key) ?? []), measured]);
        }
      }
    }
    print(
      `\n${RUNS} loads of each, alternated; 360 px, CPU 4× slower${NETWORK ? `, Slow 4G${RTT === 150 ? '' : ` with ${RTT} ms round trips`}` : ''}${RETURN_VISIT ? ', return visit' : ', first visit'}; medians:`,
    );
    print('page            build          long tasks beyond 50 ms   longest task    FCP ms    LCP ms');
    for (const [key, measured] of loads) {
      const [page = '', build = ''] = key.split('\t');
      print(
        `${page.padEnd(15)} ${build.padEnd(14)} ${median(measured.map((m) => m.blockingMs))
          .toFixed(0)
          .padStart(20)} ms ${median(measured.map((m) => Math.max(0, ...m.longTasks)))
          .toFixed(0)
          .padStart(11)} ms ${median(measured.map((m) => m.fcpMs))
          .toFixed(0)
          .padStart(9)} ${median(measured.map((m) => m.lcpMs))
          .toFixed(0)
          .padStart(9)}`,
      );
    }
  } finally {
    await browser.close();
    for (const { server, dataDir } of started) {
      server.child.kill('SIGTERM');
      await new Promise((done) => server.child.once('exit', done));
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
