/**
 * The query key factories of every feature, in one neutral place: a mutation of one
 * feature invalidates what it touched in another (a sale changes products and the
 * business's figures) without the features importing each other.
 */

export const businessKeys = {
  all: ['businesses'] as const,
  list: () => [...businessKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...businessKeys.all, 'slug', slug] as const,
  /** The shop's logo as of its version (Business.logo_at): a new logo is a new key. */
  logo: (businessId: number, logoAt: string | null) => [...businessKeys.all, 'logo', businessId, logoAt] as const,
  /** The name an invite link's slug stands for, asked by a guest. */
  publicBySlug: (slug: string) => [...businessKeys.all, 'public', slug] as const,
  /**
   * Figures computed from sales and products: a confirmed sale or a stock change
   * invalidates them. The report and the employee's and customer's own figures sit
   * under this prefix, so that one invalidation refreshes them all.
   */
  overview: (businessId: number) => [...businessKeys.all, 'overview', businessId] as const,
  report: (businessId: number, from: string, to: string) =>
    [...businessKeys.overview(businessId), 'report', from, to] as const,
  employeeFigures: (businessId: number) => [...businessKeys.overview(businessId), 'employee'] as const,
  employeeAnalytics: (businessId: number, days: number) =>
    [...businessKeys.overview(businessId), 'employee-analytics', days] as const,
  customerFigures: (businessId: number) => [...businessKeys.overview(businessId), 'customer'] as const,
};

/** A confirmed sale invalidates productKeys.all(businessId): stock, lists and pickers alike. */
export const productKeys = {
  all: (businessId: number) => ['products', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...productKeys.all(businessId), 'list', filters] as const,
  detail: (businessId: number, productId: number) => [...productKeys.all(businessId), 'detail', productId] as const,
  movements: (businessId: number, productId: number, page: number) =>
    [...productKeys.all(businessId), 'movements', productId, page] as const,
  prices: (businessId: number, productId: number, page: number) =>
    [...productKeys.all(businessId), 'prices', productId, page] as const,
  categories: (businessId: number) => [...productKeys.all(businessId), 'categories'] as const,
  repricings: (businessId: number) => [...productKeys.all(businessId), 'repricings'] as const,
};

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
  /** The payments taken (receipts pages): a sale or a payment changes them. */
  payments: (businessId: number, filters: Record<string, unknown>) =>
    [...saleKeys.all(businessId), 'payments', filters] as const,
};

/**
 * The customers book and a customer's statement: under the sales' prefix, since every sale, payment or cancel
 * changes them, and a merge (which renames sales) refreshes the sales with them.
 */
export const customerBookKeys = {
  all: (businessId: number) => [...saleKeys.all(businessId), 'customer-book'] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...customerBookKeys.all(businessId), 'list', filters] as const,
  detail: (businessId: number, customer: Record<string, unknown>) =>
    [...customerBookKeys.all(businessId), 'detail', customer] as const,
};

/** The registered customers a cart can name (the team changes them, not a sale). */
export const customerKeys = {
  all: (businessId: number) => ['sales-customers', businessId] as const,
  search: (businessId: number, search: string) => [...customerKeys.all(businessId), search] as const,
};

export const teamKeys = {
  all: (businessId: number) => ['team', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...teamKeys.all(businessId), 'list', filters] as const,
};

/** Expenses change the report's figures too: their mutations invalidate businessKeys.overview as well. */
export const expenseKeys = {
  all: (businessId: number) => ['expenses', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...expenseKeys.all(businessId), 'list', filters] as const,
  categories: (businessId: number) => [...expenseKeys.all(businessId), 'categories'] as const,
};

/** Closing the day: a close changes what the next one expects and the history; sales and expenses change both. */
export const activityKeys = {
  all: (businessId: number) => ['activity', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...activityKeys.all(businessId), 'list', filters] as const,
};

export const dayCloseKeys = {
  all: (businessId: number) => ['day-closes', businessId] as const,
  expected: (businessId: number, scope: string) => [...dayCloseKeys.all(businessId), 'expected', scope] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...dayCloseKeys.all(businessId), 'list', filters] as const,
};

/** What the owner reviews of the counter: settling one invalidates these and businessKeys.overview (the attention). */
export const counterReviewKeys = {
  all: (businessId: number) => ['counter-review', businessId] as const,
  shortfalls: (businessId: number, includeSettled: boolean) =>
    [...counterReviewKeys.all(businessId), 'shortfalls', includeSettled] as const,
  priceFlags: (businessId: number, includeSettled: boolean) =>
    [...counterReviewKeys.all(businessId), 'price-flags', includeSettled] as const,
  devices: (businessId: number) => [...counterReviewKeys.all(businessId), 'devices'] as const,
};

/**
 * Suppliers, their deliveries and payments, and the purchases report: a delivery or a payment changes them all
 * (and a delivery the products, invalidated apart).
 */
export const supplierKeys = {
  all: (businessId: number) => ['suppliers', businessId] as const,
  list: (businessId: number, filters: Record<string, unknown>) =>
    [...supplierKeys.all(businessId), 'list', filters] as const,
  detail: (businessId: number, supplierId: number) => [...supplierKeys.all(businessId), 'detail', supplierId] as const,
  purchases: (businessId: number, from: string, to: string) =>
    [...supplierKeys.all(businessId), 'purchases', from, to] as const,
};
