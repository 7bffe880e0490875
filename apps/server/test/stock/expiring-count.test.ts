import { ENDPOINTS } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirm, createCart, createProduct, lagosDay, signUpCeo } from '../factories';
import { useShop } from '../shop';

/**
 * The inventory's Expiring Soon filter counts from the batches (list-products.ts, expiringCount): the distinct
 * products of the batches with units expiring from today to `days` on, less the archived ones. Its count and every
 * page must be the rule's: the live products with such a batch, each once, newest first.
 */
const shop = useShop();

beforeAll(async () => {
  const other = await signUpCeo(shop.t);
  // Another business's product expiring tomorrow: never this shop's.
  await createProduct(shop.t, other, { batches: [{ quantity: 3, expiration_date: lagosDay(1) }] });

  // 30 products expiring on days spread over two months, some with a second batch in the same range.
  for (let i = 0; i < 30; i++) {
    await createProduct(shop.t, shop.ceo, {
      product_name: `Dated ${i}`,
      batches: [
        { quantity: 1 + (i % 4), expiration_date: lagosDay((i * 2) % 61) },
        ...(i % 3 === 0 ? [{ quantity: 2, expiration_date: lagosDay((i * 2 + 1) % 61) }] : []),
      ],
    });
  }
  // Expired yesterday, and no expiry: not expiring soon.
  await createProduct(shop.t, shop.ceo, {
    product_name: 'Gone Milk',
    batches: [{ quantity: 4, expiration_date: lagosDay(-1) }],
  });
  await createProduct(shop.t, shop.ceo, { product_name: 'Salt', batches: [{ quantity: 4 }] });
  // Its batch expiring in five days sold out (the soonest is taken first); its other batch has no expiry.
  const soldOut = await createProduct(shop.t, shop.ceo, {
    product_name: 'Sold Out Soon',
    batches: [
      { quantity: 1, expiration_date: lagosDay(5) },
      { quantity: 5, expiration_date: null },
    ],
  });
  expect(
    (
      await confirm(
        shop.t,
        shop.ceo,
        (
          await createCart(shop.t, shop.ceo, [{ product_id: soldOut.id, quantity: 1 }])
        ).id,
      )
    ).status,
  ).toBe(201);
  // Archived with units expiring in three days: deleted after a sale, so it stays as history.
  const archived = await createProduct(shop.t, shop.ceo, {
    product_name: 'Archived Cream',
    batches: [{ quantity: 6, expiration_date: lagosDay(3) }],
  });
  expect(
    (
      await confirm(
        shop.t,
        shop.ceo,
        (
          await createCart(shop.t, shop.ceo, [{ product_id: archived.id, quantity: 1 }])
        ).id,
      )
    ).status,
  ).toBe(201);
  const deleted = await shop.api.call(
    ENDPOINTS.stock.deleteProduct,
    { business_id: shop.ceo.businessId, id: archived.id },
    { token: shop.ceo.token },
  );
  expect(deleted.status).toBe(200);
  // Archived, with its units in the range still there: what the count must leave out.
  const { rows } = await shop.t.db.execute<{ archived: boolean; units: number }>(sql`
    select p.archived_at is not null as archived, sum(b.quantity)::int as units
    from products p join product_batches b on b.business_id = p.business_id and b.product_id = p.id
    where p.business_id = ${shop.ceo.businessId} and p.id = ${archived.id} group by p.archived_at`);
  expect(rows).toEqual([{ archived: true, units: 5 }]);
});

/** The filter's rule, straight from the batches: live products with units expiring within `days`, newest first. */
async function expiringIds(days: number): Promise<number[]> {
  const { rows } = await shop.t.db.execute<{ id: number }>(sql`
    select p.id::int as id from products p
    where p.business_id = ${shop.ceo.businessId} and p.archived_at is null
      and exists (select 1 from product_batches b where b.business_id = p.business_id and b.product_id = p.id
        and b.quantity > 0
        and b.expiration_date between (now() at time zone 'Africa/Lagos')::date
          and (now() at time zone 'Africa/Lagos')::date + ${days}::int)
    order by p.created_at desc, p.id desc`);
  return rows.map((row) => row.id);
}

describe('the Expiring Soon filter', () => {
  for (const days of [1, 7, 30, 60]) {
    it(`counts and pages the products expiring within ${days} days by the rule`, async () => {
      const ids = await expiringIds(days);
      expect(ids.length).toBeGreaterThan(0);
      const pages = Math.ceil(ids.length / 20);
      for (let page = 1; page <= pages; page++) {
        const listed = await shop.api.call(
          ENDPOINTS.stock.listProducts,
          { business_id: shop.ceo.businessId, expiring: 'soon', days, page },
          { token: shop.ceo.token },
        );
        expect(listed.status).toBe(200);
        expect(listed.data.count).toBe(ids.length);
        expect(listed.data.results.map((product) => product.id)).toEqual(ids.slice((page - 1) * 20, page * 20));
      }
    });
  }

  it('pages past twenty, and leaves out the archived, the sold out and the expired', async () => {
    const names: string[] = [];
    let count = 0;
    for (let page = 1; page === 1 || names.length < count; page++) {
      const listed = await shop.api.call(
        ENDPOINTS.stock.listProducts,
        { business_id: shop.ceo.businessId, expiring: 'soon', days: 60, page },
        { token: shop.ceo.token },
      );
      expect(listed.status).toBe(200);
      count = listed.data.count;
      if (listed.data.results.length === 0) break;
      names.push(...listed.data.results.map((product) => product.product_name));
    }
    expect(count).toBeGreaterThan(20);
    expect(names).toHaveLength(count);
    for (const name of ['Archived Cream', 'Sold Out Soon', 'Gone Milk', 'Salt']) expect(names).not.toContain(name);
  });
});
