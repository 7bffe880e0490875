import { describe, expect, it } from 'vitest';
import { formatAmounts, plural, roleSummaryText } from './figures';

describe('business figures on screen', () => {
  it('shows money per currency exactly, and zero Naira before the first sale', () => {
    expect(formatAmounts([])).toBe('₦0.00');
    expect(
      formatAmounts([
        { currency: 'NGN', amount: '100101.30' },
        { currency: 'USD', amount: '25.50' },
      ]),
    ).toBe('₦100,101.30 + US$25.50');
    // Far past a float's exact range, the kobo stay right.
    expect(formatAmounts([{ currency: 'NGN', amount: '99999999999.99' }])).toBe('₦99,999,999,999.99');
  });

  it('summarises roles in words, singular and plural', () => {
    expect(
      roleSummaryText([
        { role: 'sales_person', count: 2 },
        { role: 'ceo', count: 1 },
        { role: 'sales_rep', count: 1 },
      ]),
    ).toBe('2 salespersons, 1 CEO, 1 sales rep');
    expect(plural(1, 'business', 'businesses')).toBe('1 business');
    expect(plural(0, 'business', 'businesses')).toBe('0 businesses');
  });
});
