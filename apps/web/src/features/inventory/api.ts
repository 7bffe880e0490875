import {
  type CreateProductBody,
  type DeleteProductBody,
  type Product,
  type ProductList,
  STOCK_PATHS,
} from '@oja/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ProductFilters } from './inventory-view';
import { productKeys } from './keys';
import type { ProductChanges } from './product-display';

/** What a delete answers: `archived` when past sales keep the product in their history. */
type DeletedProduct = { id: number; archived: boolean };

/** One page of products, filtered and searched by the server; the last page stays on screen while the next loads. */
export function useProducts(businessId: number, filters: ProductFilters) {
  return useQuery<ProductList>({
    queryKey: productKeys.list(businessId, filters),
    queryFn: ({ signal }) =>
      api
        .get<ProductList>(STOCK_PATHS.list, { business_id: businessId, ...filters }, signal)
        .then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });
}

/** Every write changes what lists, details and carts' pickers show of this business's products. */
function useProductsChanged(businessId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productKeys.all(businessId) });
}

export function useCreateProduct(businessId: number) {
  const changed = useProductsChanged(businessId);
  return useMutation({
    mutationFn: (body: Omit<CreateProductBody, 'business_id'>) =>
      api.post<Product>(STOCK_PATHS.product, { ...body, business_id: businessId }),
    onSuccess: changed,
  });
}

export function useUpdateProduct(businessId: number) {
  const changed = useProductsChanged(businessId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ProductChanges }) =>
      api.patch<Product>(STOCK_PATHS.update, { ...changes, id, business_id: businessId }),
    onSuccess: changed,
  });
}

export function useDeleteProduct(businessId: number) {
  const changed = useProductsChanged(businessId);
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<DeletedProduct>(STOCK_PATHS.delete, {
        id,
        business_id: businessId,
      } satisfies DeleteProductBody),
    onSuccess: changed,
  });
}
