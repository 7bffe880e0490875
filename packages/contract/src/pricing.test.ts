import { describe, expect, it } from 'vitest';
import { belowCostPriceOf, isBelowCost, marginOf, type RepricingChange, repriced } from './pricing';

const by = (change: Partial<RepricingChange>): RepricingChange => ({
  method: 'percent',
  direction: 'raise',
  value: '10.00',
  round_to: null,
  ...change,
});

describe('a bulk change on one price', () => {
  it('rounds UP to the step, and leaves a price already on a step where it is', () => {
    expect(repriced('1250.00', by({ round_to: 50 }))).toBe('1400.00'); // 1375 → 1400
    expect(repriced('1000.00', by({ round_to: 50 }))).toBe('1100.00'); // 1100 stays
    expect(repriced('999.99', by({ round_to: 5 }))).toBe('1100.00'); // 1099.989 → 1100
    expect(repriced('333.33', by({ round_to: 10 }))).toBe('370.00'); // 366.663 → 370
    expect(repriced('1250.00', by({ direction: 'lower', round_to: 100 }))).toBe('1200.00'); // 1125 → 1200, up
    expect(repriced('1250.00', by({ method: 'amount', value: '75.00', round_to: 10 }))).toBe('1330.00');
  });

  it('without a step, lands on the nearest kobo, half up, exactly', () => {
    expect(repriced('333.33', by({}))).toBe('366.66'); // 366.663
    expect(repriced('999.99', by({ value: '12.50' }))).toBe('1124.99'); // 1124.98875
    expect(repriced('0.05', by({ value: '10.00' }))).toBe('0.06'); // 0.055 → 0.06
    // A float would say 1.1 × 0.1 × 100 = 11.000000000000002 kobo: kobo arithmetic does not.
    expect(repriced('0.10', by({}))).toBe('0.11');
    expect(repriced('999999999.99', by({ value: '100.00' }))).toBe('1999999999.98');
  });

  it('refuses a price that would fall to ₦0 or below', () => {
    expect(repriced('50.00', by({ method: 'amount', direction: 'lower', value: '50.00' }))).toBeNull();
    expect(repriced('50.00', by({ direction: 'lower', value: '100.00' }))).toBeNull();
  });
});

describe('the margin guard', () => {
  const product = {
    cost_price: '1000.00',
    selling_price: '1050.00',
    selling_price_discount_percentage: '0.00',
    wholesale_price: null,
    wholesale_price_discount_percentage: '0.00',
  };

  it('compares the price after its discount with the cost, exactly', () => {
    expect(isBelowCost(product)).toBe(false);
    // 1050 less 4.77% is 999.915: below 1000 by less than a kobo, and still below.
    expect(isBelowCost({ ...product, selling_price_discount_percentage: '4.77' })).toBe(true);
    expect(isBelowCost({ ...product, selling_price_discount_percentage: '4.76' })).toBe(false);
    expect(marginOf('1050.00', '10.00', '1000.00')).toBe('-55.00');
  });

  it('looks at a wholesale price above ₦0 too, and says which price is below', () => {
    const wholesale = { ...product, wholesale_price: '990.00' };
    expect(isBelowCost(wholesale)).toBe(true);
    expect(belowCostPriceOf(wholesale)).toBe('990.00');
    expect(isBelowCost({ ...product, wholesale_price: '0.00' })).toBe(false);
    expect(isBelowCost({ ...product, cost_price: undefined })).toBe(false);
  });
});
