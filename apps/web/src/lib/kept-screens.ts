import { clear, createStore, delMany, entries, get, setMany } from 'idb-keyval';

/**
 * The screens' answers kept on this phone (ADR 0020), in IndexedDB through idb-keyval: one entry per query of
 * the person signed in, keyed by their id and the query's hash, so that one person's copies are never read
 * for another. Loaded only once a screen has data to keep or needs a kept copy (lib/offline-copies.ts).
 */

/** Older copies are not shown: a screen a week old says more wrong than right. */
export const KEPT_FOR_MS = 7 * 24 * 60 * 60_000;
/** The newest copies of a person kept; the oldest go first (a search typed letter by letter makes many). */
export const MOST_KEPT = 300;

export type KeptCopy = { owner: number; data: unknown; taken_at: number };

const store = createStore('oja-screens', 'copies');

const keyOf = (owner: number, queryHash: string) => `${owner} ${queryHash}`;

export async function keepCopies(owner: number, copies: { queryHash: string; data: unknown; takenAt: number }[]) {
  await setMany(
    copies.map(({ queryHash, data, takenAt }): [string, KeptCopy] => [
      keyOf(owner, queryHash),
      { owner, data, taken_at: takenAt },
    ]),
    store,
  );
}

/** This person's copy of this query, unless it is too old to show. */
export async function keptCopy(owner: number, queryHash: string, now = Date.now()): Promise<KeptCopy | undefined> {
  const copy = await get<KeptCopy>(keyOf(owner, queryHash), store);
  if (!copy || copy.owner !== owner || now - copy.taken_at > KEPT_FOR_MS) return undefined;
  return copy;
}

/** At logout, or when the session ends: nobody's copies stay. */
export function forgetAllCopies(): Promise<void> {
  return clear(store);
}

/** Keeps only the person signed in, their copies young enough to show, and the newest MOST_KEPT of those. */
export async function tidyCopies(owner: number, now = Date.now()): Promise<void> {
  const all = await entries<string, KeptCopy>(store);
  const mine = all
    .filter(([, copy]) => copy.owner === owner && now - copy.taken_at <= KEPT_FOR_MS)
    .sort(([, a], [, b]) => b.taken_at - a.taken_at)
    .slice(0, MOST_KEPT);
  if (mine.length === all.length) return;
  const stay = new Set(mine.map(([key]) => key));
  await delMany(
    all.filter(([key]) => !stay.has(key)).map(([key]) => key),
    store,
  );
}
