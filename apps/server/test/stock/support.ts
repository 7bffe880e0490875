import type { CreateProductBody, Product } from '@oja/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import type { ApiClient } from '../http';

let counter = 0;

/** A valid Add Product payload for the business; batches default to one of 10 units without expiry. */
export function productBody(businessId: number, overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  counter += 1;
  return {
    business_id: businessId,
    product_name: `Golden Penny Rice ${counter}`,
    cost_price: '1200.00',
    selling_price: '1500.00',
    selling_price_discount_percentage: '0.00',
    wholesale_price: '1400.00',
    wholesale_price_discount_percentage: '0.00',
    currency: 'NGN',
    batches: [{ batch_number: `B-${counter}-1`, quantity: 10, expiration_date: null }],
    ...overrides,
  };
}

/** Creates a product through the API and answers it, failing loudly otherwise. */
export async function createProduct(
  api: ApiClient,
  token: string,
  businessId: number,
  overrides: Partial<CreateProductBody> = {},
): Promise<Product> {
  const answer = await api.post<Product>('/stock/products/', { token, body: productBody(businessId, overrides) });
  if (answer.status !== 201) throw new Error(`Create failed: ${JSON.stringify(answer.body)}`);
  return answer.data;
}

/** A calendar day relative to today in the shops' time zone, as YYYY-MM-DD. */
export function lagosDay(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** Batches whose quantity differs from the sum of their movements: must always be none. */
export async function ledgerViolations(db: Db): Promise<unknown[]> {
  const { rows } = await db.execute(sql`
    select b.business_id, b.id, b.quantity, coalesce(sum(m.delta), 0)::int as ledger
    from product_batches b
    left join stock_movements m on m.business_id = b.business_id and m.batch_id = b.id
    group by b.business_id, b.id, b.quantity
    having b.quantity <> coalesce(sum(m.delta), 0)`);
  return rows;
}

/** Each batch's quantity by batch number. */
export function quantities(product: Product): Record<string, number> {
  return Object.fromEntries(product.batches.map((batch) => [batch.batch_number, batch.quantity]));
}
