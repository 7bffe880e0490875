import { describe, expect, it } from 'vitest';
import { counterSaleBodySchema } from './counter';
import { saleShareText } from './share';
import { createProductBodySchema } from './stock';
import {
  addQuantities,
  formatUnits,
  hasQuantityDecimals,
  isQuantityOf,
  lineTotalKobo,
  toMilli,
  UNITS_MESSAGES,
  unitName,
} from './units';

const carton = { name: 'carton', units: 40 };
const halfCarton = { name: 'half carton', units: 20 };

describe('formatUnits', () => {
  it('says a quantity in the largest packs first, then the base unit', () => {
    expect(formatUnits(85, 'pack', [carton])).toBe('2 cartons + 5 packs');
    expect(formatUnits(45, 'pack', [carton])).toBe('1 carton + 5 packs');
    expect(formatUnits(40, 'pack', [carton])).toBe('1 carton');
    expect(formatUnits(110, 'pack', [halfCarton, carton])).toBe('2 cartons + 1 half carton + 10 packs');
  });

  it('keeps the base unit alone where no pack fits, or there is none', () => {
    expect(formatUnits(5, 'pack', [carton])).toBe('5 packs');
    expect(formatUnits(1, 'piece')).toBe('1 piece');
    expect(formatUnits(0, 'tin', [carton])).toBe('0 tins');
    expect(formatUnits(3, 'kg')).toBe('3 kg');
  });

  it('makes plurals as English does', () => {
    expect(unitName('box', 2)).toBe('boxes');
    expect(unitName('battery', 2)).toBe('batteries');
    expect(unitName('litre', 2)).toBe('litres');
    expect(unitName('carton', 1)).toBe('carton');
  });
});

const product = {
  business_id: 1,
  product_name: 'Indomie',
  cost_price: '100',
  selling_price: '150',
  batches: [{ batch_number: 'B-001', quantity: 80 }],
};

describe('pack sizes on a product', () => {
  it('reads names trimmed and lower case, and refuses a pack of 1 or a name twice', () => {
    const good = createProductBodySchema.parse({
      ...product,
      base_unit: ' Pack ',
      packs: [{ name: 'Carton ', units: 40, selling_price: '5800' }],
    });
    expect(good.base_unit).toBe('pack');
    expect(good.packs?.[0]?.name).toBe('carton');
    const one = createProductBodySchema.safeParse({
      ...product,
      packs: [{ name: 'carton', units: 1, selling_price: '150' }],
    });
    expect(one.error?.issues[0]?.message).toBe(UNITS_MESSAGES.packUnits);
    const twice = createProductBodySchema.safeParse({
      ...product,
      packs: [
        { name: 'carton', units: 40, selling_price: '5800' },
        { name: 'CARTON', units: 20, selling_price: '2900' },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe(UNITS_MESSAGES.packNameTaken);
  });

  it('refuses a pack named as the base unit', () => {
    const same = createProductBodySchema.safeParse({
      ...product,
      base_unit: 'pack',
      packs: [{ name: 'pack', units: 4, selling_price: '600' }],
    });
    expect(same.error?.issues[0]?.message).toBe(UNITS_MESSAGES.packNameIsBaseUnit);
  });

  it('leaves units out for a client that knows nothing of them', () => {
    const body = createProductBodySchema.parse(product);
    expect(body.base_unit).toBeUndefined();
    expect(body.packs).toBeUndefined();
  });
});

describe('a counter sale by the pack', () => {
  const sale = {
    business_id: 1,
    client_sale_id: '00000000-0000-4000-8000-000000000001',
    device_id: '00000000-0000-4000-8000-000000000002',
    receipt_number: 'AB-1',
    sold_at: new Date().toISOString(),
    catalogue_version: null,
    customer: null,
    payments: [],
  };
  it('takes a carton line and a pack line of one product, but not the same pack twice', () => {
    const both = counterSaleBodySchema.safeParse({
      ...sale,
      lines: [
        { product_id: 7, pack_id: 3, quantity: 1, unit_price: '5800' },
        { product_id: 7, quantity: 5, unit_price: '150' },
      ],
      payments: [{ method: 'cash', amount: '6550' }],
    });
    expect(both.error?.issues).toBeUndefined();
    const twice = counterSaleBodySchema.safeParse({
      ...sale,
      lines: [
        { product_id: 7, pack_id: 3, quantity: 1, unit_price: '5800' },
        { product_id: 7, pack_id: 3, quantity: 2, unit_price: '5800' },
      ],
    });
    expect(twice.success).toBe(false);
  });
});

describe('a WhatsApp share of a sale by the pack', () => {
  it('says the carton and the packs apart, from the server’s lines or the counter’s', () => {
    const sale = {
      id: 1,
      currency: 'NGN',
      customer_name: 'Walk-in customer',
      total_cart_amount: '6550.00',
      amount_paid: '6550.00',
      balance: '0.00',
      status: 'active',
    };
    const fromServer = saleShareText(
      { name: 'Shop' },
      {
        ...sale,
        lines: [
          { product_name: 'Indomie', quantity: 30, line_total: '4350.00', pack_name: 'carton', pack_units: 40 },
          { product_name: 'Indomie', quantity: 10, line_total: '1450.00', pack_name: 'carton', pack_units: 40 },
          { product_name: 'Indomie', quantity: 5, line_total: '750.00' },
        ],
      },
    );
    expect(fromServer).toContain('• 1 carton × Indomie\n• 5 × Indomie');
    const fromCounter = saleShareText(
      { name: 'Shop' },
      {
        ...sale,
        lines: [
          { product_name: 'Indomie', quantity: 1, line_total: '5800.00', unit_name: 'carton' },
          { product_name: 'Indomie', quantity: 5, line_total: '750.00', unit_name: 'pack' },
        ],
      },
    );
    expect(fromCounter).toContain('• 1 carton × Indomie\n• 5 packs × Indomie');
  });
});

describe('weighed quantities (ADR 0031)', () => {
  it('takes up to 3 decimals of a weighed product, whole numbers of any other', () => {
    expect(isQuantityOf(1.25, true)).toBe(true);
    expect(isQuantityOf(0.001, true)).toBe(true);
    expect(isQuantityOf(1.2345, true)).toBe(false);
    expect(isQuantityOf(0, true)).toBe(false);
    expect(isQuantityOf(2.5, false)).toBe(false);
    expect(isQuantityOf(2, false)).toBe(true);
    expect(hasQuantityDecimals(1.001)).toBe(true);
    expect(hasQuantityDecimals(Number.NaN)).toBe(false);
  });

  it('adds in thousandths, never as floats', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(addQuantities(1.25, -0.3)).toBe(0.95);
    expect(toMilli(1.005)).toBe(1005);
  });

  it('rounds a line once, half up to the kobo; whole quantities stay exact', () => {
    expect(lineTotalKobo(33333n, 1.237)).toBe(41233n); // 412.32921
    expect(lineTotalKobo(3n, 0.5)).toBe(2n); // 1.5 kobo
    expect(lineTotalKobo(1n, 0.499)).toBe(0n);
    expect(lineTotalKobo(99999n, 3)).toBe(299997n);
  });

  it('says a weighed quantity as it is read', () => {
    expect(formatUnits(12.5, 'kg')).toBe('12.5 kg');
    expect(formatUnits(0.75, 'litre')).toBe('0.75 litres');
    expect(formatUnits(1, 'litre')).toBe('1 litre');
  });
});
