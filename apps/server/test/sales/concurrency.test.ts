import { ENDPOINTS } from '@oja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cart_items, carts, sale_lines, sales, stock_movements } from '../../src/db/schema';
import {
  batchQuantities,
  confirm,
  createCart,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
} from '../factories';
import { lockWaiters } from '../lock-waiters';
import { useShop } from '../shop';

// More connections than requests in flight, so that they really run at the same time.
const shop = useShop({ poolSize: 40 });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('30 confirmations at once asking for more than the stock', () => {
  it('never sells more than there is, and every sale and refusal is whole', async () => {
    const beans = await createProduct(shop.t, shop.ceo, {
      batches: [
        { quantity: 12, expiration_date: lagosDay(30) },
        { quantity: 8, expiration_date: lagosDay(3) },
      ],
    });
    const sugar = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 15 }] });
    const seller = await memberLoggedIn(shop.t, shop.ceo.businessId, 'sales_person');

    // Beans are asked for 60 times over (stock 20), sugar 30 (stock 15); half the carts want both.
    const cartSpecs = Array.from({ length: 30 }, (_, index) => {
      const items = [{ product_id: beans.id, quantity: (index % 3) + 1 }];
      if (index % 2 === 0) items.unshift({ product_id: sugar.id, quantity: 2 });
      return items;
    });
    const cartList = [];
    for (const items of cartSpecs) cartList.push(await createCart(shop.t, shop.ceo, items));

    const answers = await Promise.all(
      cartList.map((cart, index) =>
        confirm(shop.t, index % 2 ? seller : shop.ceo, cart.id, { payment_status: 'paid' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const soldCarts = cartList.filter((_, index) => statuses[index] === 201);
    const refusedCarts = cartList.filter((_, index) => statuses[index] === 409);
    expect(soldCarts.length).toBeGreaterThan(0);
    expect(refusedCarts.length).toBeGreaterThan(0);

    for (const product of [beans, sugar]) {
      const initial = product === beans ? 20 : 15;
      const left = sum(await batchQuantities(shop.t, product.id));
      const [sold] = await shop.t.db
        .select({ value: sql<number>`coalesce(sum(${sale_lines.quantity}), 0)::int` })
        .from(sale_lines)
        .where(eq(sale_lines.product_id, product.id));
      const [moved] = await shop.t.db
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

    const saleRows = await shop.t.db.select().from(sales).where(eq(sales.business_id, shop.ceo.businessId));
    expect(saleRows).toHaveLength(soldCarts.length);
    for (const sale of saleRows) {
      const [lines] = await shop.t.db
        .select({ value: sql<number>`sum(${sale_lines.quantity})::int` })
        .from(sale_lines)
        .where(eq(sale_lines.sale_id, sale.id));
      const [movements] = await shop.t.db
        .select({ value: sql<number>`sum(${stock_movements.delta})::int` })
        .from(stock_movements)
        .where(eq(stock_movements.sale_id, sale.id));
      expect(lines?.value).toBeGreaterThan(0);
      expect(movements?.value).toBe(-(lines?.value ?? 0));
    }

    const remaining = await shop.t.db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.business_id, shop.ceo.businessId));
    expect(remaining.map((row) => row.id).sort()).toEqual(refusedCarts.map((cart) => cart.id).sort());
    const refusedItems = await shop.t.db
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
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });
});

describe('a product deleted while its sale is being confirmed', () => {
  it('waits for the sale, then archives the product instead of erasing it', async () => {
    const product = await createProduct(shop.t, shop.ceo, { batches: [{ quantity: 5 }] });
    const cart = await createCart(shop.t, shop.ceo, [{ product_id: product.id, quantity: 2 }]);

    // Another request holds the product's batches, so the confirmation stops in the middle.
    const holder = await shop.t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from product_batches where product_id = $1 for update', [product.id]);
      const sold = confirm(shop.t, shop.ceo, cart.id);
      await lockWaiters(shop.t.db, 1);
      const deleted = shop.api.call(
        ENDPOINTS.stock.deleteProduct,
        { id: product.id, business_id: shop.ceo.businessId },
        { token: shop.ceo.token },
      );
      await lockWaiters(shop.t.db, 2);
      await holder.query('commit');

      expect((await sold).status).toBe(201);
      const deletion = await deleted;
      expect(deletion.status).toBe(200);
      expect(deletion.data).toEqual({ id: product.id, archived: true });
    } finally {
      holder.release();
    }
    expect(await batchQuantities(shop.t, product.id)).toEqual([3]);
    expect(await ledgerMismatches(shop.t, shop.ceo.businessId)).toEqual([]);
  });
});
