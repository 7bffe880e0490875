import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { product_batches, products, sales, stock_movements } from '../../src/db/schema';
import type { TestApp } from '../app';
import { memberLoggedIn, type Person, signUpCeo } from '../factories';
import { type ApiClient, apiClient } from '../http';

export type BatchSpec = {
  quantity: number;
  expiration_date?: string | null;
  batch_number?: string;
  cost_price?: string;
};
export type ProductSpec = {
  product_name?: string;
  selling_price?: string;
  selling_price_discount_percentage?: string;
  wholesale_price?: string | null;
  wholesale_price_discount_percentage?: string;
  cost_price?: string;
  currency?: string;
  batches?: BatchSpec[];
};
export type TestProduct = { id: number; product_name: string; batchIds: number[] };

/**
 * A product with its batches and their initial stock movements, written straight
 * to the database as the inventory API would leave them (so these tests do not
 * depend on it).
 */
export async function createProduct(t: TestApp, businessId: number, spec: ProductSpec = {}): Promise<TestProduct> {
  const name = spec.product_name ?? `Product ${randomBytes(3).toString('hex')}`;
  return t.db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({
        business_id: businessId,
        product_name: name,
        sku: `SKU-${randomBytes(4).toString('hex')}`,
        cost_price: spec.cost_price ?? '50.00',
        selling_price: spec.selling_price ?? '100.00',
        selling_price_discount_percentage: spec.selling_price_discount_percentage ?? '0',
        wholesale_price: spec.wholesale_price ?? null,
        wholesale_price_discount_percentage: spec.wholesale_price_discount_percentage ?? '0',
        currency: spec.currency ?? 'NGN',
      })
      .returning({ id: products.id });
    if (!product) throw new Error('Product was not created.');
    const batchIds: number[] = [];
    for (const [index, batch] of (spec.batches ?? [{ quantity: 10 }]).entries()) {
      const [row] = await tx
        .insert(product_batches)
        .values({
          business_id: businessId,
          product_id: product.id,
          batch_number: batch.batch_number ?? `B-${index + 1}`,
          quantity: batch.quantity,
          expiration_date: batch.expiration_date ?? null,
          cost_price: batch.cost_price ?? null,
        })
        .returning({ id: product_batches.id });
      if (!row) throw new Error('Batch was not created.');
      batchIds.push(row.id);
      if (batch.quantity > 0) {
        await tx.insert(stock_movements).values({
          business_id: businessId,
          product_id: product.id,
          batch_id: row.id,
          delta: batch.quantity,
          reason: 'initial',
        });
      }
    }
    return { id: product.id, product_name: name, batchIds };
  });
}

/** A date `days` from today in Lagos, as YYYY-MM-DD (negative: in the past). */
export function daysFromToday(days: number): string {
  const lagos = new Date(Date.now() + 60 * 60 * 1000);
  lagos.setUTCDate(lagos.getUTCDate() + days);
  return lagos.toISOString().slice(0, 10);
}

export async function batchQuantities(t: TestApp, productId: number): Promise<number[]> {
  const rows = await t.db
    .select({ quantity: product_batches.quantity })
    .from(product_batches)
    .where(eq(product_batches.product_id, productId))
    .orderBy(product_batches.id);
  return rows.map((row) => row.quantity);
}

/** The ledger invariant: every batch of the business holds the sum of its movements. */
export async function ledgerMismatches(t: TestApp, businessId: number): Promise<unknown[]> {
  const result = await t.db.execute(sql`
    select b.id, b.quantity, coalesce(sum(m.delta), 0)::int as moved
    from ${product_batches} b
    left join ${stock_movements} m on m.business_id = b.business_id and m.batch_id = b.id
    where b.business_id = ${businessId}
    group by b.id, b.quantity
    having b.quantity <> coalesce(sum(m.delta), 0)`);
  return result.rows;
}

export async function saleCount(t: TestApp, businessId: number): Promise<number> {
  const [row] = await t.db
    .select({ value: sql<number>`count(*)::int` })
    .from(sales)
    .where(eq(sales.business_id, businessId));
  return row?.value ?? 0;
}

export async function saleMovements(t: TestApp, businessId: number) {
  return t.db
    .select()
    .from(stock_movements)
    .where(and(eq(stock_movements.business_id, businessId), eq(stock_movements.reason, 'sale')));
}

export type Shop = {
  t: TestApp;
  api: ApiClient;
  ceo: Person & { business: { id: number } };
  businessId: number;
};

/** A CEO with their business, and an API client. */
export async function openShop(t: TestApp): Promise<Shop> {
  const ceo = await signUpCeo(t);
  return { t, api: apiClient(t.app), ceo, businessId: ceo.business.id };
}

export function member(shop: Shop, role: Parameters<typeof memberLoggedIn>[2]): Promise<Person> {
  return memberLoggedIn(shop.t, shop.businessId, role);
}

type ItemSpec = { product_id: number; quantity: number; [key: string]: unknown };

/** Creates a cart through the API and returns its answer (throws unless 201). */
export async function createCart(
  shop: Shop,
  items: ItemSpec[],
  options: { token?: string; customer_name?: string; customer_id?: number; title?: string } = {},
) {
  const { token = shop.ceo.token, ...rest } = options;
  const answer = await shop.api.post('/sales/carts/', {
    token,
    body: { business_id: shop.businessId, items, ...rest },
  });
  if (answer.status !== 201) throw new Error(`Cart was not created: ${JSON.stringify(answer.body)}`);
  return answer.data.cart;
}

/** POST /sales/ for a cart (the answer as is). */
export function confirm(
  shop: Shop,
  cartId: number,
  body: Record<string, unknown> = {},
  options: { token?: string; key?: string } = {},
) {
  return shop.api.post('/sales/', {
    token: options.token ?? shop.ceo.token,
    headers: options.key ? { 'idempotency-key': options.key } : undefined,
    body: { cart_id: cartId, business_id: shop.businessId, payment_status: 'paid', ...body },
  });
}
