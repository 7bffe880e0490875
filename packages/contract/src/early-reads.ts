/**
 * The reads a signed-in page's first screen waits for, started before the web app's entry has arrived: by the
 * server, which answers them inside the page (apps/server/src/platform/page-reads.ts), and by the page's inline
 * script for those it did not (apps/web/src/lib/early-reads.ts). Both plan them with `startReadsFor`, so both
 * ask for the same URLs, which are also the URLs the app's own calls build: an answer is taken by its URL.
 */

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
  follows?: {
    read: number;
    field: string;
    query: Record<string, string>;
    /**
     * Not started when the phone keeps what it reads: `isKept` of this prefix and the value is true (the counter's
     * copy, which a phone that has one asks only for what changed). Never answered inside the page: the server
     * cannot know what the phone keeps.
     */
    unlessKept?: string;
  },
][];

/** An answer's envelope, as far as a read that follows it looks. */
export type EarlyBody = { response_data?: unknown };

/** The id of the page's data block (`<script type="application/json">`) holding the answers the server read. */
export const EARLY_ANSWERS_ID = 'oja-early-answers';

/**
 * Starts, through `start`, every read of the table whose pattern matches the path (its URL built as the app's
 * `call` builds it, with URLSearchParams), and each read that follows one once that one has answered, unless
 * `isKept` says the phone keeps what it would read. Returns the started reads (a hole where none started):
 * whoever must wait for all of them waits on these.
 *
 * index.html's inline script carries this function's own text (`String(startReadsFor)`): it must stay
 * self-contained (no imports, no names from outside its body).
 */
export function startReadsFor(
  reads: PreloadReads,
  path: string,
  search: string,
  start: (url: string) => Promise<EarlyBody | undefined>,
  isKept: (key: string) => boolean,
): Promise<EarlyBody | undefined>[] {
  const answered: Promise<EarlyBody | undefined>[] = [];
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
    if (!param || !first || search) return;
    answered[index] = first.then((body) => {
      let value: unknown = body?.response_data;
      for (const key of follows.field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
      if (value === undefined || value === null) return undefined;
      if (follows.unlessKept !== undefined && isKept(`${follows.unlessKept}${String(value)}`)) return undefined;
      return start(`${url}?${new URLSearchParams({ [param]: String(value), ...follows.query })}`);
    });
  });
  return answered;
}
