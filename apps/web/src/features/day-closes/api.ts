import { DAY_CLOSE_ENDPOINTS, type DayCloseScope, type EndpointInput } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { dayCloseKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const closes = DAY_CLOSE_ENDPOINTS;

/** What should be there now: read afresh each time the screen opens (money keeps coming in). */
export function useDayCloseExpected(businessId: number, scope: DayCloseScope) {
  return useQuery({
    queryKey: dayCloseKeys.expected(businessId, scope),
    queryFn: ({ signal }) => data(call(closes.getDayCloseExpected, { business_id: businessId, scope }, { signal })),
    staleTime: 0,
  });
}

export function useDayCloses(businessId: number, filters: { page: number; user_id?: number }) {
  return useQuery({
    queryKey: dayCloseKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(closes.listDayCloses, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** A close: sent again after a lost answer, it is made once (lib/request-keys.ts). */
export function useCreateDayClose(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof closes.createDayClose>, 'business_id'>) =>
      data(call(closes.createDayClose, { ...body, business_id: businessId }, { headers: keys.headersFor(body) })),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: dayCloseKeys.all(businessId) });
    },
  });
}
