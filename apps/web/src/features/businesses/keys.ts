/** Query keys of the businesses feature; mutations elsewhere invalidate these by prefix. */
export const businessKeys = {
  all: ['businesses'] as const,
  list: () => [...businessKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...businessKeys.all, 'slug', slug] as const,
  /** Figures computed from sales and products: a confirmed sale or a stock change invalidates them. */
  overview: (businessId: number) => [...businessKeys.all, 'overview', businessId] as const,
};
