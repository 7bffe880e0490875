import { ACTIVITY_ENDPOINTS, type EndpointInput } from '@oja/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { activityKeys } from '../../lib/query-keys';

type Filters = Omit<EndpointInput<typeof ACTIVITY_ENDPOINTS.listActivity>, 'business_id'>;

/**
 * The business's activity log. Read afresh whenever the screen opens: every feature's writes add to it, and
 * none of them needs to know this list exists.
 */
export function useActivity(businessId: number, filters: Filters) {
  return useQuery({
    queryKey: activityKeys.list(businessId, filters),
    queryFn: ({ signal }) =>
      data(call(ACTIVITY_ENDPOINTS.listActivity, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
