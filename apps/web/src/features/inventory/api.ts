import { type EndpointInput, STOCK_ENDPOINTS } from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, data, earlyData } from '../../lib/api';
import { productKeys } from '../../lib/query-keys';
import { useRequestKeys } from '../../lib/request-keys';
import type { ProductFilters } from './inventory-view';
import type { ProductChanges } from './product-display';

const stock = STOCK_ENDPOINTS;

/** One page of products, filtered and searched by the server; the last page stays on screen while the next loads. */
export function useProducts(businessId: number, filters: ProductFilters) {
  return useQuery({
    queryKey: productKeys.list(businessId, filters),
    queryFn: ({ signal }) => data(call(stock.listProducts, { business_id: businessId, ...filters }, { signal })),
    placeholderData: keepPreviousData,
    // Page 1 of the default view: index.html asks for it as soon as the business has answered (route-preload.ts).
    ...earlyData(stock.listProducts, { business_id: businessId, ...filters }),
  });
}

/**
 * The first page of a search for `code`, the list's own query (the same cache entry as the search box's): the
 * server puts an exact SKU or barcode first, so a code's product is on it.
 */
export function useSearchCode(businessId: number) {
  const client = useQueryClient();
  return (code: string) => {
    const filters: ProductFilters = { page: 1, search: code };
    return client.fetchQuery({
      queryKey: productKeys.list(businessId, filters),
      queryFn: ({ signal }) => data(call(stock.listProducts, { business_id: businessId, ...filters }, { signal })),
    });
  };
}

/** Every write changes what lists, details and carts' pickers show of this business's products. */
function useProductsChanged(businessId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productKeys.all(businessId) });
}

/** A new product with its opening stock: sent again after a lost answer, it is made once (lib/request-keys.ts). */
export function useCreateProduct(businessId: number) {
  const changed = useProductsChanged(businessId);
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: Omit<EndpointInput<typeof stock.createProduct>, 'business_id'>) =>
      call(stock.createProduct, { ...body, business_id: businessId }, { headers: keys.headersFor(body) }),
    onSuccess: () => {
      keys.succeeded();
      return changed();
    },
  });
}

export function useUpdateProduct(businessId: number) {
  const changed = useProductsChanged(businessId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ProductChanges }) =>
      call(stock.updateProduct, { ...changes, id, business_id: businessId }),
    onSuccess: changed,
  });
}

/** Answers `archived` when past sales keep the product in their history. */
export function useDeleteProduct(businessId: number) {
  const changed = useProductsChanged(businessId);
  return useMutation({
    mutationFn: (id: number) => call(stock.deleteProduct, { id, business_id: businessId }),
    onSuccess: changed,
  });
}

/** What the shop has in stock now, for a customer: prices without costs (the server never sends them). */
export function useShopProducts(businessId: number, filters: { page: number; search?: string }) {
  return useQuery({
    queryKey: productKeys.list(businessId, { for: 'customer', ...filters }),
    queryFn: ({ signal }) =>
      data(call(stock.listProducts, { business_id: businessId, stock: 'in_stock', ...filters }, { signal })),
    placeholderData: keepPreviousData,
  });
}
