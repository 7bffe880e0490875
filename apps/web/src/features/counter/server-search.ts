import { SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { useEffect, useState } from 'react';
import type { CounterService } from './counter-service';

/** Shorter searches match too much of a large shop to be worth the network. */
const MIN_SEARCH = 2;

/** The search of the whole shop, loaded when a partial copy first asks (shop-search.ts). */
export const loadShopSearch = () => import('./shop-search');

/**
 * A partial copy's search, online (ADR 0014): the shop's products matching what is typed are asked of the server
 * and kept in the copy. `search` is empty when the copy is whole or the phone is offline. Answers whether a search
 * is on its way.
 */
export function useServerSearch(service: CounterService, search: string): boolean {
  const [isSearching, setSearching] = useState(false);
  useEffect(() => {
    if (search.length < MIN_SEARCH) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
        const { searchShop } = await loadShopSearch();
        await searchShop(service, search, controller.signal);
      } catch {
        // The network went or the search was replaced: the copy answers alone.
      } finally {
        if (!controller.signal.aborted) setSearching(false);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setSearching(false);
    };
  }, [service, search]);
  return isSearching;
}
