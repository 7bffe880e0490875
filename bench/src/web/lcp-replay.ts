import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { NetworkRequest } from 'lighthouse/core/lib/network-request.js';

/**
 * `npm run bench:web:replay -- <artifacts dir> [edit set ...] [--sweep <url regex> ...] [--timeline]`: what the
 * simulated LCP and FCP of a page would be if some of its requests were larger, smaller or gone. Lighthouse's
 * mobile LCP is not measured but simulated (Lantern) from the devtools log's requests: this re-runs only the
 * audits (auditMode) on a copy of the artifacts `BENCH_WEB_ARTIFACTS=dir npm run bench:web` kept, with the
 * encoded sizes of the matching requests changed, and prints the simulated LCP and FCP as measured and per edit set.
 *
 * - An edit set is one argument of edits separated by spaces, each `<url regex>=<+/-bytes>`, `<url regex>=drop` or
 *   `<url regex>=priority:<VeryLow|Low|Medium|High|VeryHigh>` (the priority Chrome gave the request),
 *   applied to every request the regex matches: `'index-.*\.js=-10240 common-.*\.js=+10240'` moves 10 KB from the
 *   entry into the common chunk.
 * - `--sweep <url regex>`: the smallest cut of the matching requests, in 500-byte steps up to 40 KB, at which
 *   the simulated LCP drops, and what it drops to.
 * - `--timeline`: the simulated network timeline of the LCP graphs (start, end, bytes, url) of each replay.
 *
 * `<artifacts dir>` is one page's (dir/CEO-dashboard) or the whole run's (dir), for every page in it.
 */

const DEVTOOLS_LOG = 'defaultPass.devtoolslog.json';
const SWEEP_STEP = 500;
const SWEEP_MAX = 40_000;
/** A drop is a whole millisecond or more: edits that change nothing can still move the float's last digits. */
const DROP_MS = 1;

const print = (text: string) => process.stdout.write(`${text}\n`);

type Edit = { pattern: RegExp; change: number | 'drop' | { priority: string } };
type DevtoolsEvent = {
  method: string;
  params: {
    requestId?: string;
    encodedDataLength?: number;
    newPriority?: string;
    request?: { url: string; initialPriority?: string };
  };
};
/** Chrome's request priorities, as the devtools log names them. */
const PRIORITIES = ['VeryLow', 'Low', 'Medium', 'High', 'VeryHigh'];
type Replay = { lcp: number; fcp: number; timeline: string[] };

function parseEditSet(text: string): Edit[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((edit) => {
      const at = edit.lastIndexOf('=');
      const change = edit.slice(at + 1);
      const priority = /^priority:(\w+)$/.exec(change)?.[1];
      const isPriority = priority !== undefined && PRIORITIES.includes(priority);
      if (at < 1 || (!isPriority && change !== 'drop' && !/^[+-]?\d+$/.test(change))) {
        throw new Error(
          `"${edit}" is not <url regex>=<+/-bytes>, <url regex>=drop or <url regex>=priority:<${PRIORITIES.join('|')}>.`,
        );
      }
      const pattern = new RegExp(edit.slice(0, at));
      if (isPriority) return { pattern, change: { priority } };
      return { pattern, change: change === 'drop' ? 'drop' : Number(change) };
    });
}

/** The request ids per URL, from the log's requestWillBeSent events (a redirect reuses its request's id). */
function urlsById(log: DevtoolsEvent[]): Map<string, string> {
  const urls = new Map<string, string>();
  for (const event of log) {
    if (event.method === 'Network.requestWillBeSent' && event.params.requestId && event.params.request) {
      urls.set(event.params.requestId, event.params.request.url);
    }
  }
  return urls;
}

/**
 * The log with the edits applied. Lighthouse takes a request's transfer size from its loadingFinished event's
 * encodedDataLength, and Lantern simulates the download of that many bytes; a dropped request loses all its events.
 */
