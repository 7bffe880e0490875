import type { SaleDetail, SaleLine } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { receiptLines, unitsOfLine } from './receipt-lines';

const line = (overrides: Partial<SaleLine>): SaleLine => ({
  id: 1,
  product_id: 1,
  product_name: 'Peak Milk',
  sku: 'PM',
  batch_id: 1,
  batch_number: 'B1',
  expiration_date: null,
  quantity: 1,
  pricing_strategy: 'retail',
  unit_price: '250.00',
  discount_percentage: '10.00',
  net_unit_price: '225.00',
  cost_price: null,
  line_total: '225.00',
  ...overrides,
});

const sale = (lines: SaleLine[]) => ({ lines }) as SaleDetail;
const shown = (lines: SaleLine[]) =>
  receiptLines(sale(lines)).map((l) => [l.name, l.quantity, l.netUnitPrice, l.total]);

describe('receiptLines', () => {
  it('prints a weighed line over two batches with its unit, added to the gram', () => {
    expect(
      shown([
        line({ id: 1, quantity: 0.1, is_weighed: true, base_unit: 'kg', line_total: '22.50' }),
        line({ id: 2, batch_id: 2, quantity: 0.2, is_weighed: true, base_unit: 'kg', line_total: '45.00' }),
      ]),
    ).toEqual([['Peak Milk', '0.3 kg', '225.00', '67.50']]);
  });

  it('prints a product split over batches as one line, and keeps different prices apart', () => {
    expect(
      shown([
        line({ id: 1, quantity: 2, line_total: '450.00' }),
        line({ id: 2, batch_id: 2, quantity: 3, line_total: '675.00' }),
        line({ id: 3, net_unit_price: '250.00', discount_percentage: '0.00', line_total: '250.00' }),
      ]),
    ).toEqual([
      ['Peak Milk', 5, '225.00', '1125.00'],
      ['Peak Milk', 1, '250.00', '250.00'],
    ]);
  });

  it('adds the batches of a line in integer kobo: 0.10 + 0.20 is 0.30', () => {
    expect(
      shown([
        line({ id: 1, net_unit_price: '0.10', quantity: 1, line_total: '0.10' }),
        line({ id: 2, batch_id: 2, net_unit_price: '0.10', quantity: 2, line_total: '0.20' }),
      ]),
    ).toEqual([['Peak Milk', 3, '0.10', '0.30']]);
  });

  it('adds 3 × ₦333.33 from three batches to ₦999.99', () => {
    const batches = [1, 2, 3].map((id) =>
      line({ id, batch_id: id, net_unit_price: '333.33', discount_percentage: '0.00', line_total: '333.33' }),
    );
    expect(shown(batches)).toEqual([['Peak Milk', 3, '333.33', '999.99']]);
  });

  it('keeps products apart and in the order sold, discounted lines at their net price', () => {
    expect(
      shown([
        line({
          id: 1,
          product_id: 2,
          product_name: 'Garri',
          net_unit_price: '875.00',
          line_total: '2625.00',
          quantity: 3,
        }),
        line({ id: 2, product_id: 1, quantity: 1 }),
        line({
          id: 3,
          product_id: 2,
          product_name: 'Garri',
          batch_id: 9,
          net_unit_price: '875.00',
          line_total: '875.00',
        }),
      ]),
    ).toEqual([
      ['Garri', 4, '875.00', '3500.00'],
      ['Peak Milk', 1, '225.00', '225.00'],
    ]);
  });
});

describe('unitsOfLine', () => {
  const carton = { pack_id: 7, pack_name: 'carton', pack_units: 40, base_unit: 'pack' };
  it('says a pack line in its pack, and the part of one a batch gave with the base unit', () => {
    expect(unitsOfLine(line({ ...carton, quantity: 80 }), 80)).toBe('2 cartons');
    expect(unitsOfLine(line({ ...carton, quantity: 45 }), 45)).toBe('1 carton + 5 packs');
    expect(unitsOfLine(line({ ...carton, quantity: 40 }), 15)).toBe('15 packs');
  });
  it('leaves a line sold by the unit a plain number, as before packs', () => {
    expect(unitsOfLine(line({ quantity: 85, base_unit: 'pack' }), 85)).toBe(85);
  });
});
