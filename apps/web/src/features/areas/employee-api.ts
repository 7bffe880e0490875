import { BUSINESS_ENDPOINTS, type EmployeeAnalyticsDays, SALES_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, saleKeys } from '../../lib/query-keys';
import { cartsQuery } from '../sales/api';

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
