import type { Cart, CartItem, Product } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import {
  itemLineInfo,
  type LineInfo,
  lineInputs,
  lineTotal,
  previewTotal,
  productLineInfo,
  quantityOf,
  rebaseLines,
  withProduct,
} from './cart-lines';

const product = (overrides: Partial<Product>): Product => ({
  id: 1,
  product_name: 'Peak Milk',
  sku: 'PM-1',
  cost_price: '100.00',
  selling_price: '250.00',
  selling_price_discount_percentage: '0.00',
  wholesale_price: null,
  wholesale_price_discount_percentage: '0.00',
  currency: 'NGN',
  quantity_in_stock: 10,
  expired_quantity: 0,
  business: { id: 1, slug: 'shop' },
  batches: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

const retail = (product_id: number, quantity: number) => ({
  product_id,
  quantity,
  pricing_strategy: 'retail' as const,
  apply_discount: true,
});

const info = (net_unit_price: string): LineInfo => ({
  product_name: 'x',
  currency: 'NGN',
  net_unit_price,
  quantity_in_stock: 100,
});

describe('withProduct', () => {
  it('adds to the retail line of the product, or appends one, without touching the input', () => {
    const lines = [
      { product_id: 1, quantity: 2, pricing_strategy: 'wholesale' as const, apply_discount: true },
      retail(2, 1),
    ];
    expect(withProduct(lines, 2, 3)[1]?.quantity).toBe(4);
    const added = withProduct(lines, 1, 1);
    expect(added).toHaveLength(3);
    expect(added[2]).toEqual(retail(1, 1));
    expect(lines[1]?.quantity).toBe(1);
  });
});

describe('lineTotal', () => {
  it('multiplies in integer kobo, where floats drift', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(lineTotal('0.10', 3)).toBe('0.30');
    expect(lineTotal('333.33', 3)).toBe('999.99');
    expect(lineTotal('875.00', 3)).toBe('2625.00');
    expect(lineTotal('1.15', 100)).toBe('115.00');
    expect(lineTotal('99999999.99', 1000)).toBe('99999999990.00');
  });

  it('counts a half-typed or empty quantity as nothing', () => {
    expect(lineTotal('500.00', '')).toBe('0.00');
    expect(lineTotal('500.00', undefined)).toBe('0.00');
    expect(lineTotal('500.00', '4')).toBe('2000.00');
  });
});

describe('quantityOf', () => {
  it('reads whole positive counts only', () => {
    expect(quantityOf(3)).toBe(3);
    expect(quantityOf('12')).toBe(12);
    expect(quantityOf('')).toBe(0);
    expect(quantityOf(-1)).toBe(0);
    expect(quantityOf(2.5)).toBe(2.5);
    expect(quantityOf(1.2345)).toBe(0);
    expect(quantityOf('1e400')).toBe(0);
  });
});

describe('previewTotal', () => {
  it('sums exactly: 0.10 + 0.20 is 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const lines = [retail(1, 1), retail(2, 1)];
    expect(previewTotal(lines, { '1:retail:true': info('0.10'), '2:retail:true': info('0.20') })).toBe('0.30');
  });

  it('sums 3 × ₦333.33 and other lines to the kobo, skipping lines whose price is not known yet', () => {
    const lines = [retail(1, 3), retail(2, 7), retail(3, 2)];
    const known = { '1:retail:true': info('333.33'), '2:retail:true': info('0.07') };
    expect(previewTotal(lines, known)).toBe('1000.48');
    expect(previewTotal([], known)).toBe('0.00');
  });

  it('sums lines past what one amount can hold (a quantity of 1e9 typed by mistake) without throwing', () => {
    const lines = [retail(1, 1_000_000_000), retail(2, 1)];
    const known = { '1:retail:true': info('12500.00'), '2:retail:true': info('0.01') };
    expect(previewTotal(lines, known)).toBe('12500000000000.01');
  });
});

