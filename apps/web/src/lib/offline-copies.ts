import { MESSAGES } from '@oja/contract';
import type { Query, QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';
import { businessKeys } from './query-keys';

/**
 * The screens a person visited show their last data when the network is gone (ADR 0020). Every answer a screen
 * got is kept on the phone for the person signed in (lib/kept-screens.ts, loaded once there is something to
 * keep or to read); a read that cannot reach the server answers that copy instead, and the screen draws it as
 * it would the server's, under the banner that says when it is from (ui/offline-banner.tsx). Online, nothing
 * changes: the copy is read only when the network failed.
 */

const loadStore = () => import('./kept-screens');

/** Tries of a read on a network that answers at times (navigator.onLine says true): the copy comes after them. */
export const READ_RETRIES = 2;

/** Kept apart for the app to open at all, the counter's among it (lib/last-known.ts): not part of a screen. */
const SESSION = 'session';
const [BUSINESSES, BY_SLUG] = businessKeys.bySlug('');

let client: QueryClient | undefined;
let ownerOf: () => number | undefined = () => undefined;
/** The queries drawn from a kept copy now: not kept again as new, and the screen says it is offline. */
const fromCopy = new Set<string>();
/** The queries with a new answer to keep, and whose they were. */
const toKeep = new Map<string, number>();
let isKeepingSoon = false;
let tidied: number | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function isKept(query: Query): boolean {
  const [first, second] = query.queryKey;
  return first !== SESSION && !(first === BUSINESSES && second === BY_SLUG);
}

/**
 * Keeps each new answer of `queryClient` (fetched, set by a mutation, or come with the page) for the person
 * `owner` names, just after it arrived (the answers of one screen in one write).
 */
export function keepScreensOffline(queryClient: QueryClient, owner: () => number | undefined): void {
  client = queryClient;
  ownerOf = owner;
  queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    const isNewAnswer =
      (event.type === 'updated' && event.action.type === 'success') ||
      (event.type === 'added' && query.state.data !== undefined);
    if (!isNewAnswer || !isKept(query) || fromCopy.has(query.queryHash)) return;
    const who = ownerOf();
    if (who === undefined) return;
    toKeep.set(query.queryHash, who);
    if (isKeepingSoon) return;
    isKeepingSoon = true;
    setTimeout(() => void keepNow(), 300);
  });
}

async function keepNow(): Promise<void> {
  isKeepingSoon = false;
  const who = ownerOf();
  const copies: { queryHash: string; data: unknown; takenAt: number }[] = [];
  for (const [queryHash, owner] of toKeep) {
    const query = client?.getQueryCache().get(queryHash);
    if (owner !== who || !query || query.state.data === undefined || fromCopy.has(queryHash)) continue;
    copies.push({ queryHash, data: query.state.data, takenAt: query.state.dataUpdatedAt });
  }
  toKeep.clear();
  if (who === undefined || copies.length === 0) return;
  try {
    const store = await loadStore();
    if (tidied !== who) {
      tidied = who;
      await store.tidyCopies(who);
    }
    // Checked again after waiting: a logout meanwhile has forgotten everything, and nothing of theirs comes back.
    if (ownerOf() === who) await store.keepCopies(who, copies);
  } catch {
    // A full, missing or refused storage costs only the offline screens.
  }
}

/** At logout or the end of a session: every copy on the phone goes, whoever's it was. */
export function forgetScreenCopies(): void {
  toKeep.clear();
  fromCopy.clear();
  tidied = undefined;
  changed();
  loadStore()
    .then((store) => store.forgetAllCopies())
    .catch(() => {});
}

/**
 * The queries' `persister` (React Query calls it in place of the query function): the server's answer, or,
 * when the server cannot be reached, the copy kept here. A screen never opened here says it needs the network.
 */
export async function fromCopyWhenOffline<T>(
  queryFn: (context: QueryFunctionContext<QueryKey>) => T | Promise<T>,
  context: QueryFunctionContext<QueryKey>,
  query: Query,
): Promise<T> {
  try {
    const answer = await queryFn(context);
    if (fromCopy.delete(query.queryHash)) changed();
    return answer;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    const isBrowserOffline = navigator.onLine === false;
    // The browser thinks it is online: the read is tried again first, as any other.
    if (!isBrowserOffline && query.state.fetchFailureCount < READ_RETRIES) throw error;
    const owner = ownerOf();
    const copy =
      owner === undefined || !isKept(query)
        ? undefined
        : await loadStore()
            .then((store) => store.keptCopy(owner, query.queryHash))
            .catch(() => undefined);
    if (!copy || ownerOf() !== owner) {
      throw isBrowserOffline ? new ApiError(MESSAGES.offline.screenNeedsNetwork, 0, 'offline') : error;
    }
    fromCopy.add(query.queryHash);
    changed();
    // The answer is dated when the copy was taken (React Query dates it now): the banner says so, and the
    // screen, stale, asks the server again as soon as the network is back.
    setTimeout(() => {
      if (client && client.getQueryCache().get(query.queryHash)?.state.data === copy.data) {
        client.setQueryData(query.queryKey, copy.data, { updatedAt: copy.taken_at });
      }
    }, 0);
    return copy.data as T;
  }
}

/**
 * When the data of the screen now shown was taken, while the phone is offline or the screen is drawn from a
 * kept copy: the oldest answer among the screen's queries. Null otherwise.
 */
export function offlineAsOf(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  let isFromCopy = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!isKept(query) || query.state.data === undefined || !query.isActive()) continue;
    if (fromCopy.has(query.queryHash)) isFromCopy = true;
    oldest = oldest === null ? query.state.dataUpdatedAt : Math.min(oldest, query.state.dataUpdatedAt);
  }
  return isFromCopy || navigator.onLine === false ? oldest : null;
}

/** Calls `listener` when `offlineAsOf` may have changed. */
export function watchOffline(queryClient: QueryClient, listener: () => void): () => void {
  listeners.add(listener);
  const stop = queryClient.getQueryCache().subscribe(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    stop();
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
