/**
 * The first screen of a signed-in visit waits for reads that the app asks for only once its entry has
 * downloaded and run, about 1.5 s into a load on a slow phone (Lighthouse's Slow 4G at 4× CPU slowdown):
 * the profile (the guards), then on a business's pages the business by its slug (the layout), then the
 * page's own (the CEO dashboard's businesses, the inventory's first page of products, which needs the
 * business's id). A script inline in index.html (`startEarlyReads`, written out by apps/web/route-preload.ts)
 * asks for them as the page is parsed, while the page's files download (the server names those in the
 * page's Link header), and leaves the pending reads here: `call` (lib/api.ts) takes the response of the same
 * GET instead of asking again, and a query that mounts after the answer came starts with its data
 * (`earlyData` in lib/api.ts), so the page's first render shows it.
 */

/** Where the early reads' script leaves the pending reads, by URL: a property of `window`. */
export const EARLY_READS = '__ojaEarlyReads';

/**
 * A read to start where the path matches: its URL, and the query parameter that the pattern's group fills.
 * A read that `follows` an earlier one (its index in the table) starts when that one answers: the field
 * of its answer's data (a dotted path) fills the parameter, the fixed query after it, in the order the
 * page's own call builds its URL. It is started only for the page's default view (no search in the
 * address), the only one whose first request it can know.
 */
export type PreloadReads = [
  pattern: string,
  url: string,
  param?: string,
  follows?: { read: number; field: string; query: Record<string, string> },
][];

/** What the script leaves beside the pending reads: each answered read's data and when it came. */
export type EarlyAnswers = Record<string, [data: unknown, receivedAt: number]>;

/**
 * index.html's inline script: route-preload.ts writes out `String(startEarlyReads)` and calls it with the
 * build's table of reads, so it must stay self-contained (no imports, no names from outside its body).
 *
 * With the session's anti-forgery cookie (readable, unlike the session's own) it starts every read whose
 * pattern matches the path, its URL built as `call` builds it (URLSearchParams), and keeps each successful
 * answer's data under `${slot}Answers` for the query that mounts after it came (`takeEarlyAnswer`): its first
 * render shows the data instead of a loader. A guest's page asks for nothing.
 */
export function startEarlyReads(reads: PreloadReads, csrfCookie: string, slot: string): void {
  if (!document.cookie.split('; ').some((part) => part.indexOf(`${csrfCookie}=`) === 0)) return;
  const path = location.pathname;
  // A URL whose value is null was asked by the app itself (`takeEarlyRead`): it is not started again.
  const started: Record<string, Promise<Response> | null> = {};
  const answers: EarlyAnswers = {};
  const start = (full: string): Promise<{ response_data?: unknown } | undefined> => {
    if (full in started) return Promise.resolve(undefined);
    const read = fetch(full, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    started[full] = read;
    // A failed read is asked again by `call`; not an unhandled rejection meanwhile.
    return read
      .then((response) => (response.ok ? response.clone().json() : undefined))
      .then(
        (body) => {
          if (body && started[full] === read) answers[full] = [body.response_data, Date.now()];
          return body;
        },
        () => undefined,
      );
  };
  const answered: Promise<{ response_data?: unknown } | undefined>[] = [];
  reads.forEach(([pattern, url, param, follows], index) => {
    const match = new RegExp(pattern).exec(path);
    if (!match) return;
    if (!follows) {
      answered[index] = start(
        param ? `${url}?${new URLSearchParams({ [param]: decodeURIComponent(match[1] ?? '') })}` : url,
      );
      return;
    }
    const first = answered[follows.read];
    if (!param || !first || location.search) return;
    answered[index] = first.then((body) => {
      let value: unknown = body?.response_data;
      for (const key of follows.field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
      if (value === undefined || value === null) return undefined;
      return start(`${url}?${new URLSearchParams({ [param]: String(value), ...follows.query })}`);
    });
  });
  const global = window as unknown as Record<string, unknown>;
  global[slot] = started;
  global[`${slot}Answers`] = answers;
}

/**
 * How long after the page's start an early read may still be taken: it answers for the session of the
 * load that started it, and a later call (after a logout and a login, say) must ask the server itself.
 */
const FRESH_MS = 30_000;

type Slots = {
  reads?: Record<string, Promise<Response> | null>;
  answers?: EarlyAnswers;
};

function slots(): Slots {
  // No window: not a page (the client's unit tests).
  if (typeof window === 'undefined') return {};
  const global = window as unknown as Record<string, unknown>;
  return {
    reads: global[EARLY_READS] as Slots['reads'],
    answers: global[`${EARLY_READS}Answers`] as EarlyAnswers | undefined,
  };
}

/**
 * The read and the answer of a URL go together, once: whichever the app takes, the other is gone, so that
 * a later call (a refetch, an invalidation) asks the server. The URL stays marked as asked (null), so that
 * a read that follows another one is not started after the app has asked for it itself.
 */
function forget({ reads, answers }: Slots, url: string): void {
  if (reads) reads[url] = null;
  if (answers) delete answers[url];
}

/** The early reads' script's read of this URL, once, while fresh; undefined when there is none. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const found = slots();
  const read = found.reads?.[url];
  forget(found, url);
  return read && performance.now() < FRESH_MS ? read : undefined;
}

/**
 * The data of the early reads' script's read of this URL if it has already answered (successfully), once,
 * while fresh, with the time it came (a query's `initialData` and `initialDataUpdatedAt`).
 */
export function takeEarlyAnswer(url: string): EarlyAnswers[string] | undefined {
  const found = slots();
  const answer = found.answers?.[url];
  if (!answer) return undefined;
  forget(found, url);
  return performance.now() < FRESH_MS ? answer : undefined;
}
