import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertSale, lagosDay, type Owner, signUpCeo } from '../factories';
import { none, only, searched } from '../searched';
import { useShop } from '../shop';

/**
 * The product search reads product_search, a copy of the live products' lowered names and SKUs that
 * triggers on products keep (migration 0024; list-products.ts, searchedPage). A copy can drift from what
 * it copies: each write that changes what a search finds (a product created, renamed, moved in time,
 * archived, restored, deleted, its business deleted, rows written in bulk as the bench's generator does)
 * is followed here by searches that find exactly what they should, and by a comparison of the whole copy
 * with the live products it must equal.
 *
 * The search keeps its matches between requests while the business's search version holds (migration 0028,
 * list-products.ts), so each write here follows a search of the same words, whose matches were kept: the
 * search after it finds what the write changed only if the write raised the version.
 */

const shop = useShop();
let other: Owner;

beforeAll(async () => {
  other = await signUpCeo(shop.t);
});

type ListQuery = Partial<EndpointInput<typeof ENDPOINTS.stock.listProducts>>;

/** The search's answer through the API: its count and its page's ids, newest first. */
const search = (text: string, by: Owner = shop.ceo, query: ListQuery = {}) =>
  searched(shop.api, ENDPOINTS.stock.listProducts, { business_id: by.businessId, search: text, ...query }, by);

/**
 * Rows where product_search and the live products differ, in every business: a live product missing or
 * copied wrong, or a row left for a product that is archived or gone.
 */
async function drift() {
  const { rows } = await shop.t.database.pool.query(
    `select p.business_id as product_business, p.id, s.business_id as search_business, s.product_id
     from (select business_id, id, created_at, lower(product_name) as name_lower, lower(sku) as sku_lower,
             lower(barcode) as barcode_lower
           from products where archived_at is null) p
     full join product_search s on s.business_id = p.business_id and s.product_id = p.id
     where p.id is null or s.product_id is null
       or (p.created_at, p.name_lower, p.sku_lower, p.barcode_lower)
         is distinct from (s.created_at, s.name_lower, s.sku_lower, s.barcode_lower)`,
  );
  return rows;
}

/** The business's search version (product_counts.search_version). */
async function version(owner: Owner = shop.ceo): Promise<number> {
  const { rows } = await shop.t.database.pool.query<{ v: string }>(
    'select search_version as v from product_counts where business_id = $1',
    [owner.businessId],
  );
  return Number(rows[0]?.v ?? 0);
}

