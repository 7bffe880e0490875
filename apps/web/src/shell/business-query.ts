import { BUSINESS_ENDPOINTS } from '@oja/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, data, earlyData } from '../lib/api';
import { orLastKnown, rememberLastKnown } from '../lib/last-known';
import { businessKeys, cartKeys, customerKeys, expenseKeys, productKeys, saleKeys, teamKeys } from '../lib/query-keys';

/** The business of a /business/{slug} or area address, with the caller's role there. */
export function useBusinessBySlug(slug: string) {
  const lookup = useQuery({
    queryKey: businessKeys.bySlug(slug),
    // Offline, the business as last seen here (lib/last-known.ts), for the counter; asked even then.
    queryFn: ({ signal }) =>
      orLastKnown(`business:${slug}`, () => data(call(BUSINESS_ENDPOINTS.getBusinessBySlug, { slug }, { signal }))),
    networkMode: 'always',
    staleTime: 5 * 60_000,
    ...earlyData(BUSINESS_ENDPOINTS.getBusinessBySlug, { slug }),
  });
  useEffect(() => rememberLastKnown(`business:${slug}`, lookup.data), [slug, lookup.data]);
  return lookup;
}

/**
 * Drops everything cached about a business that is gone (deleted): a later visit to its pages, by Back
 * among them, asks the server and shows the plain "Business not found", never the old pages from the
 * cache with errors about their figures. Not refetched now: the page that deleted it is leaving.
 */
export function forgetBusiness(client: QueryClient, slug: string, businessId: number): void {
  for (const queryKey of [
    businessKeys.bySlug(slug),
    businessKeys.publicBySlug(slug),
    businessKeys.overview(businessId),
    productKeys.all(businessId),
    cartKeys.all(businessId),
    saleKeys.all(businessId),
    customerKeys.all(businessId),
    teamKeys.all(businessId),
    expenseKeys.all(businessId),
  ]) {
    client.removeQueries({ queryKey });
  }
}
