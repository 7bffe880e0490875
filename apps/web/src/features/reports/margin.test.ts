import { describe, expect, it } from 'vitest';
import { marginOf } from './margin';

describe('marginOf', () => {
  it('is gross profit over revenue, to the hundredth of a percent', () => {
    expect(marginOf([{ currency: 'NGN', amount: '3000.00' }], [{ currency: 'NGN', amount: '1000.00' }])).toBe('33.33%');
    expect(marginOf([{ currency: 'NGN', amount: '200.00' }], [{ currency: 'NGN', amount: '-50.00' }])).toBe('-25.00%');
  });

  it('names the currency when there are several, and says nothing without revenue', () => {
    expect(
      marginOf(
        [
          { currency: 'NGN', amount: '100.00' },
          { currency: 'USD', amount: '8.00' },
        ],
        [
          { currency: 'NGN', amount: '50.00' },
          { currency: 'USD', amount: '1.00' },
        ],
      ),
    ).toBe('50.00% (NGN) · 12.50% (USD)');
    expect(marginOf([], [])).toBe('—');
  });
});
