import { type EndpointInput, STOCK_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { productKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const stock = STOCK_ENDPOINTS;

/** The business's product categories (the inventory's filter, the product form's suggestions, bulk changes). */
export function useCategories(businessId: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.categories(businessId),
    queryFn: ({ signal }) => data(call(stock.listCategories, { business_id: businessId }, { signal })),
    enabled,
    staleTime: 60_000,
  });
}

export type RepricingInput = Omit<EndpointInput<typeof stock.applyRepricing>, 'business_id'>;

/** Every old and new price of a bulk change, written nowhere. */
export function usePreviewRepricing(businessId: number) {
  return useMutation({
    mutationFn: (input: RepricingInput) => data(call(stock.previewRepricing, { ...input, business_id: businessId })),
  });
}

/** A bulk change: sent again after a lost answer, applied once (lib/request-keys.ts). */
export function useApplyRepricing(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (input: RepricingInput) =>
      data(call(stock.applyRepricing, { ...input, business_id: businessId }, { headers: keys.headersFor(input) })),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: productKeys.all(businessId) });
    },
  });
}

/** Putting back the last bulk change's prices, once however often it is sent. */
export function useUndoRepricing(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (id: number) =>
      data(call(stock.undoRepricing, { id, business_id: businessId }, { headers: keys.headersFor({ undo: id }) })),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: productKeys.all(businessId) });
    },
    // A refusal (a price changed since) may come from a stale list: show the current one.
    onError: () => client.invalidateQueries({ queryKey: productKeys.repricings(businessId) }),
  });
}

/** The latest bulk changes, newest first. */
export function useRepricings(businessId: number) {
  return useQuery({
    queryKey: productKeys.repricings(businessId),
    queryFn: ({ signal }) => data(call(stock.listRepricings, { business_id: businessId }, { signal })),
  });
}

/** A product's price changes, newest first, a page at a time. */
export function usePriceHistory(businessId: number, productId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.prices(businessId, productId, page),
    queryFn: ({ signal }) =>
      data(call(stock.listPriceHistory, { business_id: businessId, product_id: productId, page }, { signal })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
