import { ENDPOINTS } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoShopIfEmpty } from '../../src/demo/demo-shop';
import { createTestApp, type TestApp } from '../app';
import { confirm, createCart, createProduct, hoursAgo, insertSale, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { none, only, searched } from '../searched';

/**
 * The sales list's search reads sale_search, one row per sale with its customer's and its lines' names lowered
 * and joined by newlines, which triggers on sales and sale_lines keep (migration 0029; list-sales.ts,
 * searchedStatement). A copy can drift from what it copies: each write that changes what a search finds (a sale
 * confirmed, written straight to the tables, renamed, moved in time, a line renamed, moved or deleted, a sale or
 * its business deleted, sales and lines written in bulk as the bench's generator writes them, the demo shop
 * built) is followed by searches that find exactly what they should, and by a comparison of the whole copy with
 * the sales and lines it must equal. The writes that change nothing a search reads (a payment, a cancellation)
 * leave the row as it was.
 */

let t: TestApp;
let api: ApiClient;
let ceo: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  // The demo shop is built only into an empty database: first. It writes sales and lines and then moves them
  // back in time (demo-shop.ts).
  const demo = await createDemoShopIfEmpty(t.app.deps);
  if (!demo.created) throw new Error(`The demo shop was not created: ${demo.reason}`);
  api = apiClient(t.app);
  ceo = await signUpCeo(t);
  other = await signUpCeo(t);
}, 60_000);
afterAll(() => t.close());

/** The sales search's answer through the API: its count and its page's ids, newest first. */
const search = (text: string, by: Owner = ceo) =>
  searched(api, ENDPOINTS.sales.listSales, { business_id: by.businessId, search: text }, by);

/**
 * Rows where sale_search and the sales with their lines differ, in every business: a sale missing or copied
 * wrong, or a row left for a sale that is gone.
 */
async function drift() {
  const { rows } = await t.database.pool.query(
    `select s.business_id as sale_business, s.id, t.business_id as search_business, t.sale_id
     from (select s.business_id, s.id, s.created_at, lower(s.customer_name) || coalesce((
             select string_agg(E'\\n' || lower(l.product_name), '' order by l.id) from sale_lines l
             where l.business_id = s.business_id and l.sale_id = s.id), '') as names
           from sales s) s
     full join sale_search t on t.business_id = s.business_id and t.sale_id = s.id
     where s.id is null or t.sale_id is null or (s.created_at, s.names) is distinct from (t.created_at, t.names)`,
  );
  return rows;
}

/** The row of a sale as it is written (its xmin too: the transaction that last wrote it). */
async function rowOf(saleId: number, owner: Owner = ceo) {
  const { rows } = await t.database.pool.query<{ names: string; xmin: string }>(
    'select names, xmin::text from sale_search where business_id = $1 and sale_id = $2',
    [owner.businessId, saleId],
  );
  return rows[0];
}

