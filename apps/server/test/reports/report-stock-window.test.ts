import { ENDPOINTS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactStockValues } from '../../src/modules/reports/stock-figures';
import { createTestApp, type TestApp } from '../app';
import { type Caller, confirm, createCart, createProduct, lagosDay, ledgerMismatches, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The report's two maintained figures of migration 0016 (docs/adr/0009-report-totals.md): the stock value
 * (report_stock_values, changes written by triggers on batches and products) and the last 30 days' best
 * sellers (report_product_window, kept from report_product_days and slid once a day). Each is compared
 * with a recount from the rows it stands for, after every kind of write, and with writes racing.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const today = sql`(now() at time zone 'Africa/Lagos')::date`;

/** The stock value per currency and expiry date (today or later), from the batches: what the report summed before. */
async function recountedStock(businessId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select concat_ws(' ', p.currency, coalesce(b.expiration_date::text, 'never'), trim_scale(sum(b.quantity)),
      round(sum(b.quantity * coalesce(b.cost_price, p.cost_price)), 2), round(sum(b.quantity * p.selling_price), 2)) as key
    from product_batches b
    join products p on p.business_id = b.business_id and p.id = b.product_id
    where b.business_id = ${businessId} and p.archived_at is null and b.quantity > 0
      and (b.expiration_date is null or b.expiration_date >= ${today})
    group by p.currency, b.expiration_date
    order by key`);
  return rows.map((row) => row.key);
}

/** The same from the maintained rows of changes. */
async function maintainedStock(businessId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select concat_ws(' ', t.currency, coalesce(t.expiration_date::text, 'never'), trim_scale(sum(t.units)),
      round(sum(t.value_at_cost), 2), round(sum(t.value_at_retail), 2)) as key
    from report_stock_values t
    where t.business_id = ${businessId} and (t.expiration_date is null or t.expiration_date >= ${today})
    group by t.currency, t.expiration_date
    having sum(t.units) <> 0 or sum(t.value_at_cost) <> 0 or sum(t.value_at_retail) <> 0
    order by key`);
  return rows.map((row) => row.key);
}

/** The report's stock value as the join of batches and products answered it before migration 0016. */
async function stockValueOfOld(businessId: number) {
  const { rows } = await t.db.execute(sql`
    select p.currency, coalesce(sum(b.quantity), 0)::int as units,
      round(sum(b.quantity * coalesce(b.cost_price, p.cost_price)), 2)::text as value_at_cost,
      round(sum(b.quantity * p.selling_price), 2)::text as value_at_retail
    from product_batches b
    join products p on p.business_id = b.business_id and p.id = b.product_id
    where b.business_id = ${businessId} and p.archived_at is null and b.quantity > 0
      and (b.expiration_date is null or b.expiration_date >= ${today})
    group by p.currency
    order by sum(b.quantity * p.selling_price) desc, p.currency`);
  return rows;
}

/** report_product_days summed over the last 30 days, per product and currency. */
async function recountedWindow(businessId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select concat_ws(' ', t.currency, t.product_id, sum(t.lines), trim_scale(sum(t.units)), round(sum(t.revenue), 2)) as key
    from report_product_days t
    where t.business_id = ${businessId} and t.day between ${today} - 29 and ${today}
    group by t.currency, t.product_id
    having sum(t.lines) <> 0
    order by key`);
  return rows.map((row) => row.key);
}

async function maintainedWindow(businessId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select concat_ws(' ', t.currency, t.product_id, t.lines, trim_scale(t.units), round(t.revenue, 2)) as key
    from report_product_window t
    where t.business_id = ${businessId} and (t.lines <> 0 or t.units <> 0 or t.revenue <> 0)
    order by key`);
  return rows.map((row) => row.key);
}

const anchorOf = async (businessId: number) =>
  (
    await t.db.execute<{ anchor: string | null }>(
      sql`select (select anchor::text from report_product_window_anchors where business_id = ${businessId}) as anchor`,
    )
  ).rows[0]?.anchor;

function report(owner: Caller, from = lagosDay(-29), to = lagosDay(0)) {
  return api.call(ENDPOINTS.businesses.getReport, { business_id: owner.businessId, from, to }, { token: owner.token });
}

