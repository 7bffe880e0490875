import { ACCESS_COOKIE, EARLY_ANSWERS_ID, type EarlyBody, type PreloadReads, startReadsFor } from '@oja/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The first screen's reads of a signed-in page, answered inside the page: `page(request)` gives index.html
 * with a data block of the answers (by URL, each the API's own answer to a GET of it with the request's
 * session), or undefined when it has none to add (a guest, a path without reads, a session the API refused).
 *
 * Without them the phone asked for these reads from the page's inline script (apps/web's early-reads.ts): on
 * a slow network each is a round trip before the first screen has its data (the inventory's first page of
 * products two, as it needs the business's id), and two or three more requests in flight beside the entry's
 * download, which they slow. Answered inside the page, the signed-in pages' LCP is shorter for a page a few KB
 * larger (bench/README.md).
 *
 * The reads and their URLs are the web build's (`reads` in route-preload.json), planned with the contract's
 * `startReadsFor` as the page's script plans them, so the app takes each answer by the URL it would have
 * asked. Each read goes through the whole API (`inject`: the session's gate, the membership, the contract's
 * serializer), as the phone's own request would: a read the API refuses (an expired session, another
 * business's slug) is left out, and the phone asks for it itself as before. The answers are this user's, so
 * the page that carries them is sent `private, no-store` (app.ts): no cache keeps it, neither a shared one nor
 * the phone's, where a shop's next clerk could bring it back from the history after a logout.
 */
export function pageReads(
  app: FastifyInstance,
  html: string,
  reads: PreloadReads,
): (request: FastifyRequest) => Promise<string | undefined> {
  return async (request) => {
    if (!request.cookies[ACCESS_COOKIE]) return undefined;
    const [path = '/', query] = request.url.split('?', 2);
    const bodies: [url: string, body: string][] = [];
    // Never rejects: a read that fails is one the phone asks for itself.
    const read = async (url: string): Promise<EarlyBody | undefined> => {
      try {
        const answer = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json', cookie: request.headers.cookie ?? '' },
          remoteAddress: request.ip,
        });
        if (answer.statusCode !== 200) return undefined;
        const body = answer.body;
        bodies.push([url, body]);
        // Parsed only for a read that follows this one (the business's id for its products): the page
        // carries each answer as the API wrote it, and the first page of products is 13 KB of JSON.
        return {
          get response_data() {
            return (JSON.parse(body) as EarlyBody).response_data;
          },
        };
      } catch {
        return undefined;
      }
    };
    try {
      // What the phone may keep (the counter's copy) is the phone's to ask for: never answered here.
      await Promise.all(startReadsFor(reads, path, query ? `?${query}` : '', read, () => true));
    } catch {
      // A path the plan cannot read (a malformed %-escape in the slug): the page goes without answers, and
      // the app shows what it shows for that address.
      return undefined;
    }
    if (bodies.length === 0) return undefined;
    return html.replace('</title>', () => `</title>\n    ${answersBlock(bodies)}`);
  };
}

/**
 * The data block: a JSON object of the answers by URL, each the API's JSON as it wrote it. Not a script the
 * browser runs (its type says data), so the Content-Security-Policy has nothing to allow. Every `<` is
 * written as \u003c (the same string once parsed): a product named `</script><script>…` cannot end the
 * element and start markup of its own.
 */
function answersBlock(bodies: [url: string, body: string][]): string {
  const json = `{${bodies.map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  return `<script type="application/json" id="${EARLY_ANSWERS_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}
