import { CUSTOMER_ENDPOINTS, type EndpointInput } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, customerBookKeys, saleKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const customers = CUSTOMER_ENDPOINTS;

/** A customer as a request names them: a registered customer by id, anyone else by the name on their sales. */
export type CustomerRef = { customer_id: number } | { customer_name: string };

export function useCustomerBook(businessId: number, filters: { page: number; search?: string }, enabled = true) {
  return useQuery({
    queryKey: customerBookKeys.list(businessId, filters),
    queryFn: ({ signal }) =>
      data(call(customers.listCustomerBook, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCustomer(businessId: number, ref: CustomerRef | null) {
  return useQuery({
    queryKey: customerBookKeys.detail(businessId, ref ?? {}),
    queryFn: ({ signal }) =>
      data(call(customers.getCustomer, { business_id: businessId, ...(ref as CustomerRef) }, { signal })).then(
        (answer) => answer.statement,
      ),
    // An address naming nobody is not found without asking.
    enabled: ref !== null,
  });
}

type MergeBody = Omit<EndpointInput<typeof customers.mergeCustomers>, 'business_id'>;

/** Merging renames or re-assigns sales: the sales, debts, the book and the figures all change. */
export function useMergeCustomers(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: MergeBody) =>
      call(customers.mergeCustomers, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
    onSuccess: () => {
      keys.succeeded();
      return Promise.all([
        client.invalidateQueries({ queryKey: saleKeys.all(businessId) }),
        client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
      ]);
    },
  });
}
