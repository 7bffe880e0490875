import { ENDPOINTS, type LowStockItem, type Product } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lowStock } from '../../src/modules/reports/stock-figures';
import { confirm, createCart, createProduct, lagosDay, type Owner, signUpCeo } from '../factories';
import { useShop } from '../shop';

/**
 * product_stock (migration 0035) must hold each product's units sellable as of its row's day after every kind of
 * write, whoever makes it, with a drops_on never after the first expiry that would end some of them, and the
 * product's liveness, reorder level and name; and the low stock read from it (the overview, the report) must be
 * the rule's own answer, summed from the batches, however stale its rows (a batch expired since they were counted).
 */
const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

type Mismatch = Record<string, unknown>;

/** Today's Lagos day, as the app counts it. */
const today = sql`(now() at time zone 'Africa/Lagos')::date`;

/**
 * The rows that break product_stock's rule, for every product of every business: a missing or extra row, units
 * other than its batches' as of the row's day, a drops_on after the first such expiry, or a copied column that
 * differs from the product's. Must always be none.
 */
async function mismatches(): Promise<Mismatch[]> {
  const { rows } = await shop.t.db.execute<Mismatch>(sql`
    with truth as (
      select p.business_id, p.id as product_id, p.archived_at is null as live, p.reorder_level, p.product_name,
        s.as_of, s.sellable, s.drops_on,
        coalesce((select sum(b.quantity) from product_batches b where b.business_id = p.business_id
          and b.product_id = p.id and b.quantity > 0 and (b.expiration_date is null or b.expiration_date >= s.as_of)), 0)
          as units,
        (select min(b.expiration_date) from product_batches b where b.business_id = p.business_id
          and b.product_id = p.id and b.quantity > 0 and b.expiration_date >= s.as_of) as first_expiry,
        s.live as kept_live, s.reorder_level as kept_level, s.product_name as kept_name
      from products p
      left join product_stock s on s.business_id = p.business_id and s.product_id = p.id
    )
    select * from truth
    where as_of is null or sellable <> units or (first_expiry is not null and (drops_on is null or drops_on > first_expiry))
      or kept_live <> live or kept_level is distinct from reorder_level or kept_name <> product_name
    union all
    select s.business_id, s.product_id, null, null, null, s.as_of, s.sellable, s.drops_on, null, null, null, null, null
    from product_stock s where not exists (select 1 from products p where p.business_id = s.business_id and p.id = s.product_id)`);
  return rows;
}

/** The low stock by its rule, summed from the batches: live products with a level, below it, furthest first. */
async function lowStockByRule(businessId: number, limit: number): Promise<LowStockItem[]> {
  const { rows } = await shop.t.db.execute<LowStockItem>(sql`
    select p.id::int as product_id, p.product_name, p.sku, p.reorder_level, q.units::int as quantity_in_stock
    from products p
    cross join lateral (select coalesce(sum(b.quantity), 0) as units from product_batches b
      where b.business_id = p.business_id and b.product_id = p.id and b.quantity > 0
        and (b.expiration_date is null or b.expiration_date >= ${today})) q
    where p.business_id = ${businessId} and p.archived_at is null and p.reorder_level is not null
      and q.units < p.reorder_level
    order by q.units - p.reorder_level, p.product_name, p.id
    limit ${limit}`);
  return rows;
}

/** The ids of the live products below their level by the rule, newest first (the inventory's order). */
async function lowStockIdsNewestFirst(businessId: number, namePattern = '%'): Promise<number[]> {
  const { rows } = await shop.t.db.execute<{ id: number }>(sql`
    select p.id::int as id from products p
    where p.business_id = ${businessId} and p.archived_at is null and p.reorder_level is not null
      and lower(p.product_name) like ${namePattern}
      and coalesce((select sum(b.quantity) from product_batches b where b.business_id = p.business_id
        and b.product_id = p.id and b.quantity > 0
        and (b.expiration_date is null or b.expiration_date >= ${today})), 0) < p.reorder_level
    order by p.created_at desc, p.id desc`);
  return rows.map((row) => row.id);
}

/** The ids of the live products with sellable units (or with none), by the rule, newest first. */
async function stockedIdsNewestFirst(businessId: number, stocked: boolean): Promise<number[]> {
  const { rows } = await shop.t.db.execute<{ id: number }>(sql`
    select p.id::int as id from products p
    where p.business_id = ${businessId} and p.archived_at is null
      and exists (select 1 from product_batches b where b.business_id = p.business_id and b.product_id = p.id
        and b.quantity > 0 and (b.expiration_date is null or b.expiration_date >= ${today})) = ${stocked}
    order by p.created_at desc, p.id desc`);
  return rows.map((row) => row.id);
}

