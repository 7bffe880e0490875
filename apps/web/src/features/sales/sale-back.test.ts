import { describe, expect, it } from 'vitest';
import { saleBackOf } from './sale-back';

const fallback = { to: '/business/iya-basira/sales?tab=sales', label: 'Back to sales' };

describe("a sale page's way back", () => {
  it('returns to the list the sale was opened from, with its tab, page and search', () => {
    const back = { to: '/iya-basira/employee/sales?tab=sales&page=2', label: 'Back to sales' };
    expect(saleBackOf({ back }, fallback)).toEqual(back);
  });

  it('goes to the business sales without a state, or with one that is not an address of the app', () => {
    expect(saleBackOf(null, fallback)).toEqual(fallback);
    expect(saleBackOf({}, fallback)).toEqual(fallback);
    expect(saleBackOf({ back: { to: 'https://evil.example/x', label: 'Back' } }, fallback)).toEqual(fallback);
    expect(saleBackOf({ back: { to: '//evil.example/x', label: 'Back' } }, fallback)).toEqual(fallback);
    expect(saleBackOf({ back: { to: '/x', label: 3 } }, fallback)).toEqual(fallback);
  });
});
