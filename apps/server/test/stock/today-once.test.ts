import { ENDPOINTS, type EndpointInput } from '@oja/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, lagosDay } from '../factories';
import { useShop } from '../shop';
import { explained, type Statement, statementsOf } from '../statements';

/**
 * A statement that tests many batches for being sellable computes the Lagos day once (db/business-day.ts,
 * businessTodayOnce), not once per batch it filters: `now() at time zone $tz` is a stable expression, which
 * PostgreSQL evaluates again for every row a filter tests, and the Out of Stock filter's count tests every batch
 * of the business (bench/README.md has what it cost). So no filter of a scan of
 * product_batches in these statements' plans may compute the day; an index's condition may (evaluated once per scan).
 */
const shop = useShop();

beforeAll(async () => {
  await createProduct(shop.t, shop.ceo, {
    product_name: 'Dated Yoghurt',
    reorder_level: 50,
    batches: [
      { batch_number: 'NONE', quantity: 5 },
      { batch_number: 'SOON', quantity: 3, expiration_date: lagosDay(3) },
      { batch_number: 'OLD', quantity: 4, expiration_date: lagosDay(-2) },
    ],
  });
  await createProduct(shop.t, shop.ceo, {
    product_name: 'Dated Rice',
    batches: [{ batch_number: 'GONE', quantity: 2, expiration_date: lagosDay(-1) }],
  });
});

/** The statements `call` runs that read product_batches. */
async function batchStatementsOf(call: () => Promise<{ status: number }>): Promise<Statement[]> {
  const statements = await statementsOf(shop.t, async () => expect((await call()).status).toBe(200));
  const read = statements.filter(({ text }) => text.includes('product_batches'));
  expect(read.length).toBeGreaterThan(0);
  return read;
}

type PlanNode = { 'Relation Name'?: string; Filter?: string; Plans?: PlanNode[] };

/** The filters of the scans of product_batches in `node`'s plan. */
function batchFilters(node: PlanNode): string[] {
  const own = node['Relation Name'] === 'product_batches' && node.Filter ? [node.Filter] : [];
  return [...own, ...(node.Plans ?? []).flatMap(batchFilters)];
}

/** The filters of the statement's scans of product_batches, as PostgreSQL would plan it with its values. */
async function filtersOf(statement: Statement): Promise<string[]> {
  const [row] = await explained(shop.t, statement, 'format json', ['plan_cache_mode = force_custom_plan']);
  const plan = row?.['QUERY PLAN'] as [{ Plan: PlanNode }] | undefined;
  if (!plan) throw new Error('EXPLAIN answered no plan.');
  return batchFilters(plan[0].Plan);
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
        shop.api.call(
          ENDPOINTS.stock.listProducts,
          { business_id: shop.ceo.businessId, ...query },
          { token: shop.ceo.token },
        ),
      );
      for (const statement of statements) {
        expect(dayPerRow(await filtersOf(statement))).toEqual([]);
      }
    });
  }

  it("the overview's low stock: no filter computes the day on each row", async () => {
    const statements = await batchStatementsOf(() =>
      shop.api.call(ENDPOINTS.businesses.getOverview, { business_id: shop.ceo.businessId }, { token: shop.ceo.token }),
    );
    for (const statement of statements) {
      expect(dayPerRow(await filtersOf(statement))).toEqual([]);
    }
  });
});
