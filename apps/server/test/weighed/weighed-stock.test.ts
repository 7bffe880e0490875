import { ENDPOINTS, SALES_MESSAGES, STOCK_MESSAGES, UNITS_MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  productBody,
} from '../factories';
import { useShop } from '../shop';

/**
 * Weighed goods counted as shops count them (issue 55, ADR 0031): every place a weighed product's quantity is
 * entered takes up to 3 decimals (opening stock, a receipt, an adjustment, a cart line, a supplier's delivery), and
 * each refuses a fraction of a piece or of a pack with words, writing nothing.
 */
const shop = useShop();
const as = () => ({ token: shop.ceo.token });
const businessId = () => shop.ceo.businessId;

const rice = (batches = [{ batch_number: 'BAG-1', quantity: 12.5 }]) =>
  createProduct(shop.t, shop.ceo, {
    product_name: 'Rice (loose)',
    base_unit: 'kg',
    is_weighed: true,
    selling_price: '1200.00',
    cost_price: '800.00',
    batches,
  });
const soap = () =>
  createProduct(shop.t, shop.ceo, {
    product_name: 'Bar soap',
    selling_price: '100.00',
    batches: [{ batch_number: 'SOAP-1', quantity: 10 }],
    packs: [{ name: 'carton', units: 24, selling_price: '2200.00' }],
  });

describe('opening stock', () => {
  it('takes 12.5 kg of a weighed product and refuses 2.5 pieces or a fourth decimal, writing nothing', async () => {
    const product = await rice();
    expect(product.quantity_in_stock).toBe(12.5);
    expect(product.batches.map((batch) => batch.quantity)).toEqual([12.5]);

    const pieces = await shop.api.call(
      ENDPOINTS.stock.createProduct,
      productBody(businessId(), { product_name: 'Half soap', batches: [{ batch_number: 'H-1', quantity: 2.5 }] }),
      as(),
    );
    expect(pieces.status).toBe(400);
    expect(pieces.body.errors?.['batches.0.quantity']).toEqual([STOCK_MESSAGES.wholeQuantity]);

    const grams = await shop.api.call(
      ENDPOINTS.stock.createProduct,
      productBody(businessId(), {
        product_name: 'Fine rice',
        is_weighed: true,
        batches: [{ batch_number: 'F-1', quantity: 1.2345 }],
      }),
      as(),
    );
    expect(grams.status).toBe(400);
    expect(grams.body.errors?.['batches.0.quantity']).toEqual([UNITS_MESSAGES.quantityDecimals]);

    const listed = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: businessId(), search: 'Half soap' },
      as(),
    );
    expect(listed.data.count).toBe(0);
  });
});