describe('sale_search follows every write of sales and their lines', () => {
  it('holds the demo shop as it was built and moved back in time', async () => {
    const { rows } = await t.database.pool.query<{ n: number }>('select count(*)::int as n from sale_search');
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(await drift()).toEqual([]);
  });

  it('holds a confirmed sale: found by its customer and by each line, lowered, in its own business only', async () => {
    const rice = await createProduct(t, ceo, { product_name: 'Ọ̀fadà Rice', batches: [{ quantity: 10 }] });
    const oil = await createProduct(t, ceo, { product_name: 'Palm Oil ẸKỌ', batches: [{ quantity: 10 }] });
    const cart = await createCart(
      t,
      ceo,
      [
        { product_id: rice.id, quantity: 1 },
        { product_id: oil.id, quantity: 2 },
      ],
      { customer_name: 'Mọ́remí Àjàyí' },
    );
    const sold = await confirm(t, ceo, cart.id);
    expect(sold.status).toBe(201);
    const id = sold.data.sale.id;
    expect(await search('mọ́remí')).toEqual(only(id));
    expect(await search('ọ̀FADÀ rice')).toEqual(only(id));
    expect(await search('palm oil ẹkọ')).toEqual(only(id));
    expect(await search('ọ̀fadà', other)).toEqual(none);
    expect((await rowOf(id))?.names).toBe('mọ́remí àjàyí\nọ̀fadà rice\npalm oil ẹkọ');
    expect(await drift()).toEqual([]);
  });

  it('leaves the row as it was through a payment and a cancellation, which change nothing it holds', async () => {
    const product = await createProduct(t, ceo, { product_name: 'Kola Nut Tin', batches: [{ quantity: 10 }] });
    const cart = await createCart(t, ceo, [{ product_id: product.id, quantity: 1 }]);
    const sold = await confirm(t, ceo, cart.id, { payment_status: 'not_paid' });
    expect(sold.status).toBe(201);
    const id = sold.data.sale.id;
    const written = await rowOf(id);
    const paid = await api.call(
      ENDPOINTS.sales.recordPayment,
      { business_id: ceo.businessId, sale_id: id, amount: '1.00', method: 'cash' },
      { token: ceo.token },
    );
    expect(paid.status).toBe(201);
    expect(await rowOf(id)).toEqual(written);
    const cancelled = await api.call(
      ENDPOINTS.sales.cancelSale,
      { business_id: ceo.businessId, id, reason: 'Wrong customer', refund_amount: '1.00' },
      { token: ceo.token },
    );
    expect(cancelled.status).toBe(200);
    expect(await rowOf(id)).toEqual(written);
    // A cancelled sale stays in the history, and in its search.
    expect(await search('kola nut tin')).toEqual(only(id));
    expect(await drift()).toEqual([]);
  });

  it("follows a sale's customer renamed and its time moved, and a line renamed, moved or deleted", async () => {
    const lamp = await createProduct(t, ceo, { product_name: 'Brass Lamp' });
    const comb = await createProduct(t, ceo, { product_name: 'Horn Comb' });
    const older = await insertSale(t, ceo.businessId, {
      lines: [
        { product: lamp, quantity: 1, unitPrice: '10.00' },
        { product: comb, quantity: 1, unitPrice: '10.00' },
      ],
      customerName: 'Tunde Bakare',
      createdAt: hoursAgo(5),
    });
    const newer = await insertSale(t, ceo.businessId, {
      lines: [{ product: lamp, quantity: 1, unitPrice: '10.00' }],
      customerName: 'Tunde Bakare',
      createdAt: hoursAgo(1),
    });
    expect(await search('tunde bakare')).toEqual({ count: 2, ids: [newer.id, older.id] });
    expect(await search('horn comb')).toEqual(only(older.id));

    const pool = t.database.pool;
    // No use case rewrites these; the triggers are on the tables, so any writer is followed.
    await pool.query(`update sales set customer_name = 'Kemi Adeola' where business_id = $1 and id = $2`, [
      ceo.businessId,
      older.id,
    ]);
    expect(await search('tunde bakare')).toEqual(only(newer.id));
    expect(await search('kemi adeola')).toEqual(only(older.id));
    await pool.query(`update sales set created_at = now() where business_id = $1 and id = $2`, [
      ceo.businessId,
      older.id,
    ]);
    expect((await search('brass lamp')).ids).toEqual([older.id, newer.id]);
    expect(await drift()).toEqual([]);

    await pool.query(
      `update sale_lines set product_name = 'Ebony Comb' where business_id = $1 and sale_id = $2 and product_id = $3`,
      [ceo.businessId, older.id, comb.id],
    );
    expect(await search('horn comb')).toEqual(none);
    expect(await search('ebony comb')).toEqual(only(older.id));
    // The line moved to the other sale: both rows follow.
    await pool.query(`update sale_lines set sale_id = $3 where business_id = $1 and sale_id = $2 and product_id = $4`, [
      ceo.businessId,
      older.id,
      newer.id,
      comb.id,
    ]);
    expect(await search('ebony comb')).toEqual(only(newer.id));
    expect(await drift()).toEqual([]);
    await pool.query(`delete from sale_lines where business_id = $1 and sale_id = $2 and product_id = $3`, [
      ceo.businessId,
      newer.id,
      comb.id,
    ]);
    expect(await search('ebony comb')).toEqual(none);
    expect((await search('brass lamp')).count).toBe(2);
    expect(await drift()).toEqual([]);
  });

  it('loses a deleted sale and a deleted business, and nothing of another business', async () => {
    const product = await createProduct(t, ceo, { product_name: 'Cedar Stool' });
    const sale = await insertSale(t, ceo.businessId, {
      lines: [{ product, quantity: 1, unitPrice: '1.00' }],
      customerName: 'Cedar Buyer',
    });
    expect(await search('cedar stool')).toEqual(only(sale.id));
    await t.database.pool.query('delete from sales where business_id = $1 and id = $2', [ceo.businessId, sale.id]);
    expect(await search('cedar stool')).toEqual(none);
    expect(await rowOf(sale.id)).toBeUndefined();
    expect(await drift()).toEqual([]);

    const second = await api.call(ENDPOINTS.businesses.createBusiness, { name: 'Closing Down' }, { token: ceo.token });
    expect(second.status).toBe(201);
    const doomed = { ...ceo, businessId: second.data.id };
    const theirs = await createProduct(t, doomed, { product_name: 'Cedar Stool' });
    await insertSale(t, doomed.businessId, { lines: [{ product: theirs, quantity: 1, unitPrice: '1.00' }] });
    const kept = await createProduct(t, other, { product_name: 'Cedar Stool' });
    const keptSale = await insertSale(t, other.businessId, {
      lines: [{ product: kept, quantity: 1, unitPrice: '1.00' }],
    });
    expect((await search('cedar stool', doomed)).count).toBe(1);

    const answer = await api.call(ENDPOINTS.businesses.deleteBusiness, { id: doomed.businessId }, { token: ceo.token });
    expect(answer.status).toBe(200);
    const { rows } = await t.database.pool.query('select 1 from sale_search where business_id = $1', [
      doomed.businessId,
    ]);
    expect(rows).toEqual([]);
    expect(await search('cedar stool', other)).toEqual(only(keptSale.id));
    expect(await drift()).toEqual([]);
  });

  it("holds a sale and its lines written in one statement, whichever table's trigger runs first", async () => {
    // confirm-sale.ts writes a sale and its lines in one statement; PostgreSQL does not say in which order the
    // two tables' statement triggers then fire. Each writes the row whole, so either order ends the same.
    const product = await createProduct(t, other, { product_name: 'Either Way Yam' });
    const pool = t.database.pool;
    const { rows } = await pool.query<{ a: string; b: string }>(
      `select nextval(pg_get_serial_sequence('sales', 'id')) as a, nextval(pg_get_serial_sequence('sales', 'id')) as b`,
    );
    const [a, b] = [Number(rows[0]!.a), Number(rows[0]!.b)];
    const sale = (id: number) =>
      `insert into sales (business_id, id, total_cart_amount, customer_name, created_by_name)
       overriding system value values ($1, ${id}, 0, 'Either Way Buyer', 'Clerk')`;
    const line = (id: number) =>
      `insert into sale_lines (business_id, sale_id, product_id, product_name, sku, quantity, unit_price, line_total)
       values ($1, ${id}, $2, 'Either Way Yam', 'SKU', 1, 0, 0)`;
    await pool.query(`with s as (${sale(a)} returning id) ${line(a)}`, [other.businessId, product.id]);
    await pool.query(`with l as (${line(b)} returning id) ${sale(b)}`, [other.businessId, product.id]);
    expect(await rowOf(a, other)).toMatchObject({ names: 'either way buyer\neither way yam' });
    expect(await rowOf(b, other)).toMatchObject({ names: 'either way buyer\neither way yam' });
    expect(await search('either way yam', other)).toEqual({ count: 2, ids: [b, a] });
    expect(await drift()).toEqual([]);
  });

  it("follows writes in bulk: the bench generator's sales, then their lines, each one INSERT … SELECT", async () => {
    const product = await createProduct(t, other, { product_name: 'Bulk Gari' });
    const pool = t.database.pool;
    await pool.query(
      `insert into sales (business_id, total_cart_amount, customer_name, created_by_name, created_at)
       select $1, 0, 'Bulk Buyer ' || n, 'Bench', now() - make_interval(mins => n) from generate_series(1, 200) as n`,
      [other.businessId],
    );
    // Sales without lines yet: their customers' names alone.
    expect((await search('bulk buyer', other)).count).toBe(200);
    expect((await search('bulk gari', other)).count).toBe(0);
    expect(await drift()).toEqual([]);
    await pool.query(
      `insert into sale_lines (business_id, sale_id, product_id, product_name, sku, quantity, unit_price, line_total)
       select s.business_id, s.id, $2, 'Bulk Gari ' || n, 'SKU', 1, 0, 0
       from sales s cross join generate_series(1, 1 + s.id % 3) as n
       where s.business_id = $1 and s.customer_name like 'Bulk Buyer %'`,
      [other.businessId, product.id],
    );
    expect((await search('bulk gari', other)).count).toBe(200);
    expect((await search('bulk gari 3', other)).count).toBeGreaterThan(0);
    expect(await drift()).toEqual([]);
  });
});
