import { type Batch, STOCK_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  discountLabel,
  type EditedFields,
  firstExpiry,
  isPastExpiry,
  stockStatus,
  suggestBatchNumber,
} from './product-display';

describe('discountLabel', () => {
  it('shows a whole or fractional percentage without trailing zeros', () => {
    expect(discountLabel('10.00')).toBe('10% off');
    expect(discountLabel('12.50')).toBe('12.5% off');
    expect(discountLabel('0.25')).toBe('0.25% off');
    expect(discountLabel('100.00')).toBe('100% off');
    expect(discountLabel('5')).toBe('5% off');
  });

  it('shows nothing for no discount', () => {
    expect(discountLabel('0.00')).toBeNull();
    expect(discountLabel('0')).toBeNull();
  });
});

const batch = (id: number, quantity: number, expiration_date: string | null, is_expired = false): Batch => ({
  id,
  batch_number: `B-${id}`,
  quantity,
  expiration_date,
  is_expired,
});

describe('firstExpiry', () => {
  it('is the expiry of the first batch that still has sellable units', () => {
    const batches = [
      batch(1, 4, '2026-01-10', true),
      batch(2, 0, '2026-12-01'),
      batch(3, 5, '2027-02-01'),
      batch(4, 9, null),
    ];
    expect(firstExpiry(batches)).toBe('2027-02-01');
  });

  it('is null when that batch never expires', () => {
    expect(firstExpiry([batch(1, 0, '2027-01-01'), batch(2, 3, null)])).toBeNull();
  });

  it('is undefined when nothing can be sold', () => {
    expect(firstExpiry([])).toBeUndefined();
    expect(firstExpiry([batch(1, 0, null), batch(2, 2, '2025-01-01', true)])).toBeUndefined();
  });
});

describe('changedFields', () => {
  const product: EditedFields = {
    product_name: 'Peak Milk',
    sku: 'PEAK-1',
    cost_price: '300.00',
    selling_price: '400.00',
    selling_price_discount_percentage: '0.00',
    wholesale_price: null,
    wholesale_price_discount_percentage: '0.00',
    currency: 'NGN',
  };

  it('is empty when nothing changed (a blank wholesale price stays unset)', () => {
    expect(changedFields(product, { ...product, wholesale_price: null })).toEqual({});
    expect(changedFields(product, { ...product, wholesale_price: undefined })).toEqual({});
  });

  it('holds only the changed fields', () => {
    expect(changedFields(product, { ...product, selling_price: '450.00', currency: 'USD' })).toEqual({
      selling_price: '450.00',
      currency: 'USD',
    });
  });

  it('sends a cleared wholesale price as null', () => {
    expect(changedFields({ ...product, wholesale_price: '350.00' }, { ...product, wholesale_price: null })).toEqual({
      wholesale_price: null,
    });
  });
});

describe('stockStatus', () => {
  it('says low stock below the reorder level, as the Low stock filter chooses', () => {
    expect(stockStatus({ quantity_in_stock: 2, reorder_level: 5 })).toEqual({
      label: STOCK_MESSAGES.lowStock(2, 5),
      color: 'orange',
    });
    expect(stockStatus({ quantity_in_stock: 5, reorder_level: 5 })).toEqual({
      label: STOCK_MESSAGES.inStock(5),
      color: 'teal',
    });
    expect(stockStatus({ quantity_in_stock: 5, reorder_level: null })).toEqual({
      label: STOCK_MESSAGES.inStock(5),
      color: 'teal',
    });
  });

  it('says out of stock with nothing to sell, whatever the level', () => {
    expect(stockStatus({ quantity_in_stock: 0, reorder_level: 5 })).toEqual({
      label: STOCK_MESSAGES.outOfStock,
      color: 'red',
    });
  });
});

describe('isPastExpiry', () => {
  it('is a day before today; today still sells, and blank is no expiry', () => {
    expect(isPastExpiry('2026-03-09', '2026-03-10')).toBe(true);
    expect(isPastExpiry('2025-12-31', '2026-01-01')).toBe(true);
    expect(isPastExpiry('2026-03-10', '2026-03-10')).toBe(false);
    expect(isPastExpiry('2026-03-11', '2026-03-10')).toBe(false);
    expect(isPastExpiry('', '2026-03-10')).toBe(false);
    expect(isPastExpiry(null, '2026-03-10')).toBe(false);
  });
});

describe('suggestBatchNumber', () => {
  it("names today's delivery after the day, and the next of that day after it", () => {
    expect(suggestBatchNumber([], '2026-12-05')).toBe('B-20261205');
    expect(suggestBatchNumber(['B-20261204', 'LOT9'], '2026-12-05')).toBe('B-20261205');
    expect(suggestBatchNumber(['b-20261205', 'B-20261205-2'], '2026-12-05')).toBe('B-20261205-3');
  });
});