describe('productLineInfo', () => {
  it('prices a picked product after its discount, as the server will', () => {
    const priced = productLineInfo(
      product({ selling_price: '1000.00', selling_price_discount_percentage: '12.50' }),
      retail(1, 1),
    );
    expect(priced.net_unit_price).toBe('875.00');
    expect(lineTotal(priced.net_unit_price, 3)).toBe('2625.00');
  });

  it('rounds a discounted price half up to the kobo, where a float rounds 1.005 down', () => {
    expect((2.01 * 0.5).toFixed(2)).toBe('1.00');
    const half = productLineInfo(
      product({ selling_price: '2.01', selling_price_discount_percentage: '50.00' }),
      retail(1, 1),
    );
    expect(half.net_unit_price).toBe('1.01');
    const third = productLineInfo(
      product({ selling_price: '999.99', selling_price_discount_percentage: '33.33' }),
      retail(1, 1),
    );
    expect(third.net_unit_price).toBe('666.69');
    expect(lineTotal(third.net_unit_price, 3)).toBe('2000.07');
  });

  it('uses the wholesale price and its discount for a wholesale line, and no discount when told', () => {
    const both = product({
      selling_price: '500.00',
      selling_price_discount_percentage: '10.00',
      wholesale_price: '450.00',
      wholesale_price_discount_percentage: '20.00',
    });
    const wholesale = { ...retail(1, 1), pricing_strategy: 'wholesale' as const };
    expect(productLineInfo(both, wholesale).net_unit_price).toBe('360.00');
    expect(productLineInfo(both, { ...retail(1, 1), apply_discount: false }).net_unit_price).toBe('500.00');
  });
});

describe('rebaseLines', () => {
  it("keeps the other phone's change and this phone's own, each where the other did not touch", () => {
    // The cart opened with rice ×2 and milk ×1. Here: milk changed to 3, sugar added, rice untouched.
    const base = [retail(1, 2), retail(2, 1)];
    const mine = [retail(1, 2), retail(2, 3), retail(4, 1)];
    // There, meanwhile: rice changed to 5 and Omo added.
    const theirs = [retail(1, 5), retail(2, 1), retail(3, 1)];
    expect(rebaseLines(base, mine, theirs)).toEqual([retail(1, 5), retail(2, 3), retail(3, 1), retail(4, 1)]);
  });

  it("keeps a removal by either phone, and this phone's quantity over theirs when both changed a line", () => {
    const base = [retail(1, 2), retail(2, 1), retail(3, 4)];
    const mine = [retail(2, 1), retail(3, 6)]; // rice removed here, Omo changed
    const theirs = [retail(1, 2), retail(3, 9)]; // milk removed there, Omo changed
    expect(rebaseLines(base, mine, theirs)).toEqual([retail(3, 6)]);
  });

  it('changes nothing when nothing changed there', () => {
    const base = [retail(1, 2)];
    const mine = [retail(1, 7), retail(5, 1)];
    expect(rebaseLines(base, mine, base)).toEqual(mine);
  });
});

describe('lines sold by a pack (ADR 0033)', () => {
  const carton = { id: 70, name: 'carton', units: 40, selling_price: '5800.00', wholesale_price: null, barcode: null };
  const indomie = product({
    product_name: 'Indomie',
    selling_price: '150.00',
    selling_price_discount_percentage: '10.00',
    quantity_in_stock: 85,
    base_unit: 'pack',
    packs: [carton],
  });

  it('adds packs as a line of their own beside the units, and more of the same pack to that line', () => {
    const lines = withProduct([retail(1, 5)], 1, 2, 70);
    expect(lines).toEqual([retail(1, 5), { ...retail(1, 2), pack_id: 70 }]);
    expect(withProduct(lines, 1, 1, 70)).toEqual([retail(1, 5), { ...retail(1, 3), pack_id: 70 }]);
    expect(withProduct(lines, 1, 1)).toEqual([retail(1, 6), { ...retail(1, 2), pack_id: 70 }]);
  });

  it('prices a pack at its own price without the unit’s discount, its stock counted in packs', () => {
    expect(productLineInfo(indomie, { ...retail(1, 1), pack_id: 70 })).toMatchObject({
      product_name: 'Indomie (carton)',
      net_unit_price: '5800.00',
      quantity_in_stock: 2,
    });
    expect(productLineInfo(indomie, retail(1, 1))).toMatchObject({ net_unit_price: '135.00', quantity_in_stock: 85 });
  });

  it('a saved cart’s full update keeps each line’s pack, and the editor names it', () => {
    const item = {
      id: 9,
      product_id: 1,
      product_batch_id: null,
      quantity: 2,
      pricing_strategy: 'retail',
      apply_discount: true,
      product_name: 'Indomie',
      sku: 'IND',
      currency: 'NGN',
      unit_price: '5800.00',
      discount_percentage: '0.00',
      net_unit_price: '5800.00',
      line_total: '11600.00',
      quantity_in_stock: 85,
      is_archived: false,
      pack_id: 70,
      pack_name: 'carton',
      pack_units: 40,
    } satisfies CartItem;
    expect(lineInputs({ items: [item] } as unknown as Cart)).toEqual([
      { ...retail(1, 2), product_batch_id: null, pack_id: 70 },
    ]);
    expect(itemLineInfo(item)).toMatchObject({ product_name: 'Indomie (carton)', quantity_in_stock: 2 });
  });
});
