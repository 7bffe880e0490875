import { ENDPOINTS, UNITS_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { batchQuantities, createProduct, ledgerMismatches, signUpCeo } from '../factories';
import { useShop } from '../shop';

const shop = useShop();

const carton = { name: 'carton', units: 40, selling_price: '5800', wholesale_price: '5600', barcode: 'CTN-0001' };

describe('a product with pack sizes', () => {
  it('keeps its base unit and packs, and answers them on its own page', async () => {
    const indomie = await createProduct(shop.t, shop.ceo, {
      base_unit: 'pack',
      packs: [carton, { name: 'Half carton', units: 20, selling_price: '2950' }],
      batches: [{ quantity: 85 }],
    });
    expect(indomie.base_unit).toBe('pack');
    expect(indomie.packs?.map((pack) => [pack.name, pack.units, pack.selling_price, pack.barcode])).toEqual([
      ['half carton', 20, '2950.00', null],
      ['carton', 40, '5800.00', 'CTN-0001'],
    ]);
    // Stock stays in base units.
    expect(indomie.quantity_in_stock).toBe(85);
  });

  it('a product made by a client that knows nothing of units counts in pieces and has no packs', async () => {
    const plain = await createProduct(shop.t, shop.ceo);
    expect(plain.base_unit).toBe('piece');
    expect(plain.packs).toEqual([]);
  });

  it('an edit that sends packs makes them exactly those: kept by id, changed, removed, added', async () => {
    const milk = await createProduct(shop.t, shop.ceo, {
      base_unit: 'tin',
      packs: [
        { name: 'carton', units: 48, selling_price: '20000' },
        { name: 'six-pack', units: 6, selling_price: '2600' },
      ],
    });
    const [sixPack, cartonOf48] = milk.packs ?? [];
    const edited = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      {
        id: milk.id,
        business_id: shop.ceo.businessId,
        packs: [
          { id: cartonOf48?.id, name: 'carton', units: 24, selling_price: '10500' },
          { name: 'dozen', units: 12, selling_price: '5300' },
        ],
      },
      { token: shop.ceo.token },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const packs = edited.data.packs ?? [];
    expect(packs.map((pack) => [pack.name, pack.units])).toEqual([
      ['dozen', 12],
      ['carton', 24],
    ]);
    expect(packs.find((pack) => pack.name === 'carton')?.id).toBe(cartonOf48?.id);
    expect(packs.some((pack) => pack.id === sixPack?.id)).toBe(false);
    // An edit without packs leaves them.
    const renamed = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: milk.id, business_id: shop.ceo.businessId, product_name: 'Peak milk tin' },
      { token: shop.ceo.token },
    );
    expect(renamed.data.packs?.length).toBe(2);
  });

  it('a barcode names one thing: a pack cannot take a product’s barcode or another pack’s', async () => {
    await createProduct(shop.t, shop.ceo, { barcode: '6001234567890' });
    const onProduct = await shop.api.call(
      ENDPOINTS.stock.createProduct,
      {
        business_id: shop.ceo.businessId,
        product_name: 'Sugar cubes',
        cost_price: '50',
        selling_price: '100',
        packs: [{ name: 'carton', units: 24, selling_price: '2300', barcode: '6001234567890' }],
        batches: [{ batch_number: 'B-1', quantity: 1 }],
      },
      { token: shop.ceo.token },
    );
    expect(onProduct.status).toBe(409);
    expect(onProduct.body).toMatchObject({ detail: UNITS_MESSAGES.packBarcodeTaken });
    // The product with the carton's code (CTN-0001, the first test's) cannot be made either.
    const asProduct = await shop.api.call(
      ENDPOINTS.stock.createProduct,
      {
        business_id: shop.ceo.businessId,
        product_name: 'Another noodle',
        cost_price: '50',
        selling_price: '100',
        barcode: 'ctn-0001',
        batches: [{ batch_number: 'B-1', quantity: 1 }],
      },
      { token: shop.ceo.token },
    );
    expect(asProduct.status).toBe(409);
  });

  it('another business’s pack is not this one’s: receiving by it is refused', async () => {
    const other = await signUpCeo(shop.t);
    const theirs = await createProduct(shop.t, other, { packs: [{ name: 'carton', units: 10, selling_price: '900' }] });
    const mine = await createProduct(shop.t, shop.ceo, {
      packs: [{ name: 'carton', units: 10, selling_price: '900' }],
    });
    const answer = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: shop.ceo.businessId,
        product_id: mine.id,
        batch_number: 'FOREIGN',
        quantity: 1,
        pack_id: theirs.packs?.[0]?.id,
      },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ detail: UNITS_MESSAGES.packOfProduct });
  });

  it('receiving 3 cartons of 40 is one receipt of 120 base units, at the carton’s cost per unit', async () => {
    const noodles = await createProduct(shop.t, shop.ceo, {
      base_unit: 'pack',
      cost_price: '120',
      packs: [{ name: 'carton', units: 40, selling_price: '5800' }],
      batches: [{ quantity: 5 }],
    });
    const answer = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: shop.ceo.businessId,
        product_id: noodles.id,
        batch_number: 'DELIVERY-1',
        quantity: 3,
        pack_id: noodles.packs?.[0]?.id,
        // ₦5,000.01 a carton is ₦125.00025 a pack: kept as ₦125.00, rounded half up to the kobo.
        cost_price: '5000.01',
      },
      { token: shop.ceo.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.data.quantity_in_stock).toBe(125);
    expect(answer.data.cost_price).toBe('125.00');
    expect(await batchQuantities(shop.t, noodles.id)).toEqual([5, 120]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });
});
