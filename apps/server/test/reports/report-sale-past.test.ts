import { type Currency, ENDPOINTS } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../src/db/schema';
import { saleTotals } from '../../src/modules/reports/sale-figures';
import { createTestApp, type TestApp } from '../app';
import {
  addMember,
  type Caller,
  confirm,
  createCart,
  createProduct,
  insertSale,
  lagosDay,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * report_sale_past (migration 0022, src/db/schema/report-totals.ts): the day totals before the business's
 * anchor, summed per currency and seller, which the all-time totals read instead of every day row. Held
 * equal to a recount from the sales themselves after every kind of write on either side of the anchor
 * (sales back-dated into the past and out of it, payments and cancels of old sales, through the API and
 * in SQL, a seller gone, a sale deleted, the rebuild), over slides of the anchor, and with a slide and a
 * writer in flight at once. The all-time totals (saleTotals, the overview's) must answer what the sales
 * do, whatever the anchor.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

const today = sql`(now() at time zone 'Africa/Lagos')::date`;

/** The counted sales before the anchor per currency and seller, from the sales: what report_sale_past must hold. */
async function recountedPast(businessId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select concat_ws(' ', s.currency, coalesce(s.created_by, 0), count(*), round(sum(s.total_cart_amount), 2),
      round(sum(s.amount_paid), 2)) as key
    from sales s
    where s.business_id = ${businessId} and s.status = 'active'
      and (s.created_at at time zone 'Africa/Lagos')::date
        < (select a.anchor from report_sale_past_anchors a where a.business_id = ${businessId})
    group by s.currency, coalesce(s.created_by, 0)
    order by key`);
  return rows.map((row) => row.key);
}

async function maintainedPast(businessId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select concat_ws(' ', t.currency, t.sold_by, t.sales, round(t.revenue, 2), round(t.paid, 2)) as key
    from report_sale_past t
    where t.business_id = ${businessId} and (t.sales <> 0 or t.revenue <> 0 or t.paid <> 0)
    order by key`);
  return rows.map((row) => row.key);
}

/** The all-time totals of the counted sales (of one seller), from the sales, as saleTotals answers them. */
async function recountedTotals(businessId: number, soldBy?: number) {
  const { rows } = await t.db.execute<{ currency: Currency; amount: string; paid: string; count: number }>(sql`
    select s.currency, round(sum(s.total_cart_amount), 2)::text as amount, round(sum(s.amount_paid), 2)::text as paid,
      count(*)::int as count
    from sales s
    where s.business_id = ${businessId} and s.status = 'active'
      ${soldBy === undefined ? sql`` : sql`and s.created_by = ${soldBy}`}
    group by s.currency
    order by sum(s.total_cart_amount) desc, s.currency`);
  return {
    amounts: rows.map(({ currency, amount }) => ({ currency, amount })),
    collected: rows.map(({ currency, paid }) => ({ currency, amount: paid })),
    count: rows.reduce((total, row) => total + row.count, 0),
  };
}

const anchorOf = async (businessId: number) =>
  (
    await t.db.execute<{ anchor: string | null }>(
      sql`select (select anchor::text from report_sale_past_anchors where business_id = ${businessId}) as anchor`,
    )
  ).rows[0]?.anchor;

/** Anchored at `offset` days from today, the past recounted there (as if the anchor had been left there). */
async function anchorAt(businessId: number, offset: number): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(16016, ${businessId}::int)`);
    await tx.execute(sql`delete from report_sale_past_anchors where business_id = ${businessId}`);
    await tx.execute(sql`select report_sale_past_refresh(${businessId}, ${today} + ${offset}::int)`);
  });
}

async function expectExact(owner: Caller, sellers: number[] = []): Promise<void> {
  expect(await maintainedPast(owner.businessId)).toEqual(await recountedPast(owner.businessId));
  expect(await saleTotals(t.db, { businessId: owner.businessId })).toEqual(await recountedTotals(owner.businessId));
  for (const seller of sellers)
    expect(await saleTotals(t.db, { businessId: owner.businessId, soldBy: seller })).toEqual(
      await recountedTotals(owner.businessId, seller),
    );
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

const moveBy = (businessId: number, saleId: number, days: number) =>
  t.db.execute(sql`update sales set created_at = created_at + make_interval(days => ${days})
    where business_id = ${businessId} and id = ${saleId}`);

describe('report_sale_past', () => {
  it('equals a recount after old sales are paid, cancelled, moved across the anchor, orphaned and deleted', async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.businessId, { role: 'sales_person', first_name: 'Bola', last_name: 'Ige' });
    const garri = await createProduct(t, ceo, { product_name: 'Garri', selling_price: '1200.00' });
    const shoes = await createProduct(t, ceo, {
      product_name: 'Shoes',
      currency: 'USD',
      selling_price: '40.00',
    });
    const line = (product: typeof garri, quantity: number, unitPrice: string) => ({
      lines: [{ product, quantity, unitPrice }],
    });
    const bola = { id: seller.id, name: 'Bola Ige' };
    const owner = { id: ceo.user.id, name: 'Owner' };
    const old = await insertSale(t, ceo.businessId, {
      ...line(garri, 3, '1200.00'),
      soldBy: bola,
      createdAt: daysAgo(10),
      paymentStatus: 'not_paid',
      customerName: 'Ada',
    });
    const oldUsd = await insertSale(t, ceo.businessId, {
      ...line(shoes, 2, '40.00'),
      currency: 'USD',
      soldBy: owner,
      createdAt: daysAgo(6),
    });
    const recent = await insertSale(t, ceo.businessId, {
      ...line(garri, 1, '1200.00'),
      soldBy: bola,
      createdAt: daysAgo(1),
    });
    await insertSale(t, ceo.businessId, { ...line(garri, 2, '1200.00'), soldBy: owner });
    // No anchor yet: every day row is read, and there is no past row.
    expect(await anchorOf(ceo.businessId)).toBeNull();
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // Anchored 3 days ago: the sales of 10 and 6 days ago are in the past rows.
    await anchorAt(ceo.businessId, -3);
    expect(await maintainedPast(ceo.businessId)).toHaveLength(2);
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // A payment on the old credit sale through the API (its sale's paid, a day before the anchor).
    const paid = await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: ceo.businessId, sale_id: old.id, amount: '1000.50', method: 'cash' },
      { token: ceo.token },
    );
    expect(paid.status).toBe(201);
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // A sale back-dated across the anchor, one moved from the past to today, a new sale dated in the past.
    await moveBy(ceo.businessId, recent.id, -5);
    await moveBy(ceo.businessId, oldUsd.id, 6);
    await insertSale(t, ceo.businessId, {
      ...line(garri, 4, '1150.25'),
      soldBy: owner,
      createdAt: daysAgo(8),
      paymentStatus: 'not_paid',
      customerName: 'Chidi',
    });
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // A sale made through the API today, back-dated into the past, then cancelled through the API.
    const yam = await createProduct(t, ceo, {
      product_name: 'Yam',
      selling_price: '300.00',
      batches: [{ quantity: 10 }],
    });
    const cart = await createCart(t, ceo, [{ product_id: yam.id, quantity: 2 }]);
    const sold = await confirm(t, ceo, cart.id, { payment_status: 'paid', payment_method: 'cash' });
    expect(sold.status).toBe(201);
    await moveBy(ceo.businessId, sold.data.sale.id, -4);
    await expectExact(ceo, [seller.id, ceo.user.id]);
    const cancel = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id: sold.data.sale.id, reason: 'Returned', refund_amount: '600.00' },
      { token: ceo.token },
    );
    expect(cancel.status).toBe(200);
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // The seller's account gone (sold_by 0), a cancel in SQL, and a sale deleted on its own (the rebuild).
    await t.db.execute(
      sql`update sales set created_by = null where business_id = ${ceo.businessId} and id = ${old.id}`,
    );
    await t.db.execute(sql`update sales set status = 'cancelled', cancelled_at = now(), cancel_reason = 'Test'
      where business_id = ${ceo.businessId} and id = ${recent.id}`);
    await expectExact(ceo, [seller.id, ceo.user.id]);
    await t.db.delete(sales).where(eq(sales.id, old.id));
    expect(await anchorOf(ceo.businessId)).toBe(lagosDay(-3));
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // The overview answers the recount, and slides the anchor to today.
    const overview = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    expect(overview.status).toBe(200);
    const totals = await recountedTotals(ceo.businessId);
    expect(overview.data.total_revenue).toEqual(totals.amounts);
    expect(overview.data.collected).toEqual(totals.collected);
    expect(overview.data.total_sales).toBe(totals.count);
    expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
    await expectExact(ceo, [seller.id, ceo.user.id]);

    // An anchor ahead of today (a clock set back) is still exact: the triggers compare with the anchor.
    await t.db.execute(sql`select report_sale_past_refresh(${ceo.businessId}, ${today} + 2)`);
    await insertSale(t, ceo.businessId, { ...line(garri, 1, '999.99'), soldBy: owner });
    await expectExact(ceo, [seller.id, ceo.user.id]);
    await t.db.execute(sql`select report_totals_rebuild(array[${ceo.businessId}]::bigint[])`);
    await expectExact(ceo, [seller.id, ceo.user.id]);
  });

  it('equals a recount after any sequence of writes and slides', async () => {
    const ceo = await signUpCeo(t);
    const seller = await addMember(t, ceo.businessId, { role: 'sales_person', first_name: 'Kemi', last_name: 'Ojo' });
    const product = await createProduct(t, ceo, { product_name: 'Rice', selling_price: '10.00' });
    const sellers = [
      { id: seller.id, name: 'Kemi Ojo' },
      { id: ceo.user.id, name: 'Owner' },
    ];
    const ids: number[] = [];
    const pick = (index: number) => ids[index % ids.length] as number;
    const write = fc.oneof(
      fc.record({
        kind: fc.constant('sell' as const),
        daysAgo: fc.integer({ min: 0, max: 6 }),
        quantity: fc.integer({ min: 1, max: 9 }),
        cents: fc.integer({ min: 1, max: 99_999 }),
        isPaid: fc.boolean(),
        currency: fc.constantFrom<Currency>('NGN', 'USD'),
        seller: fc.integer({ min: 0, max: 1 }),
      }),
      fc.record({ kind: fc.constant('pay' as const), sale: fc.nat(), cents: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ kind: fc.constant('cancel' as const), sale: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), sale: fc.nat(), days: fc.integer({ min: -4, max: 4 }) }),
      fc.record({ kind: fc.constant('orphan' as const), sale: fc.nat() }),
      fc.record({ kind: fc.constant('slide' as const), offset: fc.integer({ min: -5, max: 0 }) }),
      fc.record({ kind: fc.constant('anchor' as const), offset: fc.integer({ min: -5, max: 0 }) }),
      fc.constant({ kind: 'rebuild' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const step of writes) {
          const on = sql`where business_id = ${ceo.businessId} and id = ${pick('sale' in step ? step.sale : 0)}`;
          if (step.kind === 'sell') {
            const price = `${Math.floor(step.cents / 100)}.${String(step.cents % 100).padStart(2, '0')}`;
            const sale = await insertSale(t, ceo.businessId, {
              lines: [{ product, quantity: step.quantity, unitPrice: price }],
              currency: step.currency,
              soldBy: sellers[step.seller],
              createdAt: daysAgo(step.daysAgo),
              paymentStatus: step.isPaid ? 'paid' : 'not_paid',
            });
            ids.push(sale.id);
          } else if (ids.length === 0 || step.kind === 'slide') {
            if (step.kind === 'slide')
              await t.db.execute(
                sql`select report_sale_past_refresh(${ceo.businessId}, ${today} + ${step.offset}::int)`,
              );
          } else if (step.kind === 'pay') {
            // As a payment leaves its sale: more paid, never past the total.
            await t.db.execute(sql`update sales set amount_paid = least(total_cart_amount, amount_paid + ${step.cents / 100}),
                payment_status = case when amount_paid + ${step.cents / 100} >= total_cart_amount then 'paid' else 'partial' end
              ${on}`);
          } else if (step.kind === 'cancel') {
            await t.db.execute(
              sql`update sales set status = 'cancelled', cancelled_at = now(), cancel_reason = 'Test' ${on}`,
            );
          } else if (step.kind === 'move') {
            await moveBy(ceo.businessId, pick(step.sale), step.days);
          } else if (step.kind === 'orphan') {
            await t.db.execute(sql`update sales set created_by = null ${on}`);
          } else if (step.kind === 'anchor') {
            await anchorAt(ceo.businessId, step.offset);
          } else {
            await t.db.execute(sql`select report_totals_rebuild(array[${ceo.businessId}]::bigint[])`);
          }
        }
        expect(await maintainedPast(ceo.businessId)).toEqual(await recountedPast(ceo.businessId));
        expect(await saleTotals(t.db, { businessId: ceo.businessId })).toEqual(await recountedTotals(ceo.businessId));
        expect(await saleTotals(t.db, { businessId: ceo.businessId, soldBy: seller.id })).toEqual(
          await recountedTotals(ceo.businessId, seller.id),
        );
      }),
      { numRuns: 40 },
    );
  });

  describe('a slide and a writer in flight', () => {
    /** Two connections of their own: one holds a transaction open while the other tries. */
    async function twoClients<T>(run: (first: pg.PoolClient, second: pg.PoolClient) => Promise<T>): Promise<T> {
      const pool = new pg.Pool({
        connectionString: (t.database.pool.options as { connectionString: string }).connectionString,
        max: 2,
      });
      const [first, second] = await Promise.all([pool.connect(), pool.connect()]);
      try {
        return await run(first, second);
      } finally {
        first.release();
        second.release();
        await pool.end();
      }
    }

    const insertYesterday = `insert into sales (business_id, payment_status, currency, total_cart_amount, amount_paid,
        customer_name, created_by, created_by_name, created_at)
      values ($1, 'paid', 'NGN', 250.00, 250.00, 'Walk-in', $2, 'Owner', now() - interval '1 day')`;
    const refresh = `select report_sale_past_refresh($1, (now() at time zone 'Africa/Lagos')::date)`;

    it('the slide waits for a sale in flight of a day it closes, then counts it', async () => {
      const ceo = await signUpCeo(t);
      await anchorAt(ceo.businessId, -1);
      await twoClients(async (writer, slide) => {
        // Yesterday's sale, not committed, applied against yesterday's anchor: a day row only.
        await writer.query('begin');
        await writer.query(insertYesterday, [ceo.businessId, ceo.user.id]);
        // The slide would sum yesterday's rows without it and move the anchor past it: it must wait.
        await slide.query(`set lock_timeout = '300ms'`);
        await expect(slide.query(refresh, [ceo.businessId])).rejects.toMatchObject({ code: '55P03' });
        await slide.query('set lock_timeout = 0');
        const sliding = slide.query(refresh, [ceo.businessId]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await writer.query('commit');
        await sliding;
      });
      expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
      expect(await maintainedPast(ceo.businessId)).toEqual([`NGN ${ceo.user.id} 1 250.00 250.00`]);
      await expectExact(ceo);
    });

    it('a sale of a day a slide in flight closes waits for it, then lands in the past', async () => {
      const ceo = await signUpCeo(t);
      await anchorAt(ceo.businessId, -1);
      await twoClients(async (slide, writer) => {
        await slide.query('begin');
        await slide.query(refresh, [ceo.businessId]);
        // The slide summed yesterday without this sale: applied against the old anchor it would be lost.
        await writer.query(`set lock_timeout = '300ms'`);
        await expect(writer.query(insertYesterday, [ceo.businessId, ceo.user.id])).rejects.toMatchObject({
          code: '55P03',
        });
        await writer.query('set lock_timeout = 0');
        const writing = writer.query(insertYesterday, [ceo.businessId, ceo.user.id]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await slide.query('commit');
        await writing;
      });
      expect(await anchorOf(ceo.businessId)).toBe(lagosDay(0));
      expect(await maintainedPast(ceo.businessId)).toEqual([`NGN ${ceo.user.id} 1 250.00 250.00`]);
      await expectExact(ceo);
    });
  });
});
