import { BUSINESS_ENDPOINTS } from '@oja/contract';
import { useQuery } from '@tanstack/react-query';
import { call, data, earlyData } from '../lib/api';
import { businessKeys } from '../lib/query-keys';

/** The business of a /business/{slug} or area address, with the caller's role there. */
export function useBusinessBySlug(slug: string) {
  return useQuery({
    queryKey: businessKeys.bySlug(slug),
    queryFn: ({ signal }) => data(call(BUSINESS_ENDPOINTS.getBusinessBySlug, { slug }, { signal })),
    staleTime: 5 * 60_000,
    ...earlyData(BUSINESS_ENDPOINTS.getBusinessBySlug, { slug }),
  });
}
