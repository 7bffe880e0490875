import { isBelowCost } from '@oja/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { belowCost, products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';

/**
 * The margin guard is written twice: in SQL (belowCost, db/schema/stock.ts), which the product answers'
 * is_below_cost, the overview's attention and products_below_cost_idx read, and in the contract's isBelowCost,
 * which the web computes on screen and the bulk change's preview on prices not yet written. These tests hold the
 * two to the same answer on prices at and around the edges (a price equal to the cost after its discount, 100%
 * off, a wholesale price of 0 or none) and on generated ones. A seeded run each time; FUZZ_RUNS and FUZZ_SEED
 * run more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261206);

type Prices = {
  cost_price: string;
  selling_price: string;
  selling_price_discount_percentage: string;
  wholesale_price: string | null;
  wholesale_price_discount_percentage: string;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The rows where belowCost (as the answers read it: null is false) and isBelowCost disagree. */
async function disagreements(rows: Prices[]) {
  const x = alias(products, 'x');
  const column = (name: keyof Prices) => sql`${sql.param(rows.map((row) => row[name]))}::numeric[]`;
  const { rows: found } = await t.db.execute<{ n: number; sql: boolean }>(
    sql`select x.n::int as n, (${belowCost(x)} is true) as sql
      from unnest(${column('cost_price')}, ${column('selling_price')}, ${column('selling_price_discount_percentage')},
        ${column('wholesale_price')}, ${column('wholesale_price_discount_percentage')})
        with ordinality as x(cost_price, selling_price, selling_price_discount_percentage, wholesale_price,
          wholesale_price_discount_percentage, n)
      order by x.n`,
  );
  expect(found).toHaveLength(rows.length);
  return found
    .map((row) => ({ prices: rows[row.n - 1]!, sql: row.sql, contract: isBelowCost(rows[row.n - 1]!) }))
    .filter((row) => row.sql !== row.contract);
}

const kobo = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
const money = fc.oneof(fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 1, max: 9_999_999_999 })).map(kobo);
const percent = fc.oneof(
  fc.constantFrom('0.00', '100.00', '50.00', '0.01', '99.99'),
  fc.integer({ max: 10_000, min: 0 }).map(kobo),
);

describe('the margin guard in SQL and in the contract', () => {
  it('agree at the edges', async () => {
    const edges: Prices[] = [
      // Retail at the cost exactly, above it by a kobo, below it by a kobo (after a discount).
      {
        cost_price: '100.00',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '99.99',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '100.01',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '90.00',
        selling_price: '100.00',
        selling_price_discount_percentage: '10.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '90.01',
        selling_price: '100.00',
        selling_price_discount_percentage: '10.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '0.01',
        selling_price: '100.00',
        selling_price_discount_percentage: '100.00',
        wholesale_price: null,
        wholesale_price_discount_percentage: '0.00',
      },
      // Wholesale: none, 0 (none either), below the cost, at it after its discount.
      {
        cost_price: '50.00',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: '0.00',
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '50.00',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: '49.99',
        wholesale_price_discount_percentage: '0.00',
      },
      {
        cost_price: '45.00',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: '50.00',
        wholesale_price_discount_percentage: '10.00',
      },
      {
        cost_price: '45.01',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: '50.00',
        wholesale_price_discount_percentage: '10.00',
      },
      {
        cost_price: '1.00',
        selling_price: '100.00',
        selling_price_discount_percentage: '0.00',
        wholesale_price: '50.00',
        wholesale_price_discount_percentage: '100.00',
      },
    ];
    expect(await disagreements(edges)).toEqual([]);
    // The edges do hold both answers, so agreement is not both always false.
    const answers = new Set(edges.map(isBelowCost));
    expect(answers).toEqual(new Set([true, false]));
  });

  it('agree on generated prices', async () => {
    const prices: fc.Arbitrary<Prices> = fc.record({
      cost_price: money,
      selling_price: money,
      selling_price_discount_percentage: percent,
      wholesale_price: fc.option(fc.oneof(fc.constant('0.00'), money), { nil: null }),
      wholesale_price_discount_percentage: percent,
    });
    const rows = fc.sample(prices, { numRuns: RUNS, seed: SEED });
    // Prices near each other, so that both answers come up often.
    const near = fc
      .sample(
        fc.record({
          cost: fc.integer({ min: 1, max: 100_000 }),
          retail: fc.integer({ min: -50, max: 50 }),
          wholesale: fc.integer({ min: -50, max: 50 }),
          retailOff: percent,
          wholesaleOff: percent,
        }),
        { numRuns: RUNS, seed: SEED + 1 },
      )
      .map(
        ({ cost, retail, wholesale, retailOff, wholesaleOff }): Prices => ({
          cost_price: kobo(cost),
          selling_price: kobo(Math.max(1, cost + retail)),
          selling_price_discount_percentage: retailOff,
          wholesale_price: kobo(Math.max(0, cost + wholesale)),
          wholesale_price_discount_percentage: wholesaleOff,
        }),
      );
    expect(await disagreements([...rows, ...near])).toEqual([]);
  });
});
