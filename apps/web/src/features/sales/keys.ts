/** Query keys of carts, sales and debts. */
export const cartKeys = {
  all: (businessId: number) => ['carts', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...cartKeys.all(businessId), 'list', filters] as const,
};

export const saleKeys = {
  all: (businessId: number) => ['sales', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...saleKeys.all(businessId), 'list', filters] as const,
  detail: (businessId: number, saleId: number) => [...saleKeys.all(businessId), 'detail', saleId] as const,
  debts: (businessId: number) => [...saleKeys.all(businessId), 'debts'] as const,
};

/** The registered customers a cart can name (the team changes them, not a sale). */
export const customerKeys = {
  all: (businessId: number) => ['sales-customers', businessId] as const,
  search: (businessId: number, search: string) => [...customerKeys.all(businessId), search] as const,
};
