import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from '../../ui/list-view';
import { INVENTORY_LIST, type InventoryView, productFilters } from './inventory-view';

const view = (filter: InventoryView['filters']['filter'], search: string, page: number): InventoryView => ({
  filters: { filter },
  search,
  page,
});

describe('the inventory view in the address', () => {
  it('reads a filter, a search and a page, and defaults for unknown ones', () => {
    const read = (query: string) => readListState(INVENTORY_LIST, new URLSearchParams(query));
    expect(read('filter=out_of_stock&search=%20rice%20&page=3')).toEqual(view('out_of_stock', 'rice', 3));
    expect(read('filter=cheap&page=-2')).toEqual(view('all', '', 1));
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeListState(INVENTORY_LIST, view('all', '', 1)).toString()).toBe('');
    const written = writeListState(INVENTORY_LIST, view('expiring_soon', 'peak milk', 2));
    expect(written.toString()).toBe('filter=expiring_soon&search=peak+milk&page=2');
    expect(readListState(INVENTORY_LIST, written)).toEqual(view('expiring_soon', 'peak milk', 2));
  });
});

describe('the list call for a view', () => {
  it('sends no filter for All', () => {
    expect(productFilters(view('all', '', 1))).toEqual({ page: 1 });
  });

  it('maps the stock pills onto the stock filter and keeps the search', () => {
    expect(productFilters(view('in_stock', 'rice', 2))).toEqual({ page: 2, search: 'rice', stock: 'in_stock' });
    expect(productFilters(view('out_of_stock', '', 1))).toEqual({ page: 1, stock: 'out_of_stock' });
    expect(productFilters(view('low_stock', '', 1))).toEqual({ page: 1, stock: 'low_stock' });
  });

  it('maps Expiring soon onto the expiring filter', () => {
    expect(productFilters(view('expiring_soon', '', 1))).toEqual({ page: 1, expiring: 'soon' });
  });
});