describe('receiving, adjusting and updating stock', () => {
  it('receives 12.5 kg, writes off 0.25 kg, takes 0.125 kg away: the ledger equals the batches', async () => {
    const product = await rice([{ batch_number: 'OPEN', quantity: 2 }]);
    const received = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      { business_id: businessId(), product_id: product.id, batch_number: 'BAG-2', quantity: 12.5 },
      as(),
    );
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    expect(received.data.quantity_in_stock).toBe(14.5);
    const bag = received.data.batches.find((batch) => batch.batch_number === 'BAG-2');
    expect(bag?.quantity).toBe(12.5);

    const damaged = await shop.api.call(
      ENDPOINTS.stock.adjustBatch,
      { business_id: businessId(), product_id: product.id, batch_id: bag?.id ?? 0, delta: -0.25, reason: 'damage' },
      as(),
    );
    expect(damaged.status, JSON.stringify(damaged.body)).toBe(200);
    expect(damaged.data.quantity_in_stock).toBe(14.25);

    const taken = await shop.api.call(
      ENDPOINTS.stock.updateStock,
      { business_id: businessId(), product_id: product.id, quantity: -0.125 },
      as(),
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.data.quantity_in_stock).toBe(14.125);
    expect(await batchQuantities(shop.t, product.id)).toEqual([1.875, 12.25]);
    expect(await ledgerMismatches(shop.t, businessId())).toEqual([]);

    const tooFine = await shop.api.call(
      ENDPOINTS.stock.adjustBatch,
      {
        business_id: businessId(),
        product_id: product.id,
        batch_id: bag?.id ?? 0,
        delta: -0.0001,
        reason: 'count_correction',
      },
      as(),
    );
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.errors?.delta).toEqual([STOCK_MESSAGES.changeDecimals]);
    const tooFineReceipt = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      { business_id: businessId(), product_id: product.id, batch_number: 'BAG-3', quantity: 1.2345 },
      as(),
    );
    expect(tooFineReceipt.status).toBe(400);
    expect(tooFineReceipt.body.errors?.quantity).toEqual([UNITS_MESSAGES.quantityDecimals]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([1.875, 12.25]);
  });

  it('refuses half a piece received, adjusted or updated, and half a carton received, on the field: nothing moves', async () => {
    const product = await soap();
    const [batch] = product.batches;
    const half = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      { business_id: businessId(), product_id: product.id, batch_number: 'SOAP-2', quantity: 2.5 },
      as(),
    );
    expect(half.status).toBe(400);
    expect(half.body.errors?.quantity).toEqual([STOCK_MESSAGES.wholeQuantity]);

    const halfCarton = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: businessId(),
        product_id: product.id,
        batch_number: 'SOAP-3',
        quantity: 1.5,
        pack_id: product.packs?.[0]?.id ?? 0,
      },
      as(),
    );
    expect(halfCarton.status).toBe(400);
    expect(halfCarton.body.errors?.quantity).toEqual([STOCK_MESSAGES.wholePacks]);

    const adjusted = await shop.api.call(
      ENDPOINTS.stock.adjustBatch,
      { business_id: businessId(), product_id: product.id, batch_id: batch?.id ?? 0, delta: -0.5, reason: 'damage' },
      as(),
    );
    expect(adjusted.status).toBe(400);
    expect(adjusted.body.errors?.delta).toEqual([STOCK_MESSAGES.wholeUnits]);

    const updated = await shop.api.call(
      ENDPOINTS.stock.updateStock,
      { business_id: businessId(), product_id: product.id, quantity: 1.5 },
      as(),
    );
    expect(updated.status).toBe(400);
    expect(updated.body.errors?.quantity).toEqual([STOCK_MESSAGES.wholeUnits]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([10]);
  });
});

describe('cart lines', () => {
  it('sells 0.75 kg from a cart: 0.1 + 0.2 kg lines merge to 0.3 exactly, the sale takes the grams and the kobo', async () => {
    const product = await rice();
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 0.75 }], {
      title: 'Rice order',
      customer_name: 'Ada',
    });
    expect(cart.items.map((item) => [item.quantity, item.line_total])).toEqual([[0.75, '900.00']]);
    expect(cart.total_cart_amount).toBe('900.00');

    const edited = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      {
        id: cart.id,
        business_id: businessId(),
        title: cart.title,
        customer_name: cart.customer_name,
        items: [
          { product_id: product.id, quantity: 0.1 },
          { product_id: product.id, quantity: 0.2 },
        ],
      },
      as(),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.data.cart.items.map((item) => [item.quantity, item.line_total])).toEqual([[0.3, '360.00']]);

    const back = await shop.api.call(
      ENDPOINTS.sales.updateCart,
      {
        id: cart.id,
        business_id: businessId(),
        title: cart.title,
        customer_name: cart.customer_name,
        items: [{ product_id: product.id, quantity: 0.75 }],
      },
      as(),
    );
    expect(back.status).toBe(200);
    const sale = await confirm(shop.t, shop.ceo, cart.id);
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.data.sale.total_cart_amount).toBe('900.00');
    expect(sale.data.sale.lines.map((line) => [line.quantity, line.line_total])).toEqual([[0.75, '900.00']]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([11.75]);
    expect(await ledgerMismatches(shop.t, businessId())).toEqual([]);
  });

  it('refuses 2.5 pieces, 1.5 cartons and a fourth decimal of a kg in a cart, and more kg than there are', async () => {
    const bar = await soap();
    const product = await rice();
    const create = (items: { product_id: number; quantity: number; pack_id?: number }[]) =>
      shop.api.call(ENDPOINTS.sales.createCart, { business_id: businessId(), items }, as());

    const pieces = await create([{ product_id: bar.id, quantity: 2.5 }]);
    expect(pieces.status).toBe(400);
    expect(pieces.body.errors?.['items.0.quantity']).toEqual([SALES_MESSAGES.quantityWhole]);

    const cartons = await create([
      { product_id: product.id, quantity: 1 },
      { product_id: bar.id, quantity: 0.5, pack_id: bar.packs?.[0]?.id ?? 0 },
    ]);
    expect(cartons.status).toBe(400);
    expect(cartons.body.errors?.['items.1.quantity']).toEqual([UNITS_MESSAGES.packQuantityWhole]);

    const grams = await create([{ product_id: product.id, quantity: 0.0005 }]);
    expect(grams.status).toBe(400);
    expect(grams.body.errors?.['items.0.quantity']).toEqual([UNITS_MESSAGES.quantityDecimals]);

    const past = await create([{ product_id: product.id, quantity: 12.501 }]);
    expect(past.status).toBe(400);
    expect(past.body.errors?.['items.0.quantity']).toBeDefined();
    const exactly = await create([{ product_id: product.id, quantity: 12.5 }]);
    expect(exactly.status, JSON.stringify(exactly.body)).toBe(201);
  });
});

