import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createProduct, lagosDay, type Owner, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';
import { explained, type Statement, statementsOf } from '../statements';

/**
 * A statement that tests many batches for being sellable computes the Lagos day once (db/business-day.ts,
 * businessTodayOnce), not once per batch it filters: `now() at time zone $tz` is a stable expression, which
 * PostgreSQL evaluates again for every row a filter tests. On the load data the Out of Stock filter's count
 * filters 220,000 batches, and that alone was a third of its time (179 → 121 ms). So no filter of these
 * statements' plans may compute the day; an index's condition may (evaluated once per scan).
 */
let t: TestApp;
let api: ApiClient;
let shop: Owner;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  shop = await signUpCeo(t);
  await createProduct(t, shop, {
    product_name: 'Dated Yoghurt',
    reorder_level: 50,
    batches: [
      { batch_number: 'NONE', quantity: 5 },
      { batch_number: 'SOON', quantity: 3, expiration_date: lagosDay(3) },
      { batch_number: 'OLD', quantity: 4, expiration_date: lagosDay(-2) },
    ],
  });
  await createProduct(t, shop, {
    product_name: 'Dated Rice',
    batches: [{ batch_number: 'GONE', quantity: 2, expiration_date: lagosDay(-1) }],
  });
});
afterAll(() => t.close());

/** The statements `call` runs that read product_batches. */
async function batchStatementsOf(call: () => Promise<{ status: number }>): Promise<Statement[]> {
  const statements = await statementsOf(t, async () => expect((await call()).status).toBe(200));
  const read = statements.filter(({ text }) => text.includes('product_batches'));
  expect(read.length).toBeGreaterThan(0);
  return read;
}

/** The lines of the statement's plan, as PostgreSQL would run it with its values, that filter rows. */
async function filtersOf(statement: Statement): Promise<string[]> {
  const rows = await explained(t, statement, 'format text', ['plan_cache_mode = force_custom_plan']);
  return rows.map((row) => String(row['QUERY PLAN'])).filter((line) => /\bFilter: /.test(line));
}

/** Those of `filters` that compute the Lagos day on each row they test. */
const dayPerRow = (filters: string[]) => filters.filter((line) => /now\(\) AT TIME ZONE/i.test(line));

type ListQuery = Partial<EndpointInput<typeof ENDPOINTS.stock.listProducts>>;

describe('the Lagos day, computed once per statement where batches are filtered', () => {
  const lists: [string, ListQuery][] = [
    ['in stock', { stock: 'in_stock' }],
    ['out of stock', { stock: 'out_of_stock' }],
    ['low stock', { stock: 'low_stock' }],
    ['expiring soon', { expiring: 'soon' }],
    ['a search, in stock', { search: 'dated', stock: 'in_stock' }],
  ];
  for (const [name, query] of lists) {
    it(`the product list, ${name}: no filter computes the day on each row`, async () => {
      const statements = await batchStatementsOf(() =>
        api.call(ENDPOINTS.stock.listProducts, { business_id: shop.businessId, ...query }, { token: shop.token }),
      );
      for (const statement of statements) {
        const filters = await filtersOf(statement);
        expect(filters.length).toBeGreaterThan(0);
        expect(dayPerRow(filters)).toEqual([]);
      }
    });
  }

  it("the overview's low stock: no filter computes the day on each row", async () => {
    const statements = await batchStatementsOf(() =>
      api.call(ENDPOINTS.businesses.getOverview, { business_id: shop.businessId }, { token: shop.token }),
    );
    for (const statement of statements) {
      expect(dayPerRow(await filtersOf(statement))).toEqual([]);
    }
  });
});
