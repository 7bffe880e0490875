import { describe, expect, it } from 'vitest';
import { readSalesView, writeSalesView } from './sales-params';

describe('the sales page view in the URL', () => {
  it('reads the tab, page and search, with defaults for anything missing or malformed', () => {
    expect(readSalesView(new URLSearchParams('tab=sales&page=3&q=%20garri%20'))).toEqual({
      tab: 'sales',
      page: 3,
      search: 'garri',
    });
    expect(readSalesView(new URLSearchParams('tab=nope&page=-2'))).toEqual({ tab: 'carts', page: 1, search: '' });
    expect(readSalesView(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(readSalesView(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what differs from the first view', () => {
    expect(writeSalesView({ tab: 'carts', page: 1, search: '' }).toString()).toBe('');
    expect(writeSalesView({ tab: 'sales', page: 2, search: 'iya basira' }).toString()).toBe(
      'tab=sales&page=2&q=iya+basira',
    );
  });
});
