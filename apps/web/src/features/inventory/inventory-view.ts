import type { StockFilter } from '@oja/contract';
import type { ListSpec, ListState } from '../../ui/list-view';

const FILTERS = ['all', 'in_stock', 'out_of_stock', 'low_stock', 'expiring_soon'] as const;
type InventoryFilter = (typeof FILTERS)[number];

/**
 * The inventory list in the URL: ?filter=out_of_stock&search=rice&page=2, and &category=12 (a category's id, kept
 * beside the view: its values are the business's own).
 */
export const INVENTORY_LIST = { filters: { filter: FILTERS }, keep: ['category'] } satisfies ListSpec<{
  filter: typeof FILTERS;
}>;
export type InventoryView = ListState<typeof INVENTORY_LIST.filters>;

/** The filter pills of the inventory list; each maps onto the list call's own filters. */
export const INVENTORY_FILTERS: readonly { value: InventoryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'in_stock', label: 'In Stock' },
  { value: 'out_of_stock', label: 'Out of Stock' },
  { value: 'low_stock', label: 'Low stock' },
  { value: 'expiring_soon', label: 'Expiring soon' },
];

/** The list call's filters: only the ones in force, so equal views share one cache entry. */
export type ProductFilters = {
  page: number;
  search?: string;
  stock?: StockFilter;
  expiring?: 'soon';
  category_id?: number;
};

/** A category id from the address: digits only, else none. */
export function categoryParam(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

export function productFilters(view: InventoryView, categoryId?: number): ProductFilters {
  const filters: ProductFilters = { page: view.page };
  if (categoryId !== undefined) filters.category_id = categoryId;
  const { filter } = view.filters;
  if (view.search) filters.search = view.search;
  if (filter === 'in_stock' || filter === 'out_of_stock' || filter === 'low_stock') filters.stock = filter;
  if (filter === 'expiring_soon') filters.expiring = 'soon';
  return filters;
}