/** A paid sale of the given products and quantities through the API; answers the sale's id. */
async function sell(owner: Caller, items: { product_id: number; quantity: number }[]): Promise<number> {
  const cart = await createCart(t, owner, items);
  const sale = await confirm(t, owner, cart.id);
  if (sale.status !== 201) throw new Error(`Sale refused: ${JSON.stringify(sale.body)}`);
  return sale.data.sale.id;
}

async function expectStockRecounted(owner: Caller): Promise<void> {
  const recounted = await recountedStock(owner.businessId);
  expect(await maintainedStock(owner.businessId)).toEqual(recounted);
  const answer = await report(owner);
  expect(answer.status).toBe(200);
  expect(answer.data.stock_value).toEqual(await stockValueOfOld(owner.businessId));
}

describe('report_stock_values', () => {
  it('equals a recount after receipts, adjustments, sales, cancels, price changes, archiving and deletes', async () => {
    const ceo = await signUpCeo(t);
    const rice = await createProduct(t, ceo, {
      cost_price: '700.00',
      selling_price: '1000.00',
      batches: [
        { quantity: 20, expiration_date: lagosDay(5) },
        { quantity: 15, expiration_date: lagosDay(40) },
        { quantity: 30 },
      ],
    });
    const oil = await createProduct(t, ceo, {
      cost_price: '18.00',
      selling_price: '25.00',
      currency: 'USD',
      batches: [{ quantity: 12, expiration_date: lagosDay(0) }, { quantity: 8 }],
    });
    const soap = await createProduct(t, ceo, { batches: [{ quantity: 9, expiration_date: lagosDay(3) }] });
    await expectStockRecounted(ceo);

    // A receipt at its own cost, an adjustment each way, a stock update each way.
    const received = await api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: ceo.businessId,
        product_id: rice.id,
        batch_number: 'R-77',
        quantity: 11,
        expiration_date: lagosDay(5),
        cost_price: '720.50',
      },
      { token: ceo.token },
    );
    expect(received.status).toBe(201);
    const [firstRiceBatch] = rice.batches;
    for (const delta of [-3, 4]) {
      const adjusted = await api.call(
        ENDPOINTS.stock.adjustBatch,
        {
          business_id: ceo.businessId,
          product_id: rice.id,
          batch_id: firstRiceBatch?.id as number,
          delta,
          reason: 'count_correction',
        },
        { token: ceo.token },
      );
      expect(adjusted.status).toBe(200);
    }
    for (const quantity of [5, -7]) {
      const updated = await api.call(
        ENDPOINTS.stock.updateStock,
        { business_id: ceo.businessId, product_id: oil.id, quantity },
        { token: ceo.token },
      );
      expect(updated.status).toBe(200);
    }
    await expectStockRecounted(ceo);

    // Sales over several batches and products, one of them then cancelled (its units go back).
    await sell(ceo, [
      { product_id: rice.id, quantity: 25 },
      { product_id: soap.id, quantity: 2 },
    ]);
    const cancelled = await sell(ceo, [{ product_id: oil.id, quantity: 6 }]);
    await sell(ceo, [{ product_id: rice.id, quantity: 3 }]);
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id: cancelled, reason: 'Wrong customer' },
      { token: ceo.token },
    );
    expect(cancel.status).toBe(200);
    await expectStockRecounted(ceo);

    // Prices, cost and currency change: every batch of the product is valued anew.
    for (const change of [{ selling_price: '1100.00' }, { cost_price: '710.00' }, { currency: 'EUR' as const }]) {
      const updated = await api.call(
        ENDPOINTS.stock.updateProduct,
        { id: rice.id, business_id: ceo.businessId, ...change },
        { token: ceo.token },
      );
      expect(updated.status).toBe(200);
      await expectStockRecounted(ceo);
    }

    // Deleting a product sold before archives it (its stock leaves the value); one never sold is deleted
    // with its batches (a cascade the batch trigger no longer sees the product of).
    const unsold = await createProduct(t, ceo, {
      batches: [{ quantity: 4 }, { quantity: 6, expiration_date: lagosDay(3) }],
    });
    await expectStockRecounted(ceo);
    for (const product of [soap, unsold]) {
      const deleted = await api.call(
        ENDPOINTS.stock.deleteProduct,
        { id: product.id, business_id: ceo.businessId },
        { token: ceo.token },
      );
      expect(deleted.status).toBe(200);
      expect(deleted.data.archived).toBe(product === soap);
    }
    await expectStockRecounted(ceo);

    // Writes by SQL the app never makes: unarchiving, a batch's date and cost moved, a batch deleted on its
    // own, a bulk insert of batches, an update of every product at once.
    await t.db.execute(
      sql`update products set archived_at = null where business_id = ${ceo.businessId} and id = ${soap.id}`,
    );
    await t.db.execute(
      sql`update product_batches set expiration_date = ${lagosDay(-2)}::date, cost_price = 1.5
          where business_id = ${ceo.businessId} and id = ${firstRiceBatch?.id as number}`,
    );
    await t.db.execute(
      sql`delete from product_batches where business_id = ${ceo.businessId} and product_id = ${oil.id} and expiration_date is null`,
    );
    await t.db.execute(sql`
      insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date, cost_price)
      select ${ceo.businessId}, p.id, 'BULK-' || g, g, ${lagosDay(9)}::date + g, case when g % 2 = 0 then 3.25 end
      from products p cross join generate_series(1, 5) g
      where p.business_id = ${ceo.businessId}`);
    await t.db.execute(
      sql`update products set selling_price = selling_price + 1 where business_id = ${ceo.businessId}`,
    );
    await expectStockRecounted(ceo);

    // Folded: one row per key, past dates gone, the same figures.
    const before = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from report_stock_values where business_id = ${ceo.businessId}`,
    );
    await compactStockValues(t.db, ceo.businessId);
    const after = await t.db.execute<{ n: number; past: number }>(sql`
      select count(*)::int as n, count(*) filter (where expiration_date < ${today})::int as past
      from report_stock_values where business_id = ${ceo.businessId}`);
    expect(after.rows[0]?.n).toBeLessThan(before.rows[0]?.n as number);
    expect(after.rows[0]?.past).toBe(0);
    expect(after.rows[0]?.n).toBe((await recountedStock(ceo.businessId)).length);
    await expectStockRecounted(ceo);

    // The business's own deletion takes its rows with it (no trigger refers to the deleted business).
    await t.db.execute(sql`delete from businesses where id = ${ceo.businessId}`);
    const left = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from report_stock_values where business_id = ${ceo.businessId}`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it('equals a recount after sales, receipts, price changes and folds that race', async () => {
    const ceo = await signUpCeo(t);
    const products = [];
    for (let index = 0; index < 6; index++) {
      products.push(
        await createProduct(t, ceo, {
          cost_price: `${40 + index}.00`,
          selling_price: `${90 + index}.00`,
          batches: [
            { quantity: 40, expiration_date: lagosDay(2 + index) },
            { quantity: 40, expiration_date: lagosDay(8 - index) },
            { quantity: 40 },
          ],
        }),
      );
    }
    const ids = products.map((product) => product.id);
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 8; round++) {
      const [a, b] = [ids[round % ids.length] as number, ids[(round + 3) % ids.length] as number];
      // Two products per sale, in both orders across sales: batches of different dates taken in turn.
      work.push(
        sell(ceo, [
          { product_id: a, quantity: 3 },
          { product_id: b, quantity: 2 },
        ]),
      );
      work.push(
        api.call(
          ENDPOINTS.stock.updateProduct,
          {
            id: ids[(round + 1) % ids.length] as number,
            business_id: ceo.businessId,
            selling_price: `${100 + round}.00`,
          },
          { token: ceo.token },
        ),
      );
      work.push(
        api.call(
          ENDPOINTS.stock.receiveBatch,
          {
            business_id: ceo.businessId,
            product_id: ids[(round + 2) % ids.length] as number,
            batch_number: `RACE-${round}`,
            quantity: 5,
            expiration_date: lagosDay(4),
          },
          { token: ceo.token },
        ),
      );
      work.push(compactStockValues(t.db, ceo.businessId));
    }
    const settled = await Promise.allSettled(work);
    // A deadlock or a refused write would show here; none is expected.
    expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await ledgerMismatches(t, ceo.businessId)).toEqual([]);
    await expectStockRecounted(ceo);
  });

  it('a price change waits for a receipt in flight, and then counts its batch', async () => {
    const ceo = await signUpCeo(t);
    const rice = await createProduct(t, ceo, { selling_price: '100.00', batches: [{ quantity: 10 }] });
    const pool = new pg.Pool({
      connectionString: (t.database.pool.options as { connectionString: string }).connectionString,
      max: 2,
    });
    const [receipt, price] = await Promise.all([pool.connect(), pool.connect()]);
    try {
      // The receipt's batch is not committed yet: the price change cannot see it, so it must wait.
      await receipt.query('begin');
      await receipt.query(
        `insert into product_batches (business_id, product_id, batch_number, quantity) values ($1, $2, 'LATE', 7)`,
        [ceo.businessId, rice.id],
      );
      await price.query(`set lock_timeout = '300ms'`);
      await expect(
        price.query('update products set selling_price = 120 where business_id = $1 and id = $2', [
          ceo.businessId,
          rice.id,
        ]),
      ).rejects.toMatchObject({ code: '55P03' });
      await price.query(`set lock_timeout = 0`);
      const changing = price.query('update products set selling_price = 130 where business_id = $1 and id = $2', [
        ceo.businessId,
        rice.id,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await receipt.query('commit');
      await changing;
    } finally {
      receipt.release();
      price.release();
      await pool.end();
    }
    await expectStockRecounted(ceo);
    expect((await stockValueOfOld(ceo.businessId))[0]).toMatchObject({ units: 17, value_at_retail: '2210.00' });
  });
});

