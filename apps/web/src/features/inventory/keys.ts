/** Query keys of the inventory feature; a confirmed sale invalidates productKeys.all(businessId). */
export const productKeys = {
  all: (businessId: number) => ['products', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...productKeys.all(businessId), 'list', filters] as const,
  detail: (businessId: number, productId: number) => [...productKeys.all(businessId), 'detail', productId] as const,
  movements: (businessId: number, productId: number, page: number) =>
    [...productKeys.all(businessId), 'movements', productId, page] as const,
};
