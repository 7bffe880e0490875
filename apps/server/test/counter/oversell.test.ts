import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product_batches, sale_lines, sales, stock_shortfalls } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import {
  batchQuantities,
  counterSaleBody,
  createProduct,
  lagosDay,
  ledgerMismatches,
  memberLoggedIn,
  type Owner,
  registerDevice,
  sellAtCounter,
  signUpCeo,
} from '../factories';

let t: TestApp;
let shop: Owner;

beforeAll(async () => {
  // More connections than requests in flight, so that they really run at the same time.
  t = await createTestApp({ poolSize: 40 });
  shop = await signUpCeo(t);
});
afterAll(() => t.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('two phones that sold offline more than the shop had', () => {
  it('are both recorded in full: no batch below zero, the rest a shortfall, the ledger whole', async () => {
    const milk = await createProduct(t, shop, {
      batches: [
        { quantity: 5, expiration_date: lagosDay(20) },
        { quantity: 3, expiration_date: lagosDay(4) },
      ],
    });
    const bread = await createProduct(t, shop, { batches: [{ quantity: 4 }] });
    const clerk = await memberLoggedIn(t, shop.businessId, 'sales_person');
    const [ownerPhone, clerkPhone] = await Promise.all([registerDevice(t, shop), registerDevice(t, clerk)]);

    // 24 sales of milk (2 each: 48 sold of 8), half with bread too, its line first or last: the server's
    // lock order, not the clerk's, decides.
    const bodies = Array.from({ length: 24 }, (_, index) => {
      const [seller, phone] = index % 2 ? [clerk, clerkPhone] : [shop, ownerPhone];
      const lines = [{ product_id: milk.id, quantity: 2, unit_price: '100.00' }];
      if (index % 3 === 0) lines.push({ product_id: bread.id, quantity: 1, unit_price: '100.00' });
      if (index % 6 === 3) lines.reverse();
      return { seller, body: counterSaleBody(seller, phone, lines) };
    });
    const answers = await Promise.all(bodies.map(({ seller, body }) => sellAtCounter(t, seller, body)));
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 201));

    expect(await batchQuantities(t, milk.id)).toEqual([0, 0]);
    expect(await batchQuantities(t, bread.id)).toEqual([0]);
    const [negative] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(product_batches)
      .where(and(eq(product_batches.business_id, shop.businessId), sql`${product_batches.quantity} < 0`));
    expect(negative?.count).toBe(0);
    expect(await ledgerMismatches(t, shop.businessId)).toEqual([]);

    for (const [product, held, asked] of [
      [milk, 8, 48],
      [bread, 4, 8],
    ] as const) {
      const lines = await t.db
        .select({ batch_id: sale_lines.batch_id, quantity: sale_lines.quantity })
        .from(sale_lines)
        .where(and(eq(sale_lines.business_id, shop.businessId), eq(sale_lines.product_id, product.id)));
      // Every unit the clerks sold is on a sale line; those from batches are exactly what the batches held.
      expect(sum(lines.map((line) => line.quantity))).toBe(asked);
      expect(sum(lines.filter((line) => line.batch_id !== null).map((line) => line.quantity))).toBe(held);
      const shortfalls = await t.db
        .select({ quantity: stock_shortfalls.quantity, sale_id: stock_shortfalls.sale_id })
        .from(stock_shortfalls)
        .where(and(eq(stock_shortfalls.business_id, shop.businessId), eq(stock_shortfalls.product_id, product.id)));
      expect(sum(shortfalls.map((shortfall) => shortfall.quantity))).toBe(asked - held);
      // Each shortfall is the batchless line of its sale.
      expect(sum(lines.filter((line) => line.batch_id === null).map((line) => line.quantity))).toBe(asked - held);
    }
    // Each answer told its clerk what no batch held.
    const told = answers.flatMap((answer) => answer.data.shortfalls.map((shortfall) => shortfall.quantity));
    expect(sum(told)).toBe(48 - 8 + 8 - 4);
    const [count] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sales)
      .where(eq(sales.business_id, shop.businessId));
    expect(count?.count).toBe(24);
  });
});