function applyEdits(log: DevtoolsEvent[], edits: Edit[]): DevtoolsEvent[] {
  const urls = urlsById(log);
  let edited = structuredClone(log);
  for (const { pattern, change } of edits) {
    const ids = new Set([...urls].filter(([, url]) => pattern.test(url)).map(([id]) => id));
    if (ids.size === 0) throw new Error(`No request matches ${pattern.source}.`);
    if (change === 'drop') {
      edited = edited.filter((event) => !ids.has(event.params.requestId ?? ''));
      continue;
    }
    if (typeof change === 'object') {
      // The priority Chrome gave the request, and any later change of it: Lantern starts the requests that
      // are ready in order of observed start plus a penalty per priority, and the first takes the warm connection.
      for (const event of edited) {
        if (!ids.has(event.params.requestId ?? '')) continue;
        if (event.method === 'Network.requestWillBeSent' && event.params.request) {
          event.params.request.initialPriority = change.priority;
        }
        if (event.method === 'Network.resourceChangedPriority') event.params.newPriority = change.priority;
      }
      continue;
    }
    for (const event of edited) {
      if (event.method === 'Network.loadingFinished' && ids.has(event.params.requestId ?? '')) {
        event.params.encodedDataLength = Math.max(0, (event.params.encodedDataLength ?? 0) + change);
      }
    }
  }
  return edited;
}

/** The largest encoded size among the requests the pattern matches: a sweep need not cut beyond it. */
function largestMatch(log: DevtoolsEvent[], pattern: RegExp): number {
  const urls = urlsById(log);
  const sizes = log
    .filter(
      (event) =>
        event.method === 'Network.loadingFinished' && pattern.test(urls.get(event.params.requestId ?? '') ?? ''),
    )
    .map((event) => event.params.encodedDataLength ?? 0);
  if (sizes.length === 0) throw new Error(`No request matches ${pattern.source}.`);
  return Math.max(...sizes);
}

/**
 * The LCP graphs' simulations behind the metric, by label. Lantern's Simulator.allNodeTimings keeps the last
 * simulation per label, but the trace engine's insights then simulate the same labels again from the trace, whose
 * sizes are not edited; Lighthouse has no public way to the metric's own, so this wraps Simulator.simulate (through
 * lighthouse's import of Lantern, the instance it simulates with) and keeps the simulations of graphs made from
 * the devtools log, whose requests are Lighthouse NetworkRequests.
 */
const LCP_LABELS = ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint'];
const simulations = new Map<string, Lantern.Simulation.Result>();
const simulate = Lantern.Simulation.Simulator.prototype.simulate;
Lantern.Simulation.Simulator.prototype.simulate = function (graph, options) {
  const result = simulate.call(this, graph, options);
  const fromDevtoolsLog = [...result.nodeTimings.keys()].some(
    (node) => node.type === 'network' && node.rawRequest instanceof NetworkRequest,
  );
  if (options?.label && LCP_LABELS.includes(options.label) && fromDevtoolsLog) simulations.set(options.label, result);
  return result;
};

/** The simulated network timeline of the LCP graphs (start, end, bytes, url). */
function lcpTimeline(): string[] {
  const lines: string[] = [];
  let previous = '';
  for (const label of LCP_LABELS) {
    const simulation = simulations.get(label);
    if (!simulation) continue;
    const network = [...simulation.nodeTimings].filter(([node]) => node.type === 'network');
    network.sort(([, a], [, b]) => a.startTime - b.startTime);
    const rows = network.map(([node, timing]) => {
      const url = node.type === 'network' ? node.request.url.replace(/^https?:\/\/[^/]+/, '') : '';
      const bytes = node.type === 'network' ? node.request.transferSize : 0;
      return `    ${timing.startTime.toFixed(0).padStart(6)} ${timing.endTime.toFixed(0).padStart(6)} ${String(bytes).padStart(7)}  ${url}`;
    });
    // The two graphs often hold the same requests: the second is then only named.
    const same = rows.join('\n') === previous;
    lines.push(
      `    ${label}: ${simulation.timeInMs.toFixed(0)} ms${same ? ', the same requests' : ' (start, end ms, bytes, url)'}`,
    );
    if (!same) lines.push(...rows);
    previous = rows.join('\n');
  }
  return lines;
}

