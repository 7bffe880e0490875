import { BUSINESS_ENDPOINTS, type EmployeeAnalyticsDays, SUPPLIER_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, supplierKeys } from '../../lib/query-keys';

// The figures' reads stay in the businesses group of the endpoint table (and their keys under the business's).
const businesses = BUSINESS_ENDPOINTS;

export function useBusinessReport(businessId: number, from: string, to: string, enabled: boolean, categoryId?: number) {
  return useQuery({
    queryKey: [...businessKeys.report(businessId, from, to), categoryId ?? null],
    queryFn: ({ signal }) =>
      data(call(businesses.getReport, { business_id: businessId, from, to, category_id: categoryId }, { signal })),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useEmployeeFigures(businessId: number) {
  return useQuery({
    queryKey: businessKeys.employeeFigures(businessId),
    queryFn: ({ signal }) => data(call(businesses.getEmployeeFigures, { business_id: businessId }, { signal })),
  });
}

export function useCustomerFigures(businessId: number) {
  return useQuery({
    queryKey: businessKeys.customerFigures(businessId),
    queryFn: ({ signal }) => data(call(businesses.getCustomerFigures, { business_id: businessId }, { signal })),
  });
}

/** What the caller sold over the last 7, 30 or 90 days, per day and per product. */
export function useEmployeeAnalytics(businessId: number, days: EmployeeAnalyticsDays) {
  return useQuery({
    queryKey: businessKeys.employeeAnalytics(businessId, days),
    queryFn: ({ signal }) => data(call(businesses.getEmployeeAnalytics, { business_id: businessId, days }, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Deliveries' cost, paid and owed per supplier over a period (the reports page). */
export function usePurchases(businessId: number, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.purchases(businessId, from, to),
    queryFn: ({ signal }) =>
      data(call(SUPPLIER_ENDPOINTS.getPurchases, { business_id: businessId, from, to }, { signal })),
    enabled,
    placeholderData: (previous) => previous,
  });
}
