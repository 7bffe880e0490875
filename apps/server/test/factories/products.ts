import { randomBytes } from 'node:crypto';
import { type BatchInput, type CreateProductBody, ENDPOINTS, type Product } from '@oja/contract';
import { eq, sql } from 'drizzle-orm';
import { product_batches, stock_movements } from '../../src/db/schema';
import type { TestApp } from '../app';
import { apiClient } from '../http';
import type { Caller } from './people';

/** A batch of a new product; its number defaults to B-1, B-2, ... in the order given. */
export type BatchSpec = Omit<BatchInput, 'batch_number'> & { batch_number?: string };
/** Any field of the Add Product request but the business; batches default to one of 10 units without expiry. */
export type ProductSpec = Omit<Partial<CreateProductBody>, 'business_id' | 'batches'> & { batches?: BatchSpec[] };

/** A valid Add Product request: cost ₦50.00, price ₦100.00, no wholesale price, in Naira. */
export function productBody(businessId: number, spec: ProductSpec = {}): CreateProductBody {
  const { batches = [{ quantity: 10 }], ...fields } = spec;
  return {
    business_id: businessId,
    product_name: `Product ${randomBytes(3).toString('hex')}`,
    cost_price: '50.00',
    selling_price: '100.00',
    currency: 'NGN',
    ...fields,
    batches: batches.map((batch, index) => ({ batch_number: `B-${index + 1}`, expiration_date: null, ...batch })),
  };
}

/**
 * A product with its opening batches, created through the API as a shop does it (so the opening
 * stock enters through the ledger), by a caller allowed to manage products. Throws unless 201.
 */
export async function createProduct(t: TestApp, by: Caller, spec: ProductSpec = {}): Promise<Product> {
  const answer = await apiClient(t.app).call(ENDPOINTS.stock.createProduct, productBody(by.businessId, spec), {
    token: by.token,
  });
  if (answer.status !== 201) throw new Error(`Product was not created: ${JSON.stringify(answer.body)}`);
  return answer.data;
}

/** Each batch's quantity by batch number. */
export function quantities(product: Product): Record<string, number> {
  return Object.fromEntries(product.batches.map((batch) => [batch.batch_number, batch.quantity]));
}

/** A product's batch quantities in the order the batches were made. */
export async function batchQuantities(t: TestApp, productId: number): Promise<number[]> {
  const rows = await t.db
    .select({ quantity: product_batches.quantity })
    .from(product_batches)
    .where(eq(product_batches.product_id, productId))
    .orderBy(product_batches.id);
  return rows.map((row) => row.quantity);
}

/**
 * The ledger invariant: every batch holds the sum of its movements. Answers the batches that do not
 * (of one business, or of every business): must always be none.
 */
export async function ledgerMismatches(t: TestApp, businessId?: number): Promise<unknown[]> {
  const result = await t.db.execute(sql`
    select b.business_id, b.id, b.quantity, coalesce(sum(m.delta), 0)::int as moved
    from ${product_batches} b
    left join ${stock_movements} m on m.business_id = b.business_id and m.batch_id = b.id
    ${businessId === undefined ? sql`` : sql`where b.business_id = ${businessId}`}
    group by b.business_id, b.id, b.quantity
    having b.quantity <> coalesce(sum(m.delta), 0)`);
  return result.rows;
}

/** YYYY-MM-DD of a moment in the shops' time zone (Lagos). */
function lagosDate(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(moment);
}

/** The Lagos calendar day `offset` days from today (negative is the past), as YYYY-MM-DD. */
export function lagosDay(offset: number): string {
  const day = new Date(`${lagosDate(new Date())}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}
