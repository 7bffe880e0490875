import {
  type CatalogueProduct,
  COUNTER_MESSAGES,
  COUNTER_SCREEN_MESSAGES,
  counterSaleBodySchema,
  UNITS_MESSAGES,
} from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { readAmount, readQuantity } from './counter-input';
import { buildSale } from './sale-body';
import { addOne, type CartLine } from './sale-draft';

const product = (id: number, name: string, price: string, extra: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id,
  product_name: name,
  sku: `SKU-${id}`,
  barcode: null,
  currency: 'NGN',
  selling_price: price,
  selling_price_discount_percentage: '0.00',
  wholesale_price: null,
  wholesale_price_discount_percentage: '0.00',
  cost_price: null,
  stock_quantity: 10,
  next_expiry: null,
  is_removed: false,
  version: 1,
  ...extra,
});

const rice = product(1, 'Rice 1kg', '1500.00', { barcode: '5901234123457' });
const milk = product(2, 'Peak Milk', '450.00', { selling_price_discount_percentage: '10.00' });

const draft = (lines: CartLine[], overrides: Partial<Parameters<typeof buildSale>[0]> = {}) =>
  buildSale(
    {
      businessId: 4,
      catalogueVersion: 9,
      lines,
      payments: [{ method: 'cash', amount: '3000' }],
      customer: null,
      cashGiven: '',
      sellerName: 'Ada Obi',
      ...overrides,
    },
    counterSaleBodySchema,
  );

describe('what the clerk types at the counter', () => {
  it('takes a quantity only as a whole number, never reading 2.5 as 25 or -3 as 3', () => {
    expect(readQuantity('12')).toEqual({ quantity: 12 });
    expect(readQuantity(' 3 ')).toEqual({ quantity: 3 });
    for (const typed of ['2.5', '-3', '0', '', '1e3', '2,5', 'abc'])
      expect(readQuantity(typed)).toEqual({ error: COUNTER_MESSAGES.quantityWhole });
    expect(readQuantity('1000001')).toEqual({ error: COUNTER_MESSAGES.quantityMax });
  });

  it('takes up to 3 decimals of a weighed product (ADR 0031), and no more', () => {
    expect(readQuantity('0.75', true)).toEqual({ quantity: 0.75 });
    expect(readQuantity('1.250', true)).toEqual({ quantity: 1.25 });
    expect(readQuantity('.5', true)).toEqual({ quantity: 0.5 });
    expect(readQuantity('2', true)).toEqual({ quantity: 2 });
    for (const typed of ['1.2345', '0', '0.000', '-1', '1,5', '1e3', 'abc', ''])
      expect(readQuantity(typed, true)).toEqual({ error: UNITS_MESSAGES.quantityDecimals });
  });

  it('reads the naira sign and grouping commas as the amount they print, and nothing else', () => {
    expect(readAmount('₦5,000')).toBe('5000.00');
    expect(readAmount('1,500')).toBe('1500.00');
    expect(readAmount('N 2,500.50')).toBe('2500.50');
    expect(readAmount('1950.00')).toBe('1950.00');
    for (const typed of ['1,50', '1500,000', '5.000', '-5', 'abc', '₦']) expect(readAmount(typed)).toBeNull();
  });
});

