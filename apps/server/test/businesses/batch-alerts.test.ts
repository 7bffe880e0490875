import { ENDPOINTS } from '@oja/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { createProduct, lagosDay, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

/**
 * The expiring and expired lists read the first 2 × limit batches by date and id before their products
 * (stock-figures.ts): when archived products leave fewer than the limit among them, the list must still
 * be the first live batches, as reading everything would give.
 */
let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('expiring and expired batches with archived products first', () => {
  it('lists the first live batches by date and id, past any number of archived ones', async () => {
    const ceo = await signUpCeo(t);
    // 14 products, one expired and one expiring batch each; dates shared by pairs so that the id decides too.
    const made: Awaited<ReturnType<typeof createProduct>>[] = [];
    for (let i = 0; i < 14; i++) {
      made.push(
        await createProduct(t, ceo, {
          product_name: `Product ${i}`,
          batches: [
            { quantity: 2, expiration_date: lagosDay(-30 + Math.floor(i / 2)), batch_number: `OLD-${i}` },
            { quantity: 3, expiration_date: lagosDay(1 + Math.floor(i / 2)), batch_number: `SOON-${i}` },
          ],
        }),
      );
    }
    // The 9 oldest are archived: 10 of the first 10 batches are theirs but one.
    const archived = made.slice(0, 9).map((product) => product.id);
    await t.db
      .update(products)
      .set({ archived_at: new Date() })
      .where(and(eq(products.business_id, ceo.businessId), inArray(products.id, archived)));

    const overview = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    expect(overview.status).toBe(200);
    const live = made.slice(9);
    expect(overview.data.attention.expired.map((row) => row.batch_number)).toEqual(
      live.map((product) => `OLD-${made.indexOf(product)}`),
    );
    expect(overview.data.attention.expiring.map((row) => row.batch_number)).toEqual(
      live.map((product) => `SOON-${made.indexOf(product)}`),
    );
    expect(overview.data.attention.expired[0]).toMatchObject({
      product_id: live[0]?.id,
      product_name: 'Product 9',
      quantity: 2,
      expiration_date: lagosDay(-26),
    });

    // With only 3 archived, the first 10 batches hold 5 live ones: the list comes from them alone.
    await t.db
      .update(products)
      .set({ archived_at: null })
      .where(and(eq(products.business_id, ceo.businessId), inArray(products.id, archived.slice(3))));
    const again = await api.call(
      ENDPOINTS.businesses.getOverview,
      { business_id: ceo.businessId },
      { token: ceo.token },
    );
    expect(again.data.attention.expired.map((row) => row.batch_number)).toEqual([
      'OLD-3',
      'OLD-4',
      'OLD-5',
      'OLD-6',
      'OLD-7',
    ]);
  });
});
