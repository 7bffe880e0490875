import { SUPPLIER_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { supplierKeys } from '../../lib/query-keys';

// Apart from api.ts: the suppliers list and the price change page's filter draw it, the supplier's own pages the
// rest, so neither half is in the chunk every signed-in page downloads.
export function useSuppliers(businessId: number, filters: { page: number; search?: string }, enabled = true) {
  return useQuery({
    queryKey: supplierKeys.list(businessId, filters),
    queryFn: ({ signal }) =>
      data(call(SUPPLIER_ENDPOINTS.listSuppliers, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
