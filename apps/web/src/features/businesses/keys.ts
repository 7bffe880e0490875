/** Query keys of the businesses feature; mutations elsewhere invalidate these by prefix. */
export const businessKeys = {
  all: ['businesses'] as const,
  list: () => [...businessKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...businessKeys.all, 'slug', slug] as const,
  /**
   * Figures computed from sales and products: a confirmed sale or a stock change
   * invalidates them. The report and the employee's and customer's own figures sit
   * under this prefix, so that one invalidation refreshes them all.
   */
  overview: (businessId: number) => [...businessKeys.all, 'overview', businessId] as const,
  report: (businessId: number, from: string, to: string) =>
    [...businessKeys.overview(businessId), 'report', from, to] as const,
  employeeFigures: (businessId: number) => [...businessKeys.overview(businessId), 'employee'] as const,
  customerFigures: (businessId: number) => [...businessKeys.overview(businessId), 'customer'] as const,
};