describe('report_product_window', () => {
  it("answers the last 30 days' best sellers as the per-day rows do, and slides with the days", async () => {
    const ceo = await signUpCeo(t);
    const products = [];
    for (let index = 0; index < 14; index++) {
      products.push(
        await createProduct(t, ceo, {
          selling_price: `${100 + 7 * index}.00`,
          currency: index % 5 === 0 ? 'USD' : 'NGN',
          batches: [{ quantity: 500 }],
        }),
      );
    }
    const saleIds: number[] = [];
    for (let index = 0; index < 24; index++) {
      const product = products[(index * 5) % products.length];
      saleIds.push(await sell(ceo, [{ product_id: product?.id as number, quantity: 1 + (index % 4) }]));
    }
    // Sales moved back 10 days (inside) and 40 days (outside), one cancelled, one deleted on its own.
    const moveBack = (saleId: number, days: number) =>
      t.db.execute(
        sql`update sales set created_at = created_at - make_interval(days => ${days}) where business_id = ${ceo.businessId} and id = ${saleId}`,
      );
    await moveBack(saleIds[0] as number, 10);
    await moveBack(saleIds[1] as number, 40);
    await moveBack(saleIds[2] as number, 29);
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id: saleIds[3] as number, reason: 'Wrong customer' },
      { token: ceo.token },
    );
    expect(cancel.status).toBe(200);
    await t.db.execute(sql`delete from sales where business_id = ${ceo.businessId} and id = ${saleIds[4] as number}`);

    const windowed = await report(ceo);
    expect(windowed.status).toBe(200);
    expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
    expect(await maintainedWindow(ceo.businessId)).toEqual(await recountedWindow(ceo.businessId));
    // Another period answers from the per-day rows; over the same days with one more empty day at the
    // front it must list the same best sellers.
    const wider = await report(ceo, lagosDay(-30), lagosDay(0));
    expect(windowed.data.top_products.length).toBe(10);
    expect(windowed.data.top_products).toEqual(wider.data.top_products);
    expect(windowed.data.top_products_by_revenue).toEqual(wider.data.top_products_by_revenue);

    // Anchored 3 days ago (recounted there): the next report slides the window to today.
    await t.db.execute(sql`delete from report_product_window_anchors where business_id = ${ceo.businessId}`);
    await t.db.execute(sql`select report_product_window_refresh(${ceo.businessId}, ${today} - 3)`);
    await moveBack(saleIds[5] as number, 31); // into the days the window will lose
    const slid = await report(ceo);
    expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
    expect(await maintainedWindow(ceo.businessId)).toEqual(await recountedWindow(ceo.businessId));
    const widerAfter = await report(ceo, lagosDay(-30), lagosDay(0));
    expect(slid.data.top_products).toEqual(widerAfter.data.top_products);
    expect(slid.data.top_products_by_revenue).toEqual(widerAfter.data.top_products_by_revenue);

    // A window ahead of today (a clock set back) is not read: the per-day rows answer.
    await t.db.execute(
      sql`update report_product_window_anchors set anchor = ${today} + 1 where business_id = ${ceo.businessId}`,
    );
    await t.db.execute(
      sql`update report_product_window set units = units + 1000 where business_id = ${ceo.businessId}`,
    );
    const ahead = await report(ceo);
    expect(ahead.data.top_products).toEqual(widerAfter.data.top_products);
    // report_totals_rebuild rewrites every per-day row: the window follows it.
    await t.db.execute(sql`delete from report_product_window_anchors where business_id = ${ceo.businessId}`);
    await report(ceo);
    await t.db.execute(sql`select report_totals_rebuild(array[${ceo.businessId}]::bigint[])`);
    expect(await maintainedWindow(ceo.businessId)).toEqual(await recountedWindow(ceo.businessId));
  });

  it('loses no sale to a slide that races with it', async () => {
    const ceo = await signUpCeo(t);
    const products = [];
    for (let index = 0; index < 4; index++)
      products.push(await createProduct(t, ceo, { selling_price: `${50 + index}.00`, batches: [{ quantity: 1000 }] }));
    await report(ceo);
    const sales: Promise<number>[] = [];
    const slides: Promise<unknown>[] = [];
    for (let round = 0; round < 12; round++) {
      sales.push(sell(ceo, [{ product_id: products[round % 4]?.id as number, quantity: 1 + (round % 3) }]));
      // Anchored back a day (a recount there, which leaves out today's sales), then slid to today, which
      // must add every sale of today: those committed before it, and those waiting for it.
      slides.push(
        (async () => {
          await t.db.transaction(async (tx) => {
            // The recount's own lock first (it is re-entrant), as report_product_window_refresh takes it
            // before it writes the anchor: taken after the anchor row, two slides would deadlock.
            await tx.execute(sql`select pg_advisory_xact_lock(16016, ${ceo.businessId}::int)`);
            await tx.execute(sql`delete from report_product_window_anchors where business_id = ${ceo.businessId}`);
            await tx.execute(sql`select report_product_window_refresh(${ceo.businessId}, ${today} - 1)`);
          });
          await t.db.execute(sql`select report_product_window_refresh(${ceo.businessId}, ${today})`);
        })(),
      );
    }
    await Promise.all([...sales, ...slides]);
    await t.db.execute(sql`select report_product_window_refresh(${ceo.businessId}, ${today})`);
    expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
    expect(await maintainedWindow(ceo.businessId)).toEqual(await recountedWindow(ceo.businessId));
  });
  it('a slide waits for a writer of the per-day rows in flight, and then counts what it wrote', async () => {
    const ceo = await signUpCeo(t);
    const rice = await createProduct(t, ceo, { selling_price: '100.00', batches: [{ quantity: 100 }] });
    await sell(ceo, [{ product_id: rice.id, quantity: 2 }]);
    // Anchored yesterday: today's rows are not in the window until it slides.
    await t.db.execute(sql`select report_product_window_refresh(${ceo.businessId}, ${today} - 1)`);
    const pool = new pg.Pool({
      connectionString: (t.database.pool.options as { connectionString: string }).connectionString,
      max: 2,
    });
    const [writer, slide] = await Promise.all([pool.connect(), pool.connect()]);
    try {
      // A sale's lines of today, not committed: applied against yesterday's anchor, so not in the window.
      await writer.query('begin');
      await writer.query(
        `insert into report_product_days (business_id, day, currency, sold_by, product_id, lines, units, revenue)
         values ($1, (now() at time zone 'Africa/Lagos')::date, 'NGN', $2, $3, 1, 5, 500)
         on conflict (business_id, day, currency, sold_by, product_id) do update
           set lines = report_product_days.lines + 1, units = report_product_days.units + 5,
             revenue = report_product_days.revenue + 500`,
        [ceo.businessId, ceo.user.id, rice.id],
      );
      // The slide would read the days without them and move the anchor past them: it must wait.
      await slide.query(`set lock_timeout = '300ms'`);
      await expect(
        slide.query(`select report_product_window_refresh($1, (now() at time zone 'Africa/Lagos')::date)`, [
          ceo.businessId,
        ]),
      ).rejects.toMatchObject({ code: '55P03' });
      await slide.query(`set lock_timeout = 0`);
      const sliding = slide.query(
        `select report_product_window_refresh($1, (now() at time zone 'Africa/Lagos')::date)`,
        [ceo.businessId],
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await writer.query('commit');
      await sliding;
    } finally {
      writer.release();
      slide.release();
      await pool.end();
    }
    expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
    expect(await maintainedWindow(ceo.businessId)).toEqual(await recountedWindow(ceo.businessId));
    expect(await maintainedWindow(ceo.businessId)).toEqual([`NGN ${rice.id} 2 7 700.00`]);
  });
});
