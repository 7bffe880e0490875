import type { SaleDetail, SaleLine } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { receiptLines } from './receipt-lines';

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

describe('receiptLines', () => {
  it('prints a product split over batches as one line, and keeps different prices apart', () => {
    const sale = {
      lines: [
        line({ id: 1, quantity: 2, line_total: '450.00' }),
        line({ id: 2, batch_id: 2, quantity: 3, line_total: '675.00' }),
        line({ id: 3, net_unit_price: '250.00', discount_percentage: '0.00', line_total: '250.00' }),
      ],
    } as SaleDetail;
    expect(receiptLines(sale).map((l) => [l.name, l.quantity, l.netUnitPrice, l.total])).toEqual([
      ['Peak Milk', 5, '225.00', '1125.00'],
      ['Peak Milk', 1, '250.00', '250.00'],
    ]);
  });
});
