import { CATALOGUE_ENDPOINTS, type CatalogueProduct, SEARCH_DEBOUNCE_MS } from '@oja/contract';
import { useEffect, useState } from 'react';
import { call } from '../../lib/api';
import { keepFound } from './catalogue';
import type { CounterService } from './counter-service';

/** Shorter searches match too much of a large shop to be worth the network. */
const MIN_SEARCH = 2;

/**
 * The shop's products matching what is typed or scanned, asked of the server (ADR 0014), and kept in the copy,
 * where the counter's own search finds them (offline later too) and its deltas keep them fresh.
 */
export async function searchShop(
  service: CounterService,
  search: string,
  signal?: AbortSignal,
): Promise<CatalogueProduct[]> {
  const { data } = await call(
    CATALOGUE_ENDPOINTS.searchCatalogue,
    { business_id: service.businessId, search },
    { signal },
  );
  await keepFound(service.db, data.products);
  return data.products;
}

/**
 * A partial copy's search, online: `search` is empty when the copy is whole or the phone is offline. Answers
 * whether a search is on its way.
 */
export function useServerSearch(service: CounterService, search: string): boolean {
  const [isSearching, setSearching] = useState(false);
  useEffect(() => {
    if (search.length < MIN_SEARCH) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
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
