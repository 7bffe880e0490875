import { ENDPOINTS, MESSAGES, UNITS_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  saleCount,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop();

/** Indomie counted in packs, sold also by the carton of 40: 30 packs expiring soon, 60 later. */
const indomie = () =>
  createProduct(shop.t, shop.ceo, {
    base_unit: 'pack',
    selling_price: '150',
    selling_price_discount_percentage: '10',
    wholesale_price: '140',
    packs: [{ name: 'carton', units: 40, selling_price: '5800.01', wholesale_price: '5600' }],
    batches: [
      { batch_number: 'LATE', quantity: 60, expiration_date: lagosDay(60) },
      { batch_number: 'SOON', quantity: 30, expiration_date: lagosDay(10) },
    ],
  });

describe('a cart sells by the pack', () => {
  it('a carton and five packs: priced as the counter prices them, the carton’s 40 taken soonest expiry first', async () => {
    const product = await indomie();
    const carton = product.packs?.[0];
    const cart = await createCart(shop.t, shop.ceo, [
      { product_id: product.id, pack_id: carton?.id, quantity: 1 },
      { product_id: product.id, quantity: 5 },
    ]);
    // The carton at its own price, none of the unit's 10% off; the packs at 150 less 10%.
    expect(cart.items.map((item) => [item.pack_name ?? null, item.quantity, item.unit_price, item.line_total])).toEqual(
      [
        ['carton', 1, '5800.01', '5800.01'],
        [null, 5, '150.00', '675.00'],
      ],
    );
    expect(cart.items[0]).toMatchObject({ pack_id: carton?.id, pack_units: 40, discount_percentage: '0.00' });
    expect(cart.total_cart_amount).toBe('6475.01');

    const answer = await confirm(shop.t, shop.ceo, cart.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { sale } = answer.data;
    expect(sale.total_cart_amount).toBe('6475.01');
    const cartonLines = sale.lines.filter((line) => line.pack_id === carton?.id);
    // 30 from the batch expiring soonest, 10 from the next; the carton's price split over them to the kobo.
    expect(cartonLines.map((line) => [line.batch_number, line.quantity, line.line_total])).toEqual([
      ['SOON', 30, '4350.00'],
      ['LATE', 10, '1450.01'],
    ]);
    expect(cartonLines.every((line) => line.pack_name === 'carton' && line.pack_units === 40)).toBe(true);
    expect(sale.lines.filter((line) => line.pack_id === null).map((line) => [line.quantity, line.line_total])).toEqual([
      [5, '675.00'],
    ]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([45, 0]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('a wholesale line of packs takes the pack’s wholesale price; a cart of the spec’s fields answers as before', async () => {
    const product = await indomie();
    const carton = product.packs?.[0];
    const cart = await createCart(shop.t, shop.ceo, [
      { product_id: product.id, pack_id: carton?.id, quantity: 2, pricing_strategy: 'wholesale' },
    ]);
    expect(cart.items[0]).toMatchObject({ unit_price: '5600.00', line_total: '11200.00' });
    const plain = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);
    // A client that knows nothing of packs sees no field of theirs.
    expect(Object.keys(plain.items[0] ?? {}).filter((key) => key.startsWith('pack'))).toEqual([]);
    const sold = await confirm(shop.t, shop.ceo, plain.id);
    expect(sold.status).toBe(201);
    expect(sold.data.sale.lines.map((line) => [line.quantity, line.pack_id])).toEqual([[2, null]]);
  });

  it('counts a line of packs in base units against the stock, and refuses a pack of another product', async () => {
    const product = await indomie();
    const carton = product.packs?.[0];
    const other = await createProduct(shop.t, shop.ceo, {
      packs: [{ name: 'bag', units: 10, selling_price: '900' }],
      batches: [{ quantity: 30 }],
    });
    // 90 packs in stock: two cartons and ten packs fit, three cartons do not.
    const fits = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
        items: [
          { product_id: product.id, pack_id: carton?.id, quantity: 2 },
          { product_id: product.id, quantity: 10 },
        ],
      },
      { token: shop.ceo.token },
    );
    expect(fits.status).toBe(201);
    const tooMany = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
        items: [{ product_id: product.id, pack_id: carton?.id, quantity: 3 }],
      },
      { token: shop.ceo.token },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ detail: MESSAGES.product.insufficientStock });
    const foreign = await shop.api.call(
      ENDPOINTS.sales.createCart,
      {
        business_id: shop.ceo.businessId,
        items: [{ product_id: product.id, pack_id: other.packs?.[0]?.id, quantity: 1 }],
      },
      { token: shop.ceo.token },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ detail: UNITS_MESSAGES.packNotFound });
  });

  it('a full update keeps a line’s pack; a pack removed since is shown as gone and refused at confirmation', async () => {
    const product = await indomie();
    const carton = product.packs?.[0];
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, pack_id: carton?.id, quantity: 2 }]);
    const updated = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      {
        id: cart.id,
        business_id: shop.ceo.businessId,
        title: cart.title,
        customer_name: 'Mama Tobi',
        items: [{ product_id: product.id, pack_id: carton?.id, quantity: 2 }],
      },
      { token: shop.ceo.token },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.data.cart.items).toMatchObject([{ pack_id: carton?.id, pack_name: 'carton', quantity: 2 }]);

    const removed = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: shop.ceo.businessId, packs: [] },
      { token: shop.ceo.token },
    );
    expect(removed.status).toBe(200);
    const listed = await shop.api.call(
      ENDPOINTS.sales.listCarts,
      { business_id: shop.ceo.businessId, id: cart.id },
      { token: shop.ceo.token },
    );
    expect(listed.data.results[0]?.items).toMatchObject([{ pack_id: carton?.id, pack_name: null, pack_units: null }]);
    const sales = await saleCount(shop.t, shop.ceo.businessId);
    const refused = await confirm(shop.t, shop.ceo, cart.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: UNITS_MESSAGES.packNotFound });
    expect(await saleCount(shop.t, shop.ceo.businessId)).toBe(sales);
    expect(await batchQuantities(shop.t, product.id)).toEqual([60, 30]);
  });
});
