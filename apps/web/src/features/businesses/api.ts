import type {
  Business,
  BusinessList,
  BusinessOverview,
  BusinessReport,
  BusinessWithRole,
  CreateBusinessBody,
  CustomerFigures,
  EmployeeFigures,
  UpdateBusinessBody,
} from '@oja/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sessionKey } from '../auth/session';
import { businessKeys } from './keys';

const data = <T>(call: Promise<{ data: T }>) => call.then((answer) => answer.data);

export function useBusinesses() {
  return useQuery({
    queryKey: businessKeys.list(),
    queryFn: ({ signal }) => data(api.get<BusinessList>('/users/businesses/list_businesses/', undefined, signal)),
  });
}

/** The business of a /business/{slug} or area address, with the caller's role there. */
export function useBusinessBySlug(slug: string) {
  return useQuery({
    queryKey: businessKeys.bySlug(slug),
    queryFn: ({ signal }) => data(api.get<BusinessWithRole>('/users/businesses/by-slug/', { slug }, signal)),
    staleTime: 5 * 60_000,
  });
}

export function useBusinessOverview(businessId: number) {
  return useQuery({
    queryKey: businessKeys.overview(businessId),
    queryFn: ({ signal }) =>
      data(api.get<BusinessOverview>('/users/businesses/overview/', { business_id: businessId }, signal)),
  });
}

export function useBusinessReport(businessId: number, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: businessKeys.report(businessId, from, to),
    queryFn: ({ signal }) =>
      data(api.get<BusinessReport>('/users/businesses/report/', { business_id: businessId, from, to }, signal)),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useEmployeeFigures(businessId: number) {
  return useQuery({
    queryKey: businessKeys.employeeFigures(businessId),
    queryFn: ({ signal }) =>
      data(api.get<EmployeeFigures>('/users/businesses/employee-figures/', { business_id: businessId }, signal)),
  });
}

export function useCustomerFigures(businessId: number) {
  return useQuery({
    queryKey: businessKeys.customerFigures(businessId),
    queryFn: ({ signal }) =>
      data(api.get<CustomerFigures>('/users/businesses/customer-figures/', { business_id: businessId }, signal)),
  });
}

export function useCreateBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBusinessBody) => api.post<Business>('/users/businesses/', body),
    onSuccess: async () => {
      // A CEO who had no business left gets this one as their current business.
      await Promise.all([
        client.invalidateQueries({ queryKey: businessKeys.list() }),
        client.invalidateQueries({ queryKey: sessionKey }),
      ]);
    },
  });
}

export function useUpdateBusiness(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessBody) => api.patch<Business>('/users/businesses/update/', body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: businessKeys.bySlug(slug) }),
        client.invalidateQueries({ queryKey: businessKeys.list() }),
        client.invalidateQueries({ queryKey: sessionKey }),
      ]);
    },
  });
}

export function useDeleteBusiness(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Record<string, never>>('/users/businesses/delete/', { id }),
    onSuccess: async () => {
      await Promise.all([
        // Not refetched now (the page is leaving it); any later visit asks again and finds it gone.
        client.invalidateQueries({ queryKey: businessKeys.bySlug(slug), refetchType: 'none' }),
        client.invalidateQueries({ queryKey: businessKeys.list() }),
        client.invalidateQueries({ queryKey: sessionKey }),
      ]);
    },
  });
}
