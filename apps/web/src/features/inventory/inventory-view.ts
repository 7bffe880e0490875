import type { StockFilter } from '@oja/contract';

/** The filter pills of the inventory list; each maps onto the list call's own filters. */
export const INVENTORY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'in_stock', label: 'In Stock' },
  { value: 'out_of_stock', label: 'Out of Stock' },
  { value: 'expiring_soon', label: 'Expiring soon' },
] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number]['value'];

/** What the list shows, as the address bar keeps it (so back and refresh keep it too). */
export type InventoryView = { filter: InventoryFilter; search: string; page: number };

/** The list call's filters: only the ones in force, so equal views share one cache entry. */
export type ProductFilters = { page: number; search?: string; stock?: StockFilter; expiring?: 'soon' };

const isFilter = (value: string | null): value is InventoryFilter =>
  INVENTORY_FILTERS.some((filter) => filter.value === value);

/** Reads the view from the address; anything unknown or malformed falls back to the default. */
export function readView(params: URLSearchParams): InventoryView {
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  return {
    filter: isFilter(filter) ? filter : 'all',
    search: (params.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view: defaults are left out, so the plain page stays /inventory. */
export function viewParams(view: InventoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.filter !== 'all') params.set('filter', view.filter);
  if (view.search) params.set('search', view.search);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export function productFilters(view: InventoryView): ProductFilters {
  const filters: ProductFilters = { page: view.page };
  if (view.search) filters.search = view.search;
  if (view.filter === 'in_stock' || view.filter === 'out_of_stock') filters.stock = view.filter;
  if (view.filter === 'expiring_soon') filters.expiring = 'soon';
  return filters;
}
