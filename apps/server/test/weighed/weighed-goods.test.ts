import { ENDPOINTS, UNITS_MESSAGES } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settledCopy } from '../catalogue/copy';
import {
  batchQuantities,
  confirm,
  counterSaleBody,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  registerDevice,
  sellAtCounter,
} from '../factories';
import { useShop } from '../shop';

const shop = useShop();

/** Rice by the kg at ₦1,200.00 (cost ₦800.00): 2 kg expiring in 10 days, then 25 kg expiring in 60. */
const rice = () =>
  createProduct(shop.t, shop.ceo, {
    product_name: 'Rice (loose)',
    base_unit: 'kg',
    is_weighed: true,
    selling_price: '1200.00',
    cost_price: '800.00',
    batches: [
      { batch_number: 'SOON', quantity: 2, expiration_date: lagosDay(10) },
      { batch_number: 'LATE', quantity: 25, expiration_date: lagosDay(60) },
    ],
  });

const getProduct = async (productId: number) => {
  const answer = await shop.api.call(
    ENDPOINTS.stock.getProduct,
    { business_id: shop.ceo.businessId, product_id: productId },
    { token: shop.ceo.token },
  );
  expect(answer.status).toBe(200);
  return answer.data;
};

describe('weighed goods at the counter', () => {
  it('1.250 kg takes exactly 1.250 kg soonest expiry first; 1.5 kg more spans two batches, money to the kobo', async () => {
    const product = await rice();
    expect(product.is_weighed).toBe(true);
    const device = await registerDevice(shop.t, shop.ceo);

    const first = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: product.id, quantity: 1.25, unit_price: '1200.00' }]),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.data.sale.total_cart_amount).toBe('1500.00');
    expect(first.data.sale.lines.map((line) => [line.batch_number, line.quantity, line.line_total])).toEqual([
      ['SOON', 1.25, '1500.00'],
    ]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([0.75, 25]);

    // 0.75 kg left in the first batch, 0.75 kg from the next: the line's ₦1,800.00 split over them exactly.
    const second = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: product.id, quantity: 1.5, unit_price: '1200.00' }]),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.data.sale.lines.map((line) => [line.batch_number, line.quantity, line.line_total])).toEqual([
      ['SOON', 0.75, '900.00'],
      ['LATE', 0.75, '900.00'],
    ]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([0, 24.25]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);

    const after = await getProduct(product.id);
    expect(after.quantity_in_stock).toBe(24.25);
    const copy = await settledCopy(shop.t, shop.api, shop.ceo);
    expect(copy.products.find((each) => each.id === product.id)).toMatchObject({
      stock_quantity: 24.25,
      is_weighed: true,
      base_unit: 'kg',
    });
  });

  it('rounds a line half up to the kobo once: ₦333.33 a litre × 1.237 litres is ₦412.33', async () => {
    const oil = await createProduct(shop.t, shop.ceo, {
      base_unit: 'litre',
      is_weighed: true,
      selling_price: '333.33',
      batches: [{ quantity: 10 }],
    });
    const device = await registerDevice(shop.t, shop.ceo);
    const sold = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [
        { product_id: oil.id, quantity: 1.237, unit_price: '333.33' },
        { product_id: oil.id, pack_id: null, quantity: 0.001, unit_price: '333.33' },
      ]),
    );
    // The same product twice is refused by the contract (one line per product and pack).
    expect(sold.status).toBe(400);

    const answer = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: oil.id, quantity: 1.237, unit_price: '333.33' }]),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.data.sale.total_cart_amount).toBe('412.33');
    expect(answer.data.sale.lines.map((line) => [line.quantity, line.line_total, line.net_unit_price])).toEqual([
      [1.237, '412.33', '333.33'],
    ]);
    expect(await batchQuantities(shop.t, oil.id)).toEqual([8.763]);
  });

  it('a cart of whole litres over a batch left at 0.6 splits the line’s money so the lines add up to the total', async () => {
    const oil = await createProduct(shop.t, shop.ceo, {
      base_unit: 'litre',
      is_weighed: true,
      selling_price: '999.99',
      batches: [
        { batch_number: 'FIRST', quantity: 1, expiration_date: lagosDay(5) },
        { batch_number: 'NEXT', quantity: 10, expiration_date: lagosDay(50) },
      ],
    });
    const device = await registerDevice(shop.t, shop.ceo);
    const counter = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: oil.id, quantity: 0.4, unit_price: '999.99' }]),
    );
    expect(counter.status).toBe(201);
    expect(counter.data.sale.total_cart_amount).toBe('400.00'); // 399.996 rounded half up

    const cart = await createCart(shop.t, shop.ceo, [{ product_id: oil.id, quantity: 1 }], {
      title: 'Oil',
      customer_name: 'Ada',
    });
    const sale = await confirm(shop.t, shop.ceo, cart.id);
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.data.sale.total_cart_amount).toBe('999.99');
    expect(sale.data.sale.lines.map((line) => [line.batch_number, line.quantity, line.line_total])).toEqual([
      ['FIRST', 0.6, '599.99'],
      ['NEXT', 0.4, '400.00'],
    ]);
    expect(await batchQuantities(shop.t, oil.id)).toEqual([0, 9.6]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });

  it('a return of 0.5 kg goes back to its batch at the line’s price; the ledger still equals the batches', async () => {
    const product = await rice();
    const device = await registerDevice(shop.t, shop.ceo);
    const sold = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: product.id, quantity: 1.75, unit_price: '1200.00' }]),
    );
    expect(sold.status).toBe(201);
    const line = sold.data.sale.lines[0];
    expect(line?.quantity).toBe(1.75);
    const back = await shop.api.call(
      ENDPOINTS.sales.returnSale,
      {
        business_id: shop.ceo.businessId,
        id: sold.data.sale.id,
        reason: 'Too much',
        lines: [{ sale_line_id: line?.id ?? 0, quantity: 0.5 }],
        restock: true,
        refunds: [{ method: 'cash', amount: '600.00' }],
      },
      { token: shop.ceo.token },
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.data.sale.returns.at(-1)?.amount).toBe('600.00');
    expect(back.data.sale.lines[0]?.returned_quantity).toBe(0.5);
    expect(await batchQuantities(shop.t, product.id)).toEqual([0.75, 25]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);

    // More than is left of the line (1.25 kg) is refused, naming what is left.
    const tooMuch = await shop.api.call(
      ENDPOINTS.sales.returnSale,
      {
        business_id: shop.ceo.businessId,
        id: sold.data.sale.id,
        reason: 'Again',
        lines: [{ sale_line_id: line?.id ?? 0, quantity: 1.251 }],
        restock: true,
      },
      { token: shop.ceo.token },
    );
    expect(tooMuch.status).toBe(409);
  });
});