describe('product_search follows every write of products', () => {
  it('holds a created product: found by name and by SKU, lowered, in its own business only', async () => {
    expect(await search('quartz lantern ẹ̀kọ')).toEqual(none);
    const product = await createProduct(shop.t, shop.ceo, { product_name: 'Quartz Lantern Ẹ̀KỌ', sku: 'QLX-ṢỌ1' });
    expect(await search('quartz lantern ẹ̀kọ')).toEqual(only(product.id));
    expect(await search('QLX-ṣọ1')).toEqual(only(product.id));
    expect(await search('quartz', other)).toEqual(none);
    expect(await drift()).toEqual([]);
  });

  it('follows a rename of the name and the SKU, and keeps the two apart', async () => {
    const product = await createProduct(shop.t, shop.ceo, { product_name: 'Amber Flask', sku: 'ZQV-770' });
    // Name and SKU are two columns: no pattern matches across them, whatever would join them.
    expect(await search('flask zqv')).toEqual(none);
    expect(await search('flaskzqv')).toEqual(none);
    expect(await search('amber flask')).toEqual(only(product.id));
    expect(await search('cobalt kettle')).toEqual(none);
    const before = await version();

    const renamed = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: shop.ceo.businessId, product_name: 'Cobalt Kettle', sku: 'KTW-881' },
      { token: shop.ceo.token },
    );
    expect(renamed.status).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    expect(await search('cobalt kettle')).toEqual(only(product.id));
    expect(await search('ktw-881')).toEqual(only(product.id));
    expect(await search('amber flask')).toEqual(none);
    expect(await search('zqv-770')).toEqual(none);

    // An update of anything else leaves the search as it was, and its version too.
    const unchanged = await version();
    const repriced = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { id: product.id, business_id: shop.ceo.businessId, selling_price: '300.00' },
      { token: shop.ceo.token },
    );
    expect(repriced.status).toBe(200);
    expect(await version()).toBe(unchanged);
    expect(await search('cobalt kettle')).toEqual(only(product.id));
    expect(await drift()).toEqual([]);
  });

  it('follows a barcode given, changed and removed, and keeps it apart from the name and the SKU', async () => {
    const product = await createProduct(shop.t, shop.ceo, {
      product_name: 'Cobalt Kettle',
      sku: 'CKT-1',
      barcode: '6151100ABX',
    });
    expect(await search('6151100abx')).toEqual(only(product.id));
    expect(await search('kettle6151')).toEqual(none);
    const before = await version();
    const changed = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { business_id: shop.ceo.businessId, id: product.id, barcode: '6151100ABY' },
      { token: shop.ceo.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    expect(await search('6151100abx')).toEqual(none);
    expect(await search('6151100ABY')).toEqual(only(product.id));
    const removed = await shop.api.call(
      ENDPOINTS.stock.updateProduct,
      { business_id: shop.ceo.businessId, id: product.id, barcode: null },
      { token: shop.ceo.token },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await search('6151100ABY')).toEqual(none);
    expect(await drift()).toEqual([]);
  });

  it("orders by the product's created_at as it is now", async () => {
    const older = await createProduct(shop.t, shop.ceo, { product_name: 'Velvet Gourd One' });
    const newer = await createProduct(shop.t, shop.ceo, { product_name: 'Velvet Gourd Two' });
    expect((await search('velvet gourd')).ids).toEqual([newer.id, older.id]);
    await shop.t.database.pool.query(
      `update products set created_at = now() + interval '1 day' where business_id = $1 and id = $2`,
      [shop.ceo.businessId, older.id],
    );
    expect((await search('velvet gourd')).ids).toEqual([older.id, newer.id]);
    expect(await drift()).toEqual([]);
  });

  it('drops an archived product (a deleted product that was sold), and takes it back when restored', async () => {
    const product = await createProduct(shop.t, shop.ceo, { product_name: 'Saffron Ladle', sku: 'SFL-1' });
    await insertSale(shop.t, shop.ceo.businessId, { lines: [{ product, quantity: 1, unitPrice: '100.00' }] });
    expect(await search('saffron ladle')).toEqual(only(product.id));
    const deleted = await shop.api.call(
      ENDPOINTS.stock.deleteProduct,
      { id: product.id, business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(deleted.data).toEqual({ id: product.id, archived: true });
    expect(await search('saffron ladle')).toEqual(none);
    expect(await search('sfl-1')).toEqual(none);
    expect(await drift()).toEqual([]);

    // No use case restores a product yet; the trigger is on the table, so any writer is followed.
    await shop.t.database.pool.query(`update products set archived_at = null where business_id = $1 and id = $2`, [
      shop.ceo.businessId,
      product.id,
    ]);
    expect(await search('saffron ladle')).toEqual(only(product.id));
    expect(await drift()).toEqual([]);
  });

  it('loses a deleted product (never sold) through the cascade', async () => {
    const product = await createProduct(shop.t, shop.ceo, { product_name: 'Walnut Sieve' });
    expect(await search('walnut sieve')).toEqual(only(product.id));
    const deleted = await shop.api.call(
      ENDPOINTS.stock.deleteProduct,
      { id: product.id, business_id: shop.ceo.businessId },
      { token: shop.ceo.token },
    );
    expect(deleted.data).toEqual({ id: product.id, archived: false });
    expect(await search('walnut sieve')).toEqual(none);
    expect(await drift()).toEqual([]);
  });

  it("loses a deleted business's products, and nothing of another business", async () => {
    const second = await shop.api.call(
      ENDPOINTS.businesses.createBusiness,
      { name: 'Closing Down' },
      { token: shop.ceo.token },
    );
    expect(second.status).toBe(201);
    const doomed = { ...shop.ceo, businessId: second.data.id };
    await createProduct(shop.t, doomed, { product_name: 'Copper Whisk' });
    const kept = await createProduct(shop.t, other, { product_name: 'Copper Whisk' });
    expect((await search('copper whisk', doomed)).count).toBe(1);
    expect(await search('copper whisk', other)).toEqual(only(kept.id));
    const others = await version(other);

    const answer = await shop.api.call(
      ENDPOINTS.businesses.deleteBusiness,
      { id: doomed.businessId },
      { token: shop.ceo.token },
    );
    expect(answer.status).toBe(200);
    const { rows } = await shop.t.database.pool.query(`select 1 from product_search where business_id = $1`, [
      doomed.businessId,
    ]);
    expect(rows).toEqual([]);
    expect(await search('copper whisk', other)).toEqual(only(kept.id));
    expect(await version(other)).toBe(others);
    expect(await drift()).toEqual([]);
  });

  it('follows writes in bulk: one INSERT … SELECT as the bench generator makes, a bulk rename and archive', async () => {
    await shop.t.database.pool.query(
      `insert into products (business_id, product_name, sku, cost_price, selling_price, archived_at)
       select $1, 'Bulk Ọ̀ja ' || n, 'BLK-' || n, 1, 2, case when n % 10 = 0 then now() end
       from generate_series(1, 300) as n`,
      [other.businessId],
    );
    expect((await search('bulk ọ̀ja', other)).count).toBe(270);
    expect((await search('blk-', other)).count).toBe(270);
    expect(await drift()).toEqual([]);

    await shop.t.database.pool.query(
      `update products set product_name = 'Renamed ' || product_name, sku = replace(sku, 'BLK-', 'BLQ-'),
         archived_at = case when id % 3 = 0 then now() end
       where business_id = $1 and sku like 'BLK-%'`,
      [other.businessId],
    );
    const { rows } = await shop.t.database.pool.query<{ live: number }>(
      `select count(*)::int as live from products where business_id = $1 and sku like 'BLQ-%' and archived_at is null`,
      [other.businessId],
    );
    expect(rows[0]!.live).toBeGreaterThan(150);
    expect(await search('renamed bulk', other)).toMatchObject({ count: rows[0]!.live });
    expect(await search('bulk ọ̀ja', other)).toMatchObject({ count: rows[0]!.live });
    expect(await search('blq-', other)).toMatchObject({ count: rows[0]!.live });
    expect(await search('blk-', other)).toEqual(none);
    expect(await drift()).toEqual([]);
  });

  it('answers a search with stock filters: in and out of stock, low stock, expiring soon', async () => {
    const stocked = await createProduct(shop.t, shop.ceo, {
      product_name: 'Indigo Churn A',
      reorder_level: 2,
      batches: [{ quantity: 4, expiration_date: lagosDay(200) }],
    });
    const empty = await createProduct(shop.t, shop.ceo, { product_name: 'Indigo Churn B', batches: [{ quantity: 0 }] });
    const low = await createProduct(shop.t, shop.ceo, {
      product_name: 'Indigo Churn C',
      reorder_level: 5,
      batches: [{ quantity: 2, expiration_date: lagosDay(3) }],
    });
    expect(await search('indigo churn')).toEqual({ count: 3, ids: [low.id, empty.id, stocked.id] });
    expect(await search('indigo churn', shop.ceo, { stock: 'in_stock' })).toEqual({
      count: 2,
      ids: [low.id, stocked.id],
    });
    expect(await search('indigo churn', shop.ceo, { stock: 'out_of_stock' })).toEqual(only(empty.id));
    expect(await search('indigo churn', shop.ceo, { stock: 'low_stock' })).toEqual(only(low.id));
    expect(await search('indigo churn', shop.ceo, { expiring: 'soon' })).toEqual(only(low.id));
    expect(await search('indigo churn', other, { stock: 'in_stock' })).toEqual(none);
  });
});
