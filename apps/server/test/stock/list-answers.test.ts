import { ENDPOINTS, type EndpointInput, type Product } from '@oja/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product_batches } from '../../src/db/schema';
import { createProduct, lagosDay, memberLoggedIn } from '../factories';
import { useShop } from '../shop';

/**
 * The product list reads each page's products and their batches in one statement (batches as JSON,
 * list-products.ts), and one product by its key in a statement of its own (product-answer.ts's oneProduct):
 * both must answer the same Product, field for field, whatever the batches (none, expired, expiring today, no expiry) and
 * whichever path the list takes (unfiltered, search, stock filters), and past the last page.
 */
const shop = useShop();
const made: Product[] = [];

type ListQuery = Partial<EndpointInput<typeof ENDPOINTS.stock.listProducts>>;

beforeAll(async () => {
  made.push(
    await createProduct(shop.t, shop.ceo, {
      product_name: 'Listed Yoghurt',
      reorder_level: 100,
      batches: [
        { batch_number: 'NONE-2', quantity: 1 },
        { batch_number: 'FAR', quantity: 2, expiration_date: lagosDay(20) },
        { batch_number: 'NONE-1', quantity: 5 },
        { batch_number: 'TODAY', quantity: 3, expiration_date: lagosDay(0) },
        { batch_number: 'OLD', quantity: 4, expiration_date: lagosDay(-2) },
      ],
    }),
    await createProduct(shop.t, shop.ceo, {
      product_name: 'Listed Rice',
      sku: 'LR-50KG',
      cost_price: '1234.50',
      selling_price: '1500.05',
      selling_price_discount_percentage: '2.50',
      wholesale_price: '1400.10',
      wholesale_price_discount_percentage: '1.25',
      currency: 'USD',
    }),
    await createProduct(shop.t, shop.ceo, { product_name: 'Listed Beans' }),
  );
  // A product without any batch (json_agg of no rows is null): its batches removed under it.
  const bare = made[2]!;
  await shop.t.db
    .delete(product_batches)
    .where(and(eq(product_batches.business_id, shop.ceo.business.id), eq(product_batches.product_id, bare.id)));
});

async function list(query: ListQuery, token = shop.ceo.token) {
  const answer = await shop.api.call(
    ENDPOINTS.stock.listProducts,
    { business_id: shop.ceo.business.id, ...query },
    { token },
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

async function one(productId: number, token = shop.ceo.token): Promise<Product> {
  const answer = await shop.api.call(
    ENDPOINTS.stock.getProduct,
    { business_id: shop.ceo.business.id, product_id: productId },
    { token },
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

describe('the product list answers what one product answers', () => {
  it('on every path of the list', async () => {
    const queries: ListQuery[] = [
      {},
      { search: 'listed' },
      { search: 'LR-50' },
      { stock: 'in_stock' },
      { stock: 'out_of_stock' },
      { stock: 'low_stock' },
      { expiring: 'soon' },
    ];
    for (const query of queries) {
      const page = await list(query);
      expect(page.results.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const product of page.results) expect(product).toEqual(await one(product.id));
    }
    const all = await list({});
    expect(all.results.map((product) => product.id)).toEqual(made.map((product) => product.id).reverse());
    const [beans, rice, yoghurt] = all.results;
    expect(beans).toMatchObject({ batches: [], quantity_in_stock: 0, expired_quantity: 0 });
    expect(rice).toMatchObject({
      cost_price: '1234.50',
      selling_price: '1500.05',
      wholesale_price: '1400.10',
      wholesale_price_discount_percentage: '1.25',
      currency: 'USD',
    });
    expect(yoghurt?.batches.map((batch) => [batch.batch_number, batch.is_expired])).toEqual([
      ['OLD', true],
      ['TODAY', false],
      ['FAR', false],
      ['NONE-2', false],
      ['NONE-1', false],
    ]);
    expect(yoghurt).toMatchObject({ quantity_in_stock: 11, expired_quantity: 4, reorder_level: 100 });
  });

  it('for a customer too, without the cost price or the margin guard', async () => {
    const customer = await memberLoggedIn(shop.t, shop.ceo.business.id, 'customer');
    const staff = await list({});
    const seen = await list({}, customer.token);
    expect(seen.results).toEqual(staff.results.map(({ cost_price: _, is_below_cost: _flag, ...product }) => product));
    for (const product of seen.results) {
      expect(product).not.toHaveProperty('cost_price');
      expect(product).not.toHaveProperty('is_below_cost');
    }
  });

  it('answers the true count past the last page, with no products', async () => {
    expect(await list({ page: 9 })).toMatchObject({ count: 3, results: [], next: null });
    expect(await list({ search: 'listed', page: 9 })).toMatchObject({ count: 3, results: [] });
    expect(await list({ stock: 'in_stock', page: 9 })).toMatchObject({ count: 2, results: [] });
  });
});
