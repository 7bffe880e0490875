import { UNITS_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { splitLineTotal } from '../../src/modules/sales/cart-items';
import { settledCopy } from '../catalogue/copy';
import {
  batchQuantities,
  counterSaleBody,
  createProduct,
  lagosDay,
  ledgerMismatches,
  registerDevice,
  sellAtCounter,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop();

describe('selling by the pack at the counter', () => {
  it('a carton and five packs take 45 packs soonest expiry first, at the carton’s price and the pack’s', async () => {
    const indomie = await createProduct(shop.t, shop.ceo, {
      base_unit: 'pack',
      selling_price: '150',
      packs: [{ name: 'carton', units: 40, selling_price: '5800.01' }],
      batches: [
        { batch_number: 'LATE', quantity: 60, expiration_date: lagosDay(60) },
        { batch_number: 'SOON', quantity: 30, expiration_date: lagosDay(10) },
      ],
    });
    const carton = indomie.packs?.[0];
    const device = await registerDevice(shop.t, shop.ceo);
    const body = counterSaleBody(shop.ceo, device, [
      { product_id: indomie.id, pack_id: carton?.id, quantity: 1, unit_price: '5800.01' },
      { product_id: indomie.id, quantity: 5, unit_price: '150.00' },
    ]);
    const answer = await sellAtCounter(shop.t, shop.ceo, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { sale, price_flags } = answer.data;
    expect(sale.total_cart_amount).toBe('6550.01');
    expect(price_flags).toEqual([]);
    // The carton's 40: 30 of the batch expiring soonest, 10 of the next, its price split over them exactly.
    const cartonLines = sale.lines.filter((line) => line.pack_id === carton?.id);
    expect(cartonLines.map((line) => [line.batch_number, line.quantity, line.line_total])).toEqual([
      ['SOON', 30, '4350.00'],
      ['LATE', 10, '1450.01'],
    ]);
    expect(cartonLines.every((line) => line.pack_name === 'carton' && line.pack_units === 40)).toBe(true);
    const packLines = sale.lines.filter((line) => line.pack_id === null);
    expect(packLines.map((line) => [line.quantity, line.line_total])).toEqual([[5, '750.00']]);
    expect(await batchQuantities(shop.t, indomie.id)).toEqual([45, 0]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);

    // The same sale sent again is the first one, not a second.
    const again = await sellAtCounter(shop.t, shop.ceo, body);
    expect(again.status).toBe(200);
    expect(again.data.sale.id).toBe(sale.id);
    expect(await batchQuantities(shop.t, indomie.id)).toEqual([45, 0]);
  });

  it('a pack sold at another price than the pack’s is flagged; a pack not of the product is refused', async () => {
    const sugar = await createProduct(shop.t, shop.ceo, {
      packs: [{ name: 'bag', units: 10, selling_price: '900' }],
      batches: [{ quantity: 30 }],
    });
    const other = await createProduct(shop.t, shop.ceo, { packs: [{ name: 'bag', units: 10, selling_price: '900' }] });
    const device = await registerDevice(shop.t, shop.ceo);
    const cheap = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [
        { product_id: sugar.id, pack_id: sugar.packs?.[0]?.id, quantity: 2, unit_price: '850' },
      ]),
    );
    expect(cheap.status).toBe(201);
    expect(cheap.data.price_flags.map((flag) => [flag.charged_unit_price, flag.product_unit_price])).toEqual([
      ['850.00', '900.00'],
    ]);
    const foreign = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [
        { product_id: sugar.id, pack_id: other.packs?.[0]?.id, quantity: 1, unit_price: '900' },
      ]),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ detail: UNITS_MESSAGES.packNotFound });
    expect(await batchQuantities(shop.t, sugar.id)).toEqual([10]);
  });

  it('the phone’s copy carries each product’s base unit and packs', async () => {
    const oil = await createProduct(shop.t, shop.ceo, {
      base_unit: 'bottle',
      packs: [{ name: 'carton', units: 12, selling_price: '30000', barcode: 'OIL-CTN-12' }],
    });
    const copy = await settledCopy(shop.t, shop.api, shop.ceo);
    const copied = copy.products.find((product) => product.id === oil.id);
    expect(copied?.base_unit).toBe('bottle');
    expect(copied?.packs).toEqual([
      {
        id: oil.packs?.[0]?.id,
        name: 'carton',
        units: 12,
        selling_price: '30000.00',
        wholesale_price: null,
        barcode: 'OIL-CTN-12',
      },
    ]);
  });
});

describe('splitLineTotal', () => {
  it('splits a line’s money over its batches exactly, to the kobo', () => {
    expect(splitLineTotal(580001n, [30, 10])).toEqual([435000n, 145001n]);
    expect(splitLineTotal(1000n, [3, 3, 4])).toEqual([300n, 300n, 400n]);
    expect(splitLineTotal(100n, [1, 1, 1]).reduce((a, b) => a + b, 0n)).toBe(100n);
  });
});