describe('a sale made at the counter', () => {
  it('adds one on each tap, the same product on the same line', () => {
    const lines = addOne(addOne(addOne([], rice), milk), rice);
    expect(lines.map((line) => [line.product.id, line.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('a walk-in paid in cash: paid in full, the change worked out from the cash given', () => {
    const built = draft([{ product: rice, quantity: 2 }], { cashGiven: '₦5,000' });
    if ('problem' in built) throw new Error(built.problem.message);
    expect(built.sale).toMatchObject({ customer: null, payments: [{ method: 'cash', amount: '3000.00' }] });
    expect(built.snapshot).toMatchObject({ total: '3000.00', payment_status: 'paid', change: '2000.00' });
  });

  it('prices a discounted product as the contract does (each unit rounded to the kobo)', () => {
    const built = draft([{ product: milk, quantity: 3 }], { payments: [{ method: 'pos_card', amount: '1215' }] });
    if ('problem' in built) throw new Error(built.problem.message);
    expect(built.snapshot.total).toBe('1215.00');
    expect(built.snapshot.payment_status).toBe('paid');
  });

  it('refuses a debt without a debtor in the contract words, and takes it with a name and phone', () => {
    const lines = [{ product: rice, quantity: 2 }];
    const partly = { payments: [{ method: 'cash' as const, amount: '1000' }] };
    expect(draft(lines, partly)).toEqual({
      problem: { field: 'customer', message: COUNTER_MESSAGES.debtNeedsCustomer },
    });
    expect(draft(lines, { ...partly, customer: { name: 'Chidi', phone: '' } })).toMatchObject({
      problem: { field: 'customer' },
    });
    const named = draft(lines, { ...partly, customer: { name: 'Chidi Okeke', phone: '0803 123 4567' } });
    if ('problem' in named) throw new Error(named.problem.message);
    expect(named.snapshot).toMatchObject({
      payment_status: 'partial',
      owed: '2000.00',
      customer_phone: '+2348031234567',
    });
  });

  it('splits across methods, and refuses paying more than the total or cash given short of the cash', () => {
    const lines = [{ product: rice, quantity: 2 }];
    const split = draft(lines, {
      payments: [
        { method: 'cash', amount: '1,000' },
        { method: 'bank_transfer', amount: '2000' },
      ],
    });
    if ('problem' in split) throw new Error(split.problem.message);
    expect(split.sale.payments).toHaveLength(2);
    expect(split.snapshot.payment_status).toBe('paid');
    expect(draft(lines, { payments: [{ method: 'cash', amount: '3001' }] })).toEqual({
      problem: { field: 'payments', message: COUNTER_MESSAGES.paidMoreThanTotal },
    });
    expect(draft(lines, { cashGiven: '2000' })).toEqual({
      problem: { field: 'cash', message: COUNTER_MESSAGES.cashGivenTooLittle },
    });
    expect(draft(lines, { payments: [{ method: 'cash', amount: '3.000' }] })).toEqual({
      problem: { field: 'payments', message: COUNTER_SCREEN_MESSAGES.amountFormat },
    });
  });
});

describe('a sale by the pack', () => {
  const carton = {
    id: 31,
    name: 'carton',
    units: 40,
    selling_price: '5800.00',
    wholesale_price: null,
    barcode: 'CTN-1',
  };
  const indomie = product(3, 'Indomie', '150.00', {
    base_unit: 'pack',
    packs: [carton],
    selling_price_discount_percentage: '10.00',
  });

  it('a carton and a pack of one product are two lines; the carton at its own price, no unit discount', () => {
    let lines = addOne([], indomie, carton);
    lines = addOne(lines, indomie);
    lines = addOne(lines, indomie, carton);
    expect(lines.map((line) => [line.pack?.name ?? null, line.quantity])).toEqual([
      ['carton', 2],
      [null, 1],
    ]);
    const made = draft(lines, { payments: [{ method: 'cash', amount: '11735' }] });
    if (!('sale' in made)) throw new Error(made.problem.message);
    expect(made.sale.lines).toEqual([
      { product_id: 3, pack_id: 31, quantity: 2, unit_price: '5800.00', discount_percentage: '0.00' },
      { product_id: 3, quantity: 1, unit_price: '150.00', discount_percentage: '10.00' },
    ]);
    expect(made.snapshot.total).toBe('11735.00');
    // The receipt says "2 cartons" and "1 pack", and what each took from stock.
    expect(made.snapshot.lines.map((line) => [line.unit_name, line.quantity, line.base_quantity])).toEqual([
      ['carton', 2, 80],
      ['pack', 1, 1],
    ]);
  });
});
