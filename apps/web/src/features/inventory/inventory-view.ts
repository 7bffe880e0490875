import type { StockFilter } from '@oja/contract';
import type { ListSpec, ListState } from '../../ui/list-view';

const FILTERS = ['all', 'in_stock', 'out_of_stock', 'low_stock', 'expiring_soon'] as const;
type InventoryFilter = (typeof FILTERS)[number];

/** The inventory list in the URL: ?filter=out_of_stock&search=rice&page=2. */
export const INVENTORY_LIST = { filters: { filter: FILTERS } } satisfies ListSpec<{ filter: typeof FILTERS }>;
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
export type ProductFilters = { page: number; search?: string; stock?: StockFilter; expiring?: 'soon' };

export function productFilters(view: InventoryView): ProductFilters {
  const filters: ProductFilters = { page: view.page };
  const { filter } = view.filters;
  if (view.search) filters.search = view.search;
  if (filter === 'in_stock' || filter === 'out_of_stock' || filter === 'low_stock') filters.stock = filter;
  if (filter === 'expiring_soon') filters.expiring = 'soon';
  return filters;
}
