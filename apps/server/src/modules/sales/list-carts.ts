import { type Cart, type listCartsQuerySchema, PAGE_SIZE, type Paginated, pageInfo } from '@oja/contract';
import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { carts } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { type BusinessReader, readThroughGate } from '../../platform/gate';
import { cartRowsWhere, cartsOf } from './cart-items';

/** The business's carts, newest first, optionally one user's, one cart, or those whose title or customer matches. */
export async function listCarts(
  reader: BusinessReader,
  query: z.output<typeof listCartsQuerySchema>,
): Promise<Paginated<Cart>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const filters = [
    query.user_id ? eq(carts.created_by, query.user_id) : undefined,
    query.id ? eq(carts.id, query.id) : undefined,
    pattern ? or(ilike(carts.title, pattern), ilike(carts.customer_name, pattern)) : undefined,
  ];
  return pageOfCarts(reader, filters, query.page);
}

/** One page of the business's carts that `filters` select, newest first, with their lines. */
export async function pageOfCarts(
  reader: BusinessReader,
  filters: (SQL | undefined)[],
  page: number,
): Promise<Paginated<Cart>> {
  const pageSize = PAGE_SIZE.carts;
  const limits = { limit: pageSize, offset: (page - 1) * pageSize };
  const { rows } = await readThroughGate(reader, (gate) =>
    cartRowsWhere(reader.db, reader.businessId, filters, limits, gate),
  );
  const { total, carts: results } = cartsOf(rows);
  return { ...pageInfo(total, page, pageSize), results };
}
