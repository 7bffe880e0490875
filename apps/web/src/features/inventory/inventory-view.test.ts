import { describe, expect, it } from 'vitest';
import { productFilters, readView, viewParams } from './inventory-view';

describe('the inventory view in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(readView(new URLSearchParams())).toEqual({ filter: 'all', search: '', page: 1 });
  });

  it('reads a filter, a search and a page', () => {
    const view = readView(new URLSearchParams('filter=out_of_stock&search=%20rice%20&page=3'));
    expect(view).toEqual({ filter: 'out_of_stock', search: 'rice', page: 3 });
  });

  it('falls back to the defaults for unknown or malformed values', () => {
    expect(readView(new URLSearchParams('filter=cheap&page=-2'))).toEqual({ filter: 'all', search: '', page: 1 });
    expect(readView(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(readView(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(viewParams({ filter: 'all', search: '', page: 1 }).toString()).toBe('');
    const view = { filter: 'expiring_soon', search: 'peak milk', page: 2 } as const;
    expect(readView(viewParams(view))).toEqual(view);
  });
});

describe('the list call for a view', () => {
  it('sends no filter for All', () => {
    expect(productFilters({ filter: 'all', search: '', page: 1 })).toEqual({ page: 1 });
  });

  it('maps the stock pills onto the stock filter and keeps the search', () => {
    expect(productFilters({ filter: 'in_stock', search: 'rice', page: 2 })).toEqual({
      page: 2,
      search: 'rice',
      stock: 'in_stock',
    });
    expect(productFilters({ filter: 'out_of_stock', search: '', page: 1 })).toEqual({ page: 1, stock: 'out_of_stock' });
  });

  it('maps Expiring soon onto the expiring filter', () => {
    expect(productFilters({ filter: 'expiring_soon', search: '', page: 1 })).toEqual({ page: 1, expiring: 'soon' });
  });
});
