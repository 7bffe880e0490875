import { describe, expect, it } from 'vitest';
import { createSaleBodySchema, defaultCartTitle, priceLine } from './sales';

const product = {
  selling_price: '1000.00',
  selling_price_discount_percentage: '12.50',
  wholesale_price: '850.00',
  wholesale_price_discount_percentage: '5.00',
};

describe('priceLine', () => {
  it('prices a pack at its own price, its wholesale one when asked and set, none of the unit’s discount', () => {
    const carton = { selling_price: '5800.01', wholesale_price: '5600' };
    expect(priceLine(product, { quantity: 2, pricing_strategy: 'retail', apply_discount: true }, carton)).toEqual({
      unit_price: '5800.01',
      discount_percentage: '0.00',
      net_unit_price: '5800.01',
      line_total: '11600.02',
    });
    expect(
      priceLine(product, { quantity: 1, pricing_strategy: 'wholesale', apply_discount: true }, carton).unit_price,
    ).toBe('5600.00');
    const noWholesale = { selling_price: '5800.00', wholesale_price: null };
    expect(
      priceLine(product, { quantity: 1, pricing_strategy: 'wholesale', apply_discount: true }, noWholesale).unit_price,
    ).toBe('5800.00');
  });

  it('applies the retail discount per unit and multiplies exactly', () => {
    expect(priceLine(product, { quantity: 3, pricing_strategy: 'retail', apply_discount: true })).toEqual({
      unit_price: '1000.00',
      discount_percentage: '12.50',
      net_unit_price: '875.00',
      line_total: '2625.00',
    });
  });

  it('uses the wholesale price and its discount when asked, and the retail price when there is none', () => {
    expect(priceLine(product, { quantity: 2, pricing_strategy: 'wholesale', apply_discount: true }).line_total).toBe(
      '1615.00',
    );
    const retailOnly = { ...product, wholesale_price: null };
    expect(priceLine(retailOnly, { quantity: 1, pricing_strategy: 'wholesale', apply_discount: true })).toMatchObject({
      unit_price: '1000.00',
      discount_percentage: '12.50',
    });
  });

  it('ignores the discount when it is not applied', () => {
    expect(priceLine(product, { quantity: 1, pricing_strategy: 'retail', apply_discount: false })).toMatchObject({
      discount_percentage: '0.00',
      net_unit_price: '1000.00',
    });
  });

  it('rounds the discounted unit price half up to the kobo, without floats', () => {
    const odd = { ...product, selling_price: '0.10', selling_price_discount_percentage: '33.33' };
    // 0.10 × 0.6667 = 0.06667 → 0.07
    expect(priceLine(odd, { quantity: 3, pricing_strategy: 'retail', apply_discount: true }).line_total).toBe('0.21');
    const half = { ...product, selling_price: '0.05', selling_price_discount_percentage: '50' };
    // 0.025 → 0.03
    expect(priceLine(half, { quantity: 1, pricing_strategy: 'retail', apply_discount: true }).net_unit_price).toBe(
      '0.03',
    );
    const big = { ...product, selling_price: '999999999.99', selling_price_discount_percentage: '0' };
    expect(priceLine(big, { quantity: 1000, pricing_strategy: 'retail', apply_discount: true }).line_total).toBe(
      '999999999990.00',
    );
  });
});

describe('the sale form', () => {
  it('requires a deposit above 0 for a partial payment only', () => {
    const base = { cart_id: 1, business_id: 1 };
    const message = 'Deposit amount is required for partial payment';
    for (const deposit_amount of [undefined, null, '', '0']) {
      const result = createSaleBodySchema.safeParse({ ...base, payment_status: 'partial', deposit_amount });
      expect(result.error?.issues[0]).toMatchObject({ path: ['deposit_amount'], message });
    }
    expect(
      createSaleBodySchema.parse({ ...base, payment_status: 'partial', deposit_amount: '50' }).deposit_amount,
    ).toBe('50.00');
    expect(createSaleBodySchema.safeParse({ ...base, payment_status: 'partial', deposit_amount: 50 }).success).toBe(
      false,
    );
    expect(createSaleBodySchema.parse({ ...base, payment_status: 'paid' })).toMatchObject({ payment_method: 'cash' });
  });
});

describe('defaultCartTitle', () => {
  it('is "Cart-" and the Lagos date and time', () => {
    expect(defaultCartTitle(new Date('2026-03-05T23:30:15Z'))).toBe('Cart-20260306-003015');
  });
});
