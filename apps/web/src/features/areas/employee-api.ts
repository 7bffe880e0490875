import { BUSINESS_ENDPOINTS, type EmployeeAnalyticsDays, type ListCartsQuery, SALES_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, cartKeys, saleKeys } from '../../lib/query-keys';

/** The carts list's query under the carts' keys, so every cart and sale mutation refreshes it as it does the rest. */
function cartsQuery(businessId: number, filters: Omit<ListCartsQuery, 'business_id'>) {
  return {
    queryKey: cartKeys.list(businessId, filters),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      data(call(SALES_ENDPOINTS.listCarts, { business_id: businessId, ...filters }, { signal })),
  };
}

/**
 * The employee sales page's carts for a member who confirms sales: their own and, beside them, the customers'
 * open requests, which nobody else in the employee area would see (the customer is told the shop confirms them).
 */
export function useOwnCartsWithRequests(
  businessId: number,
  filters: { page: number; search?: string; user_id?: number },
) {
  return useQuery({
    ...cartsQuery(businessId, { ...filters, customer_requests: 'also' }),
    placeholderData: keepPreviousData,
  });
}

/** How many customers' requests wait for the shop to confirm them (the employee home), or undefined until known. */
export function useOpenRequestCount(businessId: number, isEnabled: boolean): number | undefined {
  const requests = useQuery({
    ...cartsQuery(businessId, { page: 1, customer_requests: 'only' }),
    enabled: isEnabled,
  });
  return requests.data?.count;
}

/**
 * The payments the caller may see (the server scopes them: a salesperson's own, a customer's
 * on their own sales, the CEO's and a manager's all), newest first: the receipts pages.
 */
export function usePayments(businessId: number, filters: { page: number; search?: string }) {
  return useQuery({
    queryKey: saleKeys.payments(businessId, filters),
    queryFn: ({ signal }) =>
      data(call(SALES_ENDPOINTS.listPayments, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** What the caller sold over the last 7, 30 or 90 days, per day and per product. */
export function useEmployeeAnalytics(businessId: number, days: EmployeeAnalyticsDays) {
  return useQuery({
    queryKey: businessKeys.employeeAnalytics(businessId, days),
    queryFn: ({ signal }) =>
      data(call(BUSINESS_ENDPOINTS.getEmployeeAnalytics, { business_id: businessId, days }, { signal })),
    placeholderData: keepPreviousData,
  });
}
