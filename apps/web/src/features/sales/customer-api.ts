import { type RequestProductsBody, SALES_ENDPOINTS, STOCK_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { cartKeys, productKeys, saleKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

/**
 * The customer area's calls. Every one is scoped to the caller by the server (their own sales,
 * payments, debts and requests); the keys sit under the sales, carts and products prefixes, so a
 * sale, a payment or a stock change made anywhere refreshes these pages too.
 */
const sales = SALES_ENDPOINTS;
/**
 * The shop, not the customer, changes what these pages list (it confirms a request, records a
 * payment): each visit asks again instead of showing the last 30 seconds' answer.
 */
const FRESH_ON_VISIT = 0;
type PageFilters = { page: number; search?: string };

/** What the shop has in stock now, for a customer: prices without costs (the server never sends them). */
export function useShopProducts(businessId: number, filters: PageFilters) {
  return useQuery({
    queryKey: productKeys.list(businessId, { for: 'customer', ...filters }),
    queryFn: ({ signal }) =>
      data(call(STOCK_ENDPOINTS.listProducts, { business_id: businessId, stock: 'in_stock', ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Asks the shop for products: the answer is the request, a cart the staff will confirm. */
export function useRequestProducts(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (items: RequestProductsBody['items']) =>
      data(call(sales.requestProducts, { business_id: businessId, items }, { headers: keys.headersFor(items) })).then(
        (answer) => answer.cart,
      ),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: cartKeys.all(businessId) });
    },
  });
}

/** The caller's requests the shop has not confirmed yet. */
export function useMyRequests(businessId: number, page: number) {
  return useQuery({
    queryKey: cartKeys.list(businessId, { mine: true, page }),
    queryFn: ({ signal }) => data(call(sales.listMyRequests, { business_id: businessId, page }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_VISIT,
  });
}

/** The caller's own sales (the server lists a customer's only). */
export function useMySales(businessId: number, filters: PageFilters) {
  return useQuery({
    queryKey: saleKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(sales.listSales, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_VISIT,
  });
}

/** The payments on the caller's sales. */
export function useMyPayments(businessId: number, filters: PageFilters) {
  return useQuery({
    queryKey: saleKeys.list(businessId, { payments: true, ...filters }),
    queryFn: ({ signal }) => data(call(sales.listPayments, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    staleTime: FRESH_ON_VISIT,
  });
}

/** What the caller owes this business, per currency, with each open sale. */
export function useMyDebts(businessId: number) {
  return useQuery({
    queryKey: saleKeys.list(businessId, { debts: 'mine' }),
    queryFn: ({ signal }) =>
      data(call(sales.listMyDebts, { business_id: businessId }, { signal })).then((answer) => answer.debts),
    staleTime: FRESH_ON_VISIT,
  });
}
