/**
 * What index.html's early reads look for before they ask for the counter's first copy with the page
 * (build/route-preload.ts): this phone keeps a copy of the business's catalogue, so the Sell screen asks only for
 * what changed since. A synchronous read, which the store (IndexedDB) is not; without it, a phone that keeps a
 * copy would download a whole first page at every opening of the Sell screen.
 */
export const COPY_KEPT_KEY = 'oja-counter-copy-b';

export function markCopyKept(businessId: number): void {
  try {
    localStorage.setItem(`${COPY_KEPT_KEY}${businessId}`, '1');
  } catch {
    // No storage allowed: the early read goes with every opening, and `call` takes it only for a first copy.
  }
}
