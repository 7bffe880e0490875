import { BUSINESS_ENDPOINTS, type Business } from '@oja/contract';
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
 * The shop's logo (a data URL), for its receipts and its settings; asked only when the business has one, and once
 * per version of it. Kept on the phone with the screens that showed it, so an offline receipt has it too.
 */
export function useBusinessLogo(business: Pick<Business, 'id' | 'logo_at'>) {
  return useQuery({
    queryKey: businessKeys.logo(business.id, business.logo_at),
    queryFn: ({ signal }) => data(call(BUSINESS_ENDPOINTS.getBusinessLogo, { business_id: business.id }, { signal })),
    enabled: business.logo_at !== null,
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.logo,
  });
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