describe('the phone’s copy', () => {
  it('a product made weighed reaches the copies taken before, so the Sell screen takes 0.75 of it', async () => {
    const beans = await createProduct(shop.t, shop.ceo, { base_unit: 'kg', selling_price: '900.00' });
    const before = await settledCopy(shop.t, shop.api, shop.ceo);
    expect(before.products.find((each) => each.id === beans.id)?.is_weighed).toBe(false);
    const made = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: beans.id, business_id: shop.ceo.businessId, is_weighed: true },
      { token: shop.ceo.token },
    );
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({ base_unit: 'kg', is_weighed: true });
    const since = await settledCopy(shop.t, shop.api, shop.ceo, before.version);
    expect(since.products.find((each) => each.id === beans.id)).toMatchObject({ is_weighed: true, base_unit: 'kg' });
  });
});

describe('refusals', () => {
  it('2.5 pieces, a fifth decimal of a kg and half a piece back are refused with words; stock unchanged', async () => {
    const soap = await createProduct(shop.t, shop.ceo, { selling_price: '100.00', batches: [{ quantity: 10 }] });
    const product = await rice();
    const device = await registerDevice(shop.t, shop.ceo);

    const half = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: soap.id, quantity: 2.5, unit_price: '100.00' }]),
    );
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ detail: UNITS_MESSAGES.quantityWholeOf('piece') });

    const fine = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: product.id, quantity: 1.2345, unit_price: '1200.00' }]),
    );
    expect(fine.status).toBe(400);
    expect(JSON.stringify(fine.body)).toContain(UNITS_MESSAGES.quantityDecimals);
    expect(await batchQuantities(shop.t, soap.id)).toEqual([10]);
    expect(await batchQuantities(shop.t, product.id)).toEqual([2, 25]);

    // A piece product sold whole stays whole in every answer: JSON numbers as before.
    const whole = await sellAtCounter(
      shop.t,
      shop.ceo,
      counterSaleBody(shop.ceo, device, [{ product_id: soap.id, quantity: 2, unit_price: '100.00' }]),
    );
    expect(whole.status).toBe(201);
    const soapLine = whole.data.sale.lines[0];
    expect(soapLine?.quantity).toBe(2);
    const halfBack = await shop.api.call(
      ENDPOINTS.sales.returnSale,
      {
        business_id: shop.ceo.businessId,
        id: whole.data.sale.id,
        reason: 'Half a bar',
        lines: [{ sale_line_id: soapLine?.id ?? 0, quantity: 0.5 }],
        restock: true,
      },
      { token: shop.ceo.token },
    );
    expect(halfBack.status).toBe(400);
    expect(halfBack.body).toMatchObject({ detail: UNITS_MESSAGES.quantityWholeOf('piece') });
    expect(await batchQuantities(shop.t, soap.id)).toEqual([8]);
    expect((await getProduct(soap.id)).quantity_in_stock).toBe(8);
  });
});

describe('reports', () => {
  it('no database function counts a quantity as an integer or costs a sold line past the kobo', async () => {
    const { rows } = await shop.t.db.execute<{ name: string }>(sql`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and (p.prosrc like '%quantity::bigint%' or p.prosrc like '%quantity::int%'
          or replace(p.prosrc, 'round(l.quantity * l.cost_price', '') like '%l.quantity * l.cost_price%'
          or p.prosrc like '%sum(quantity * cost_price)%')
      order by 1`);
    expect(rows).toEqual([]);
  });

  it('count decimal units sold, with their revenue', async () => {
    const { ceo } = shop;
    const other = await createProduct(shop.t, ceo, {
      base_unit: 'kg',
      is_weighed: true,
      selling_price: '500.00',
      cost_price: '333.33',
      batches: [{ quantity: 3 }],
    });
    const device = await registerDevice(shop.t, ceo);
    const sold = await sellAtCounter(
      shop.t,
      ceo,
      counterSaleBody(ceo, device, [{ product_id: other.id, quantity: 0.125, unit_price: '500.00' }]),
    );
    expect(sold.status).toBe(201);
    const today = lagosDay(0);
    const report = await shop.api.call(
      ENDPOINTS.businesses.getReport,
      { business_id: ceo.businessId, from: today, to: today },
      { token: ceo.token },
    );
    expect(report.status).toBe(200);
    expect(report.data.top_products.find((row) => row.product_id === other.id)).toMatchObject({
      quantity: 0.125,
      revenue: '62.50',
    });
  });
});
