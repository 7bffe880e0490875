import { describe, expect, it } from 'vitest';
import { lineTotal, withProduct } from './cart-lines';

describe('withProduct', () => {
  it('adds to the retail line of the product, or appends one', () => {
    const lines = [
      { product_id: 1, quantity: 2, pricing_strategy: 'wholesale' as const, apply_discount: true },
      { product_id: 2, quantity: 1, pricing_strategy: 'retail' as const, apply_discount: true },
    ];
    expect(withProduct(lines, 2, 3)[1]?.quantity).toBe(4);
    const added = withProduct(lines, 1, 1);
    expect(added).toHaveLength(3);
    expect(added[2]).toEqual({ product_id: 1, quantity: 1, pricing_strategy: 'retail', apply_discount: true });
    expect(lines[1]?.quantity).toBe(1);
  });
});

describe('lineTotal', () => {
  it('multiplies exactly', () => {
    expect(lineTotal('0.10', 3)).toBe('0.30');
    expect(lineTotal('875.00', 3)).toBe('2625.00');
  });
});
