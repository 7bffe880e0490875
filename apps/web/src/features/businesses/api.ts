import { BUSINESS_ENDPOINTS, type EndpointInput } from '@oja/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data, earlyData } from '../../lib/api';
import { businessKeys } from '../../lib/query-keys';
import { forgetBusiness } from '../../shell/business-query';
import { sessionKey } from '../auth/session';

const businesses = BUSINESS_ENDPOINTS;

export function useBusinesses() {
  return useQuery({
    queryKey: businessKeys.list(),
    queryFn: ({ signal }) => data(call(businesses.listBusinesses, undefined, { signal })),
    ...earlyData(businesses.listBusinesses, undefined),
  });
}

export function useBusinessOverview(businessId: number) {
  return useQuery({
    queryKey: businessKeys.overview(businessId),
    queryFn: ({ signal }) => data(call(businesses.getOverview, { business_id: businessId }, { signal })),
  });
}

export function useCreateBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof businesses.createBusiness>) => call(businesses.createBusiness, body),
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
    mutationFn: (body: EndpointInput<typeof businesses.updateBusiness>) => call(businesses.updateBusiness, body),
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
    mutationFn: (id: number) => call(businesses.deleteBusiness, { id }),
    onSuccess: async (_answer, id) => {
      forgetBusiness(client, slug, id);
      await Promise.all([
        client.invalidateQueries({ queryKey: businessKeys.list() }),
        client.invalidateQueries({ queryKey: sessionKey }),
      ]);
    },
  });
}
