import { BUSINESS_ENDPOINTS, type EmployeeAnalyticsDays, type MemberRole, SALES_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, saleKeys } from '../../lib/query-keys';
import { cartsQuery } from '../sales/api';

/**
 * Whether the receipts and invoices pages list the whole business's (the CEO and a manager answer for the whole
 * till) rather than the caller's own (a salesperson's). For the payments list-payments.ts decides and the page only
 * says so; the invoices page asks for the caller's own sales unless this holds. A manager confirms no sale
 * (`sale.confirm`), so "their own" invoices were an empty page beside a Receipts page of every payment.
 */
export const seesWholeTill = (role: MemberRole) => role === 'ceo' || role === 'manager';

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