describe('a supplier’s delivery', () => {
  it('receives 12.5 kg at ₦333.33 a kg: ₦4,166.63 owed (one rounding), and refuses 2.5 pieces on its line', async () => {
    const product = await rice([{ batch_number: 'OPEN', quantity: 1 }]);
    const bar = await soap();
    const supplier = await shop.api.call(
      ENDPOINTS.suppliers.createSupplier,
      { business_id: businessId(), name: 'Mama Rice' },
      as(),
    );
    expect(supplier.status).toBe(201);
    const deliver = (lines: { product_id: number; quantity: number; batch_number: string }[]) =>
      shop.api.call(
        ENDPOINTS.suppliers.createDelivery,
        {
          business_id: businessId(),
          supplier_id: supplier.data.supplier.id,
          lines: lines.map((line) => ({ ...line, unit_cost: '333.33', expiration_date: lagosDay(90) })),
        },
        as(),
      );

    const half = await deliver([
      { product_id: product.id, quantity: 12.5, batch_number: 'DLV-1' },
      { product_id: bar.id, quantity: 2.5, batch_number: 'DLV-2' },
    ]);
    expect(half.status).toBe(400);
    expect(half.body.errors?.['lines.1.quantity']).toEqual([STOCK_MESSAGES.wholeQuantity]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([1]);

    const received = await deliver([{ product_id: product.id, quantity: 12.5, batch_number: 'DLV-1' }]);
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    expect(received.data.delivery.total_cost).toBe('4166.63');
    expect(received.data.delivery.lines.map((line) => [line.quantity, line.line_total])).toEqual([[12.5, '4166.63']]);
    expect(received.data.supplier.owed).toBe('4166.63');
    expect(await batchQuantities(shop.t, product.id)).toEqual([1, 12.5]);
    expect(await ledgerMismatches(shop.t, businessId())).toEqual([]);
  });
});

describe('turning “Sold by weight or volume” off', () => {
  it('is refused (409) while a batch holds part of a kg, saying how much and what to do; allowed once whole', async () => {
    const product = await rice([
      { batch_number: 'BAG-1', quantity: 12.5 },
      { batch_number: 'BAG-2', quantity: 3.25 },
      { batch_number: 'BAG-3', quantity: 4 },
    ]);
    const turnOff = () =>
      shop.api.call(
        ENDPOINTS.stock.updateProduct,
        { id: product.id, business_id: businessId(), is_weighed: false },
        as(),
      );
    const refused = await turnOff();
    expect(refused.status).toBe(409);
    const words = UNITS_MESSAGES.weighedFractionsLeft(0.75, 'kg', ['BAG-1', 'BAG-2']);
    expect(words).toBe(
      '0.75 kg of the stock is part of a kg (batch BAG-1, BAG-2). Sell it, write it off or correct the count to whole kg first, then turn off sold by weight or volume.',
    );
    expect(refused.body).toMatchObject({ response_description: words, errors: { is_weighed: [words] } });
    const still = await shop.api.call(
      ENDPOINTS.stock.getProduct,
      { business_id: businessId(), product_id: product.id },
      as(),
    );
    expect(still.data.is_weighed).toBe(true);

    for (const [batch, delta] of [
      [product.batches[0], -0.5],
      [product.batches[1], 0.75],
    ] as const) {
      const corrected = await shop.api.call(
        ENDPOINTS.stock.adjustBatch,
        {
          business_id: businessId(),
          product_id: product.id,
          batch_id: batch?.id ?? 0,
          delta,
          reason: 'count_correction',
        },
        as(),
      );
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    }
    const allowed = await turnOff();
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.data).toMatchObject({ is_weighed: false, quantity_in_stock: 20 });
  });
});
