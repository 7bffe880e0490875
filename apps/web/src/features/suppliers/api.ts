import { type EndpointInput, STOCK_ENDPOINTS, SUPPLIER_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data } from '../../lib/api';
import { businessKeys, productKeys, supplierKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';

const suppliers = SUPPLIER_ENDPOINTS;

export function useSupplier(businessId: number, supplierId: number | null) {
  return useQuery({
    queryKey: supplierKeys.detail(businessId, supplierId ?? 0),
    queryFn: ({ signal }) =>
      data(call(suppliers.getSupplier, { business_id: businessId, supplier_id: supplierId ?? 0 }, { signal })),
    // An address naming no supplier is not found without asking.
    enabled: supplierId !== null,
  });
}

/** A new supplier: sent again after a lost answer, made once (lib/request-keys.ts). */
export function useCreateSupplier(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof suppliers.createSupplier>, 'business_id'>) =>
      data(
        call(suppliers.createSupplier, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
      ).then((answer) => answer.supplier),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: supplierKeys.all(businessId) });
    },
  });
}

/** A delivery moves stock and costs (the products), what is owed (the suppliers) and, when paid, the drawer. */
export function useCreateDelivery(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof suppliers.createDelivery>, 'business_id'>) =>
      data(call(suppliers.createDelivery, { ...body, business_id: businessId }, { headers: keys.headersFor(body) })),
    onSuccess: () => {
      keys.succeeded();
      return Promise.all([
        client.invalidateQueries({ queryKey: supplierKeys.all(businessId) }),
        client.invalidateQueries({ queryKey: productKeys.all(businessId) }),
        client.invalidateQueries({ queryKey: businessKeys.overview(businessId) }),
      ]);
    },
  });
}

/** A payment to a supplier: sent again after a lost answer, paid once. */
export function usePaySupplier(businessId: number) {
  const client = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof suppliers.paySupplier>, 'business_id'>) =>
      data(call(suppliers.paySupplier, { ...body, business_id: businessId }, { headers: keys.headersFor(body) })),
    onSuccess: () => {
      keys.succeeded();
      return client.invalidateQueries({ queryKey: supplierKeys.all(businessId) });
    },
  });
}

/** The products a delivery line may name: any live product of the business, in stock or not. */
export function useProductSearch(businessId: number, search: string) {
  return useQuery({
    queryKey: productKeys.list(businessId, { for: 'delivery', search }),
    queryFn: ({ signal }) =>
      data(call(STOCK_ENDPOINTS.listProducts, { business_id: businessId, search, page: 1 }, { signal })),
    placeholderData: keepPreviousData,
  });
}