/** Writes the edited log into the copy and re-runs the audits on it, as bench-web.ts's run did (same flags). */
async function replay(copy: string, log: DevtoolsEvent[], edits: Edit[]): Promise<Replay> {
  await writeFile(join(copy, DEVTOOLS_LOG), JSON.stringify(applyEdits(log, edits)));
  simulations.clear();
  const result = await lighthouse(undefined, {
    auditMode: copy,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const audits = result?.lhr.audits;
  const lcp = audits?.['largest-contentful-paint']?.numericValue;
  const fcp = audits?.['first-contentful-paint']?.numericValue;
  if (lcp === undefined || fcp === undefined) {
    throw new Error(
      `No simulated LCP/FCP: ${result?.lhr.runtimeError?.message ?? audits?.['largest-contentful-paint']?.errorMessage}`,
    );
  }
  return { lcp, fcp, timeline: lcpTimeline() };
}

/** A time in ms, and how far it moved from the base if given. */
function ms(value: number, base?: number): string {
  const moved = base === undefined ? undefined : Math.round(value - base);
  const change = moved === undefined ? '' : ` (${moved >= 0 ? '+' : ''}${moved})`;
  return `${value.toFixed(0).padStart(5)}${change.padEnd(8)}`;
}

async function replayPage(dir: string, editSets: string[], sweeps: string[], timeline: boolean): Promise<void> {
  const copy = await mkdtemp(join(tmpdir(), 'oja-lcp-replay-'));
  try {
    await cp(dir, copy, { recursive: true });
    const log = JSON.parse(await readFile(join(dir, DEVTOOLS_LOG), 'utf8')) as DevtoolsEvent[];
    const show = (name: string, result: Replay, base?: Replay) => {
      print(`  ${name.padEnd(48)} LCP ${ms(result.lcp, base?.lcp)} FCP ${ms(result.fcp, base?.fcp)}`);
      if (timeline) for (const line of result.timeline) print(line);
    };
    print(dir);
    const measured = await replay(copy, log, []);
    show('as measured', measured);
    for (const set of editSets) show(set, await replay(copy, log, parseEditSet(set)), measured);
    for (const sweep of sweeps) {
      const pattern = new RegExp(sweep);
      const largest = largestMatch(log, pattern);
      const last = Math.min(SWEEP_MAX, Math.ceil(largest / SWEEP_STEP) * SWEEP_STEP);
      // A cut beyond a request's size leaves it at 0 bytes.
      const bytes = (cut: number) => (cut >= largest ? `all ${largest} B` : `${cut} B`);
      const cut = (size: number) => replay(copy, log, [{ pattern, change: -size }]);
      const drops = (result: Replay) => result.lcp <= measured.lcp - DROP_MS;
      // A larger cut never ends Lantern's downloads later (a 500-byte scan of two pages agreed), so the LCP only
      // falls as the cut grows: if the largest cut leaves it, every cut does; else bisection finds the first step.
      const deepest = await cut(last);
      if (!drops(deepest)) {
        print(`  sweep ${sweep}: LCP ${ms(deepest.lcp, measured.lcp)} even with ${bytes(last)} cut`);
        continue;
      }
      let [low, high, found] = [0, last / SWEEP_STEP, deepest];
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        const result = await cut(middle * SWEEP_STEP);
        if (drops(result)) [high, found] = [middle, result];
        else low = middle;
      }
      print(
        `  sweep ${sweep}: LCP ${ms(found.lcp, measured.lcp)} from ${bytes(high * SWEEP_STEP)} cut (of ${largest} B)`,
      );
      if (timeline) for (const line of found.timeline) print(line);
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const timeline = args.includes('--timeline');
  const sweeps: string[] = [];
  const positional: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--sweep') sweeps.push(args[++index] ?? '');
    else if (arg !== '--timeline') positional.push(arg);
  }
  const [dir, ...editSets] = positional;
  if (!dir || sweeps.includes('')) {
    throw new Error('Usage: lcp-replay.ts <artifacts dir> [edit set ...] [--sweep <url regex> ...] [--timeline]');
  }
  editSets.forEach(parseEditSet); // a typo fails before the first replay, not after the others
  const pages = existsSync(join(dir, DEVTOOLS_LOG))
    ? [dir]
    : (await readdir(dir)).map((name) => join(dir, name)).filter((page) => existsSync(join(page, DEVTOOLS_LOG)));
  if (pages.length === 0) throw new Error(`No ${DEVTOOLS_LOG} in ${dir} or its directories.`);
  for (const page of pages) {
    // A page whose run failed (its artifacts hold the error, e.g. NO_NAVSTART) does not stop the others.
    await replayPage(page, editSets, sweeps, timeline).catch((error: Error) => {
      print(`  ${error.message}`);
      process.exitCode = 1;
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
