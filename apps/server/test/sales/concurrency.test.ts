import { ENDPOINTS } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart_items, carts, sale_lines, sales, stock_movements } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
  type Owner,
  signUpCeo,
} from '../factories';
import { type ApiClient, apiClient } from '../http';

let t: TestApp;
let api: ApiClient;
let shop: Owner;

beforeAll(async () => {
  // More connections than requests in flight, so that they really run at the same time.
  t = await createTestApp({ poolSize: 40 });
  api = apiClient(t.app);
  shop = await signUpCeo(t);
});
afterAll(() => t.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('30 confirmations at once asking for more than the stock', () => {
  it('never sells more than there is, and every sale and refusal is whole', async () => {
    const beans = await createProduct(t, shop, {
      batches: [
        { quantity: 12, expiration_date: lagosDay(30) },
        { quantity: 8, expiration_date: lagosDay(3) },
      ],
    });
    const sugar = await createProduct(t, shop, { batches: [{ quantity: 15 }] });
    const seller = await memberLoggedIn(t, shop.businessId, 'sales_person');

    // Beans are asked for 60 times over (stock 20), sugar 30 (stock 15); half the carts want both.
    const cartSpecs = Array.from({ length: 30 }, (_, index) => {
      const items = [{ product_id: beans.id, quantity: (index % 3) + 1 }];
      if (index % 2 === 0) items.unshift({ product_id: sugar.id, quantity: 2 });
      return items;
    });
    const cartList = [];
    for (const items of cartSpecs) cartList.push(await createCart(t, shop, items));

    const answers = await Promise.all(
      cartList.map((cart, index) => confirm(t, index % 2 ? seller : shop, cart.id, { payment_status: 'paid' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const soldCarts = cartList.filter((_, index) => statuses[index] === 201);
    const refusedCarts = cartList.filter((_, index) => statuses[index] === 409);
    expect(soldCarts.length).toBeGreaterThan(0);
    expect(refusedCarts.length).toBeGreaterThan(0);

    for (const product of [beans, sugar]) {
      const initial = product === beans ? 20 : 15;
      const left = sum(await batchQuantities(t, product.id));
      const [sold] = await t.db
        .select({ value: sql<number>`coalesce(sum(${sale_lines.quantity}), 0)::int` })
        .from(sale_lines)
        .where(eq(sale_lines.product_id, product.id));
      const [moved] = await t.db
        .select({ value: sql<number>`coalesce(sum(${stock_movements.delta}), 0)::int` })
        .from(stock_movements)
        .where(and(eq(stock_movements.product_id, product.id), eq(stock_movements.reason, 'sale')));
      expect(left).toBeGreaterThanOrEqual(0);
      expect(sold?.value).toBe(initial - left);
      expect(moved?.value).toBe(-(initial - left));
      // What the confirmed carts asked for is exactly what was sold.
      const asked = sum(
        soldCarts.flatMap((cart) =>
          cart.items.filter((item) => item.product_id === product.id).map((item) => item.quantity),
        ),
      );
      expect(sold?.value).toBe(asked);
    }

    const saleRows = await t.db.select().from(sales).where(eq(sales.business_id, shop.businessId));
    expect(saleRows).toHaveLength(soldCarts.length);
    for (const sale of saleRows) {
      const [lines] = await t.db
        .select({ value: sql<number>`sum(${sale_lines.quantity})::int` })
        .from(sale_lines)
        .where(eq(sale_lines.sale_id, sale.id));
      const [movements] = await t.db
        .select({ value: sql<number>`sum(${stock_movements.delta})::int` })
        .from(stock_movements)
        .where(eq(stock_movements.sale_id, sale.id));
      expect(lines?.value).toBeGreaterThan(0);
      expect(movements?.value).toBe(-(lines?.value ?? 0));
    }

    const remaining = await t.db.select({ id: carts.id }).from(carts).where(eq(carts.business_id, shop.businessId));
    expect(remaining.map((row) => row.id).sort()).toEqual(refusedCarts.map((cart) => cart.id).sort());
    const refusedItems = await t.db
      .select({ cart_id: cart_items.cart_id, quantity: cart_items.quantity })
      .from(cart_items)
      .where(
        inArray(
          cart_items.cart_id,
          refusedCarts.map((cart) => cart.id),
        ),
      );
    expect(sum(refusedItems.map((item) => item.quantity))).toBe(
      sum(refusedCarts.flatMap((cart) => cart.items.map((item) => item.quantity))),
    );
    expect(await ledgerMismatches(t, shop.businessId)).toEqual([]);
  });
});

describe('a product deleted while its sale is being confirmed', () => {
  /** Waits until `count` backends of this test's database are waiting on a lock. */
  async function lockWaiters(count: number) {
    for (let tries = 0; tries < 200; tries++) {
      const result = await t.db.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((result.rows[0]?.waiting ?? 0) >= count) return;
      await new Promise((done) => setTimeout(done, 25));
    }
    throw new Error(`Fewer than ${count} requests ever waited on a lock.`);
  }

  it('waits for the sale, then archives the product instead of erasing it', async () => {
    const product = await createProduct(t, shop, { batches: [{ quantity: 5 }] });
    const cart = await createCart(t, shop, [{ product_id: product.id, quantity: 2 }]);

    // Another request holds the product's batches, so the confirmation stops in the middle.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from product_batches where product_id = $1 for update', [product.id]);
      const sold = confirm(t, shop, cart.id);
      await lockWaiters(1);
      const deleted = api.call(
        ENDPOINTS.stock.deleteProduct,
        { id: product.id, business_id: shop.businessId },
        { token: shop.token },
      );
      await lockWaiters(2);
      await holder.query('commit');

      expect((await sold).status).toBe(201);
      const deletion = await deleted;
      expect(deletion.status).toBe(200);
      expect(deletion.data).toEqual({ id: product.id, archived: true });
    } finally {
      holder.release();
    }
    expect(await batchQuantities(t, product.id)).toEqual([3]);
    expect(await ledgerMismatches(t, shop.businessId)).toEqual([]);
  });
});
