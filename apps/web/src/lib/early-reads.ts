import type { EarlyBody, PreloadReads, startReadsFor as startReads } from '@oja/contract';

/**
 * The first screen of a signed-in visit waits for reads that the app asks for only once its entry has
 * downloaded and run, well into a load on a slow phone:
 * the profile (the guards), then on a business's pages the business by its slug (the layout), then the
 * page's own (the CEO dashboard's businesses, the inventory's first page of products, which needs the
 * business's id). With a session, the server answers them inside the page itself (apps/server's
 * page-reads.ts). A script inline in index.html (`startEarlyReads`, written out by apps/web/build/route-preload.ts)
 * takes those answers and asks for any other as the page is parsed, while the page's files download (the
 * server names those in the page's Link header), and leaves the pending reads here: `call` (lib/api.ts)
 * takes the response of the same GET instead of asking again, and a query that mounts after the answer came
 * starts with its data (`earlyData` in lib/api.ts), so the page's first render shows it.
 */

/** Where the early reads' script leaves the pending reads, by URL: a property of `window`. */
export const EARLY_READS = '__ojaEarlyReads';

/** A pending read: the request in flight, or an answer the page came with, made a response when taken. */
type EarlyRead = Promise<Response> | (() => Promise<Response>);

/** What the script leaves beside the pending reads: each answered read's data and when it came. */
export type EarlyAnswers = Record<string, [data: unknown, receivedAt: number]>;

/**
 * index.html's inline script: route-preload.ts writes out `String(startEarlyReads)` and calls it with the
 * build's table of reads and `String(startReadsFor)` (the contract's plan of them, which the server shares),
 * so it must stay self-contained (no imports, no names from outside its body).
 *
 * With the session's anti-forgery cookie (readable, unlike the session's own) it starts every read whose
 * pattern matches the path, and keeps each successful answer's data under `${slot}Answers` for the query that
 * mounts after it came (`takeEarlyAnswer`): its first render shows the data instead of a loader. A read the
 * server has already answered inside the page (the data block `answersId`, apps/server's page-reads.ts) is
 * taken from there, not asked again: on a slow network that is a request fewer beside the entry's download,
 * and no round trip before the first screen's data. A guest's page asks for nothing.
 */
export function startEarlyReads(
  reads: PreloadReads,
  csrfCookie: string,
  slot: string,
  answersId: string,
  startReadsFor: typeof startReads,
): void {
  if (!document.cookie.split('; ').some((part) => part.indexOf(`${csrfCookie}=`) === 0)) return;
  const block = document.getElementById(answersId);
  const given: Record<string, EarlyBody> = block ? JSON.parse(block.textContent || '{}') : {};
  // A URL whose value is null was asked by the app itself (`takeEarlyRead`): it is not started again.
  const started: Record<string, EarlyRead | null> = {};
  const answers: EarlyAnswers = {};
  const start = (full: string): Promise<EarlyBody | undefined> => {
    if (full in started) return Promise.resolve(undefined);
    const body = given[full];
    if (body) {
      // Its data kept at once, as it is. Only if `call` takes the read instead does it become a response:
      // the first page of products is 13 KB of JSON to write again, while the page is still being parsed.
      started[full] = () =>
        Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
      answers[full] = [body.response_data, Date.now()];
      return Promise.resolve(body);
    }
    const read = fetch(full, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    started[full] = read;
    // A failed read is asked again by `call`; not an unhandled rejection meanwhile.
    return read
      .then((response) => (response.ok ? response.clone().json() : undefined))
      .then(
        (answer) => {
          if (answer && started[full] === read) answers[full] = [answer.response_data, Date.now()];
          return answer;
        },
        () => undefined,
      );
  };
  const isKept = (key: string) => {
    try {
      return localStorage.getItem(key) !== null;
    } catch {
      // No storage allowed: nothing kept is known, and the read goes as if none were.
      return false;
    }
  };
  startReadsFor(reads, location.pathname, location.search, start, isKept);
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
  reads?: Record<string, EarlyRead | null>;
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
  if (!read || performance.now() >= FRESH_MS) return undefined;
  return typeof read === 'function' ? read() : read;
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
