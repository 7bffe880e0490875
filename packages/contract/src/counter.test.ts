import { describe, expect, it } from 'vitest';
import { counterSaleBodySchema, counterTotals } from './counter';

const base = {
  business_id: 1,
  client_sale_id: '0b6f9c3e-2d1a-4c5b-9e8f-7a6b5c4d3e2f',
  device_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  receipt_number: 'BIS-0042',
  sold_at: '2026-12-05T10:42:00+01:00',
  catalogue_version: 7,
  customer: null,
  lines: [{ product_id: 3, quantity: 2, unit_price: '350.00' }],
};

describe('counterTotals', () => {
  it('rounds each net unit price half up to the kobo before multiplying, as priceLine does', () => {
    // 333.33 less 12.5 % is 291.66375 a unit: 291.66 each, 874.98 for three (not 874.99 from the product).
    const totals = counterTotals([{ quantity: 3, unit_price: '333.33', discount_percentage: '12.50' }], []);
    expect(totals).toEqual({ total: '874.98', paid: '0.00', owed: '874.98', payment_status: 'not_paid' });
  });

  it('says paid, partial or not paid from what was paid against the total', () => {
    const lines = [{ quantity: 1, unit_price: '1000.00' }];
    expect(counterTotals(lines, [{ amount: '600.00' }, { amount: '400.00' }]).payment_status).toBe('paid');
    expect(counterTotals(lines, [{ amount: '999.99' }])).toMatchObject({ payment_status: 'partial', owed: '0.01' });
    expect(counterTotals(lines, []).payment_status).toBe('not_paid');
  });
});

describe('counterSaleBodySchema', () => {
  it('takes a walk-in sale paid in full, in cash and by transfer', () => {
    const parsed = counterSaleBodySchema.safeParse({
      ...base,
      payments: [
        { method: 'cash', amount: '500' },
        { method: 'bank_transfer', amount: '200.00' },
      ],
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses a debt without a debtor, and a walk-in named without a phone for what is owed', () => {
    const unnamed = counterSaleBodySchema.safeParse({ ...base, payments: [{ method: 'cash', amount: '100' }] });
    expect(unnamed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['customer']);
    const noPhone = counterSaleBodySchema.safeParse({
      ...base,
      customer: { name: 'Mama Ada', phone_number: '' },
      payments: [],
    });
    expect(noPhone.success).toBe(false);
    const named = counterSaleBodySchema.safeParse({
      ...base,
      customer: { name: 'Mama Ada', phone_number: '0803 123 4567' },
      payments: [],
    });
    expect(named.success).toBe(true);
  });

  it('refuses payments above the total, a product twice, and a quantity past 3 decimals or not above 0', () => {
    expect(counterSaleBodySchema.safeParse({ ...base, payments: [{ method: 'cash', amount: '700.01' }] }).success).toBe(
      false,
    );
    const twice = { ...base, lines: [...base.lines, ...base.lines], payments: [{ method: 'cash', amount: '1400' }] };
    expect(counterSaleBodySchema.safeParse(twice).success).toBe(false);
    // 2.5 is a quantity a weighed product takes: whether this product does is the server's to say (ADR 0031).
    const half = { ...base, customer: { id: 5 }, lines: [{ ...base.lines[0], quantity: 2.5 }], payments: [] };
    expect(counterSaleBodySchema.safeParse(half).success).toBe(true);
    const fine = { ...base, customer: { id: 5 }, lines: [{ ...base.lines[0], quantity: 1.2345 }], payments: [] };
    expect(counterSaleBodySchema.safeParse(fine).success).toBe(false);
    const none = { ...base, customer: { id: 5 }, lines: [{ ...base.lines[0], quantity: 0 }], payments: [] };
    expect(counterSaleBodySchema.safeParse(none).success).toBe(false);
  });
});
