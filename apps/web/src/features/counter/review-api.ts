import { COUNTER_ENDPOINTS } from '@oja/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, counterReviewKeys } from '../../lib/query-keys';

const counter = COUNTER_ENDPOINTS;
const settledParam = (includeSettled: boolean) => (includeSettled ? 'true' : 'false');

export function useShortfalls(businessId: number, includeSettled: boolean, enabled = true) {
  return useQuery({
    queryKey: counterReviewKeys.shortfalls(businessId, includeSettled),
    queryFn: ({ signal }) =>
      data(
        call(
          counter.listShortfalls,
          { business_id: businessId, include_settled: settledParam(includeSettled) },
          { signal },
        ),
      ).then((answer) => answer.results),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function usePriceFlags(businessId: number, includeSettled: boolean, enabled = true) {
  return useQuery({
    queryKey: counterReviewKeys.priceFlags(businessId, includeSettled),
    queryFn: ({ signal }) =>
      data(
        call(
          counter.listPriceFlags,
          { business_id: businessId, include_settled: settledParam(includeSettled) },
          { signal },
        ),
      ).then((answer) => answer.results),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useCounterDevices(businessId: number, enabled = true) {
  return useQuery({
    queryKey: counterReviewKeys.devices(businessId),
    queryFn: ({ signal }) =>
      data(call(counter.listDevices, { business_id: businessId }, { signal })).then((answer) => answer.results),
    enabled,
  });
}

/** A settled shortfall or flag leaves the lists and Needs attention (the overview's and the employee home's). */
function useInvalidateReview(businessId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: counterReviewKeys.all(businessId) }),
      client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
    ]);
}

export type SettleKind = 'shortfall' | 'price-flag';

/** Settling twice answers "already settled": no idempotency key is needed for a retry to be harmless. */
export function useSettle(businessId: number, kind: SettleKind) {
  const invalidate = useInvalidateReview(businessId);
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      call(kind === 'shortfall' ? counter.settleShortfall : counter.settlePriceFlag, {
        business_id: businessId,
        id,
        note,
      }),
    // Settled meanwhile by someone else: the refused answer still refreshes what is shown.
    onSettled: invalidate,
  });
}