/**
 * The shop's rows counted as of ten days ago, as if nothing had been written since: their batches that expired in
 * between still count there, and their drops_on has passed. Such rows must still be exact for their day, and some
 * of them stale today.
 */
async function countAsOfTenDaysAgo() {
  await shop.t.db.execute(sql`
    update product_stock s set as_of = ${today} - 10,
      sellable = coalesce((select sum(b.quantity) from product_batches b where b.business_id = s.business_id
        and b.product_id = s.product_id and b.quantity > 0
        and (b.expiration_date is null or b.expiration_date >= ${today} - 10)), 0),
      drops_on = (select min(b.expiration_date) from product_batches b where b.business_id = s.business_id
        and b.product_id = s.product_id and b.quantity > 0 and b.expiration_date >= ${today} - 10)
    where s.business_id = ${shop.ceo.businessId}`);
  expect(await mismatches()).toEqual([]);
  const { rows: stale } = await shop.t.db.execute(sql`
    select 1 from product_stock where business_id = ${shop.ceo.businessId} and drops_on < ${today}`);
  expect(stale.length).toBeGreaterThan(0);
}

const batchOf = (product: Product, number: string) => {
  const batch = product.batches.find((b) => b.batch_number === number);
  if (!batch) throw new Error(`No batch ${number}`);
  return batch;
};

describe('product_stock', () => {
  let yoghurt: Product;
  let rice: Product;

  it('holds each product from its creation, with its batches', async () => {
    yoghurt = await createProduct(shop.t, shop.ceo, {
      product_name: 'Kept Yoghurt',
      reorder_level: 20,
      batches: [
        { batch_number: 'NONE', quantity: 5 },
        { batch_number: 'SOON', quantity: 3, expiration_date: lagosDay(3) },
        { batch_number: 'TODAY', quantity: 2, expiration_date: lagosDay(0) },
        { batch_number: 'OLD', quantity: 4, expiration_date: lagosDay(-2) },
      ],
    });
    rice = await createProduct(shop.t, shop.ceo, {
      product_name: 'Kept Rice',
      batches: [{ batch_number: 'R-1', quantity: 40 }],
    });
    await createProduct(shop.t, other, {
      product_name: 'Other Beans',
      reorder_level: 3,
      batches: [{ batch_number: 'OB-1', quantity: 1 }],
    });
    expect(await mismatches()).toEqual([]);
    const [row] = (
      await shop.t.db.execute<{ sellable: string; drops_on: string }>(sql`
        select trim_scale(sellable)::text as sellable, drops_on::text from product_stock where business_id = ${shop.ceo.businessId} and product_id = ${yoghurt.id}`)
    ).rows;
    // No expiry, expiring in three days and today count; two days ago does not. The first to end: today's.
    expect(row).toEqual({ sellable: '10', drops_on: lagosDay(0) });
  });

  it('follows receipts, adjustments, stock updates, sales and their cancellation', async () => {
    const receive = await shop.api.call(
      ENDPOINTS.stock.receiveBatch,
      {
        business_id: shop.ceo.businessId,
        product_id: yoghurt.id,
        batch_number: 'LATER',
        quantity: 7,
        expiration_date: lagosDay(30),
      },
      { token: shop.ceo.token },
    );
    expect(receive.status).toBe(201);
    expect(await mismatches()).toEqual([]);
    const adjust = await shop.api.call(
      ENDPOINTS.stock.adjustBatch,
      {
        business_id: shop.ceo.businessId,
        product_id: yoghurt.id,
        batch_id: batchOf(yoghurt, 'NONE').id,
        delta: -2,
        reason: 'damage',
      },
      { token: shop.ceo.token },
    );
    expect(adjust.status).toBe(200);
    const update = await shop.api.call(
      ENDPOINTS.stock.updateStock,
      { business_id: shop.ceo.businessId, product_id: rice.id, quantity: 5 },
      { token: shop.ceo.token },
    );
    expect(update.status).toBe(200);
    expect(await mismatches()).toEqual([]);
    const cart = await createCart(shop.t, shop.ceo, [
      { product_id: yoghurt.id, quantity: 4 },
      { product_id: rice.id, quantity: 10 },
    ]);
    const sold = await confirm(shop.t, shop.ceo, cart.id);
    expect(sold.status).toBe(201);
    expect(await mismatches()).toEqual([]);
    const cancel = await shop.api.call(
      ENDPOINTS.sales.cancelSale,
      {
        business_id: shop.ceo.businessId,
        id: sold.data.sale.id,
        reason: 'Wrong items',
        refund_amount: sold.data.sale.amount_paid,
      },
      { token: shop.ceo.token },
    );
    expect(cancel.status).toBe(200);
    expect(await mismatches()).toEqual([]);
  });

  it('stays exact under concurrent sales and receipts of one product', async () => {
    const flour = await createProduct(shop.t, shop.ceo, {
      product_name: 'Kept Flour',
      reorder_level: 5,
      batches: [
        { batch_number: 'F-1', quantity: 6, expiration_date: lagosDay(2) },
        { batch_number: 'F-2', quantity: 20 },
      ],
    });
    const carts = await Promise.all(
      Array.from({ length: 12 }, () => createCart(shop.t, shop.ceo, [{ product_id: flour.id, quantity: 2 }])),
    );
    const answers = await Promise.all([
      ...carts.map((cart) => confirm(shop.t, shop.ceo, cart.id)),
      ...[1, 2, 3].map((n) =>
        shop.api.call(
          ENDPOINTS.stock.receiveBatch,
          { business_id: shop.ceo.businessId, product_id: flour.id, batch_number: `F-R${n}`, quantity: n },
          { token: shop.ceo.token },
        ),
      ),
    ]);
    // 26 units and 6 received: twelve sales of two, all made.
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(12).fill(201), 201, 201, 201].sort());
    expect(await mismatches()).toEqual([]);
    const { rows } = await shop.t.db.execute<{ sellable: string }>(sql`
      select trim_scale(sellable)::text as sellable from product_stock where business_id = ${shop.ceo.businessId} and product_id = ${flour.id}`);
    expect(rows).toEqual([{ sellable: String(26 + 6 - 24) }]);
  });

  it("follows the product's name, level and archiving, and goes with the product", async () => {
    const renamed = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { business_id: shop.ceo.businessId, id: rice.id, product_name: 'Kept Rice 50kg', reorder_level: 100 },
      { token: shop.ceo.token },
    );
    expect(renamed.status).toBe(200);
    expect(await mismatches()).toEqual([]);
    // Rice has a sale (cancelled, still history): deleting it archives it.
    const archived = await shop.api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: shop.ceo.businessId, id: rice.id },
      { token: shop.ceo.token },
    );
    expect(archived.status).toBe(200);
    const bare = await createProduct(shop.t, shop.ceo, {
      product_name: 'Kept Salt',
      batches: [{ batch_number: 'S-1', quantity: 1 }],
    });
    const deleted = await shop.api.call(
      ENDPOINTS.stock.deleteProduct,
      { business_id: shop.ceo.businessId, id: bare.id },
      { token: shop.ceo.token },
    );
    expect(deleted.status).toBe(200);
    expect(await mismatches()).toEqual([]);
  });

  it('follows writes made in bulk, by hand', async () => {
    await shop.t.db.execute(sql`
      with made as (
        insert into products (business_id, product_name, sku, cost_price, selling_price, reorder_level)
        select ${shop.ceo.businessId}, 'Bulk ' || i, 'BULK-' || i, 10, 12, case when i % 2 = 0 then 9 end
        from generate_series(1, 40) i
        returning business_id, id
      )
      insert into product_batches (business_id, product_id, batch_number, quantity, expiration_date)
      select m.business_id, m.id, 'B-' || k, (m.id % 7)::int + k, case when k = 2 then ${today} + (m.id % 5)::int - 2 end
      from made m cross join generate_series(1, 2) k`);
    expect(await mismatches()).toEqual([]);
    await shop.t.db.execute(sql`
      update product_batches set quantity = quantity - 1, expiration_date = coalesce(expiration_date, ${today} + 9)
      where business_id = ${shop.ceo.businessId} and quantity > 2 and batch_number = 'B-1'`);
    await shop.t.db.execute(sql`
      delete from product_batches where business_id = ${shop.ceo.businessId} and batch_number = 'B-2' and quantity % 2 = 0`);
    expect(await mismatches()).toEqual([]);
  });

  it('answers In Stock and Out of Stock by their rule, also from rows a day behind', async () => {
    // Sold out since: its only batch expired three days ago, so its row counted ten days ago still holds units.
    const milk = await createProduct(shop.t, shop.ceo, {
      product_name: 'Kept Milk',
      batches: [{ batch_number: 'M-1', quantity: 4, expiration_date: lagosDay(-3) }],
    });
    // Sold out to the last unit.
    const salt = await createProduct(shop.t, shop.ceo, { product_name: 'Kept Sea Salt', batches: [{ quantity: 2 }] });
    expect(
      (await confirm(shop.t, shop.ceo, (await createCart(shop.t, shop.ceo, [{ product_id: salt.id, quantity: 2 }])).id))
        .status,
    ).toBe(201);
    await countAsOfTenDaysAgo();
    const { rows: milkRow } = await shop.t.db.execute<{ sellable: string }>(sql`
      select trim_scale(sellable)::text as sellable from product_stock where business_id = ${shop.ceo.businessId} and product_id = ${milk.id}`);
    expect(milkRow).toEqual([{ sellable: '4' }]);

    for (const stocked of [true, false]) {
      const stock = stocked ? 'in_stock' : 'out_of_stock';
      const ids = await stockedIdsNewestFirst(shop.ceo.businessId, stocked);
      expect(ids.length).toBeGreaterThan(stocked ? 20 : 1);
      const pages = Math.ceil(ids.length / 20);
      for (let page = 1; page <= pages; page++) {
        const listed = await shop.api.call(
          ENDPOINTS.stock.listProducts,
          { business_id: shop.ceo.businessId, stock, page },
          { token: shop.ceo.token },
        );
        expect(listed.status).toBe(200);
        expect(listed.data.count).toBe(ids.length);
        expect(listed.data.results.map((product) => product.id)).toEqual(ids.slice((page - 1) * 20, page * 20));
      }
    }
    expect(await stockedIdsNewestFirst(shop.ceo.businessId, false)).toEqual(expect.arrayContaining([milk.id, salt.id]));
  });

  it('answers the low stock of its rule, also from rows a day behind, and refreshes them on the overview', async () => {
    // Ties on the shortfall, told apart by name: three products of level 6 with 1 unit each.
    for (const name of ['Tie Charlie', 'Tie Alpha', 'Tie Bravo'])
      await createProduct(shop.t, shop.ceo, {
        product_name: name,
        reorder_level: 6,
        batches: [{ batch_number: 'T-1', quantity: 1 }],
      });
    await countAsOfTenDaysAgo();

    // The inventory's Low Stock filter, its count and its page (newest first), alone and with a search.
    const lowIds = await lowStockIdsNewestFirst(shop.ceo.businessId);
    const listed = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.businessId, stock: 'low_stock' },
      { token: shop.ceo.token },
    );
    expect(listed.status).toBe(200);
    expect(listed.data.count).toBe(lowIds.length);
    expect(listed.data.results.map((product) => product.id)).toEqual(lowIds.slice(0, 20));
    const searched = await shop.api.call(
      ENDPOINTS.stock.listProducts,
      { business_id: shop.ceo.businessId, stock: 'low_stock', search: 'bulk' },
      { token: shop.ceo.token },
    );
    expect(searched.status).toBe(200);
    const bulkIds = await lowStockIdsNewestFirst(shop.ceo.businessId, 'bulk%');
    expect(searched.data.count).toBe(bulkIds.length);
    expect(searched.data.results.map((product) => product.id)).toEqual(bulkIds.slice(0, 20));

    for (const limit of [1, 3, 5, 50]) {
      expect(await lowStock(shop.t.db, shop.ceo.businessId, limit)).toEqual(
        await lowStockByRule(shop.ceo.businessId, limit),
      );
    }
    expect((await lowStockByRule(shop.ceo.businessId, 50)).length).toBeGreaterThan(5);

    const overview = await shop.api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(overview.status).toBe(200);
    expect(overview.data.attention.low_stock).toEqual(await lowStockByRule(shop.ceo.businessId, 5));
    // The overview counted the stale rows again, as of today.
    const { rows: after } = await shop.t.db.execute(sql`
      select 1 from product_stock where business_id = ${shop.ceo.businessId} and drops_on < ${today}`);
    expect(after).toEqual([]);
    expect(await mismatches()).toEqual([]);
    expect(await lowStock(shop.t.db, shop.ceo.businessId, 50)).toEqual(await lowStockByRule(shop.ceo.businessId, 50));
  });

  it('goes with its business', async () => {
    const gone = await shop.api.call(
      ENDPOINTS.businesses.deleteBusiness,
      { id: other.businessId },
      { token: other.token },
    );
    expect(gone.status).toBe(200);
    const { rows } = await shop.t.db.execute(sql`select 1 from product_stock where business_id = ${other.businessId}`);
    expect(rows).toEqual([]);
  });
});
